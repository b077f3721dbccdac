import { describe, expect, it } from 'vitest';
import { headingsAsCaptions } from '../../lib/extract/figure-captions';
import { rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A figure captioned with a heading, as a regional newspaper's template writes it (markup
// written for these tests).
const URL = 'https://paper.example/culture/rain-premiere';
const PARA =
  '<p>The company opened its season with a piece about a crowd in the rain, danced to a poem ' +
  'read aloud, and the audience stood for the dancers before the lights came up.</p>';
const FIGURE =
  '<figure class="figure"><div class="figure__wrapper"><img src="/img/rain.jpg" alt="The crowd">' +
  '<h2 class="figure__caption">The laughing crowd turns into a mob. Bild: Jane Doe</h2></div></figure>';

describe.each(Object.entries(rootDoms(URL)))('headingsAsCaptions (%s)', (_, parse) => {
  it("makes a figure's heading its caption, keeping a card's headlines", () => {
    const teaser =
      '<figure class="card"><img src="/img/next.jpg" alt=""><h3><a href="/next">Next week: the ballet</a></h3></figure>';
    const header =
      '<figure class="teaser"><img src="/img/lead.jpg" alt=""><figcaption>Foto: Jane Doe</figcaption>' +
      '<h1>Rain opens the season</h1><h2>A crowd, a poem and a standing ovation</h2></figure>';
    const root = parse(`${header}${PARA}${FIGURE}${teaser}<h2>Reviews</h2>`).getElementById(
      'root',
    )!;
    headingsAsCaptions(root);
    expect(root.querySelector('figure.figure figcaption')?.textContent).toContain('laughing crowd');
    expect(root.querySelector('figure.figure h2')).toBeNull();
    expect(root.querySelector('figure.card h3')?.textContent).toBe('Next week: the ballet');
    expect(root.querySelector(':scope > h2')?.textContent).toBe('Reviews');
    expect(root.querySelector('figure.teaser h1')?.textContent).toBe('Rain opens the season');
    expect(root.querySelector('figure.teaser h2')?.textContent).toContain('A crowd, a poem');
    expect(root.querySelectorAll('figure.teaser figcaption')).toHaveLength(1);
  });
});

describe('a figure captioned with a heading', () => {
  it.each(EXTRACT_WAYS)('is clipped as a captioned image without its credit (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>Rain</title></head><body><article><h1>Rain</h1>' +
      `${FIGURE}${PARA.repeat(4)}</article></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('*The laughing crowd turns into a mob.*');
    expect(r.body).not.toMatch(/^#+ .*laughing crowd/m);
    expect(r.body).not.toContain('Jane Doe');
    expect(r.body).toContain('stood for the dancers');
  });
});
