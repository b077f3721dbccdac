import { describe, expect, it } from 'vitest';
import { cleanedText, rootDoms } from './support/root-doms';
import { removeClutter } from '../../lib/extract/clutter';

// The site owner's postal address ending the page. Each case is a small article body written
// for these tests; it runs in jsdom (the page DOM) and linkedom (the command line's working
// document).

const PAGE = 'https://www.example.de/vertrieb-auslagern';
const PARA =
  '<p>Outsourcing sales works when the team knows the product as well as the customer does, ' +
  'and when every call is logged where the client can see it the same day.</p>';
const ARTICLE = PARA.repeat(4);

describe.each(Object.entries(rootDoms(PAGE)))('closing address (%s)', (_, parse) => {
  const clean = (html: string) => cleanedText(parse, html, (root) => removeClutter(root, PAGE));

  it("drops the owner's address ending the page, with the heading naming the owner", () => {
    for (const tail of [
      '<h3>EXAMPLE SALES®</h3><p>Hahnenstraße 47, 71634 Ludwigsburg, Baden-Württemberg, Germany</p>',
      '<p>Planungsbüro Muster * Hauptweg 6 * 27580 Bremerhaven<br>Tel.: 0471 80 60 745 * ' +
        '<a href="mailto:info@example.de">info@example.de</a></p><p><img src="/logo.jpg" alt=""></p>',
      '<p>Stadtwerke Beispiel, Am Markt 3a, CH-8001 Zürich</p>',
    ]) {
      const text = clean(ARTICLE + tail);
      expect(text).toContain('the same day.');
      expect(text).not.toMatch(/Ludwigsburg|Bremerhaven|Zürich|EXAMPLE SALES/);
    }
  });

  it('keeps an address in a sentence, one that is not last, and a short page', () => {
    const sentence = clean(
      `${ARTICLE}<p>The new office opens on Monday at Hahnenstraße 47, 71634 Ludwigsburg, next to the station.</p>`,
    );
    expect(sentence).toContain('Ludwigsburg');
    const notLast = clean(`${ARTICLE}<p>Hahnenstraße 47, 71634 Ludwigsburg</p>${PARA}`);
    expect(notLast).toContain('Ludwigsburg');
    const short = clean(`${PARA}<p>Hahnenstraße 47, 71634 Ludwigsburg</p>`);
    expect(short).toContain('Ludwigsburg');
  });
});
