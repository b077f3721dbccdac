import { describe, expect, it } from 'vitest';
import { rootDoms } from './support/root-doms';
import { removeClosingAuthorBio } from '../../lib/extract/author-bio';

// A note about the author ending an article. Each case is a small article body written for
// these tests; it runs in jsdom (the page DOM) and linkedom (the command line's working
// document).

const PAGE = 'https://example.com/2024/harbour';
const PARA =
  '<p>The harbour authority opened the new quay in spring, after three years of dredging ' +
  'and a long argument about where the spoil should go.</p>';
const ARTICLE = PARA.repeat(5);

const doms = rootDoms(PAGE);

describe.each(Object.entries(doms))('closing author bio (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeClosingAuthorBio(root);
    return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
  };

  it('drops a closing note set apart that names the author and their role, in several languages', () => {
    for (const bio of [
      '<div class="box"><p><em>Jane Roe is the founder and principal consultant at Roe &amp; Partners.</em></p></div>',
      '<blockquote>Anna Berg ist Redakteurin im Ressort Technik. Wenn sie nicht schreibt, gärtnert sie.</blockquote>',
      '<aside><p>Alex Doe grew up by the sea. He has been writing about ports since 2010.</p></aside>',
      '<div><p>Marta López es periodista y corresponsal en Bruselas desde 2019.</p></div>',
      // A paragraph among the article's own, set apart by italics alone.
      '<p><em>Candice Roe is the founder of Ignite, a marketing consultancy, and a freelance writer.</em></p>',
    ]) {
      const text = clean(ARTICLE + bio);
      expect(text).toContain('where the spoil should go.');
      expect(text.length).toBe(clean(ARTICLE).length);
    }
  });

  it("drops a note that goes on from a heading of the author's name, inside the article's quote", () => {
    const text = clean(
      `<blockquote>${ARTICLE}<h3>Dr. Thomas Roe</h3><p>ist Gründungspartner der Kanzlei ` +
        'Roe und Partner in Berlin. Zu seinen Tätigkeitsfeldern zählen Bank- und ' +
        'Kapitalmarktrecht.</p></blockquote>',
    );
    expect(text).toContain('where the spoil should go.');
    expect(text).not.toContain('Thomas Roe');
    expect(text).not.toContain('Gründungspartner');
    // A heading that is no name, or a paragraph naming no role, stays.
    for (const kept of [
      '<h3>Die Kanzlei</h3><p>ist Gründungspartner des Vereins.</p>',
      '<h3>Thomas Roe</h3><p>ist seit Jahren im Hafen unterwegs.</p>',
    ])
      expect(clean(ARTICLE + kept)).toContain('ist ');
  });

  it('keeps closing prose that only looks alike, a bio that is not last, and short articles', () => {
    const prose = [
      '<p>Die Polizei hat die Journalistin am Abend wieder freigelassen.</p>',
      '<p>The Harbour Master is confident the reporters will be allowed back next week.</p>',
      '<p>Jane Roe, who chairs the board, said the quay would pay for itself within ten years.</p>',
    ];
    for (const last of prose) expect(clean(ARTICLE + last)).toContain(last.slice(3, 30));
    // A plain closing paragraph among the article's own may be its last word about someone.
    expect(clean(ARTICLE + '<p>Jane Roe is a reporter at the Post.</p>')).toContain('Jane Roe');
    // Italics for a part only is emphasis, not a note set apart.
    expect(
      clean(ARTICLE + '<p>Jane Roe is a reporter at the Post, <em>and she was there</em>.</p>'),
    ).toContain('Jane Roe');
    const notLast = '<p>Jane Roe is a reporter at the Post.</p>';
    expect(clean(ARTICLE + notLast + PARA)).toContain('Jane Roe is a reporter');
    expect(clean(PARA + notLast)).toContain('Jane Roe is a reporter');
  });
});
