import { describe, expect, it } from 'vitest';
import { rootDoms } from './support/root-doms';
import { removeTrailingLinkLines } from '../../lib/extract/trailing-links';

// Link-only lines ending an article. Each case is a small article body written for these
// tests; it runs in jsdom (the page DOM) and linkedom (the command line's working document).

const PAGE = 'https://example.com/notes/coffee';
const ARTICLE =
  '<h2>How coffee cools</h2><p>Coffee cools following Newton&#39;s law of cooling: the rate of ' +
  'heat loss is proportional to the difference between the coffee and the room.</p>' +
  '<p>Most models fit two decay terms, a fast one into the mug and a slow one into the air.</p>';

const doms = rootDoms(PAGE);

describe.each(Object.entries(doms))('trailing link lines (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeTrailingLinkLines(root);
    return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
  };

  it('drops related-post lines that end the article, with their label', () => {
    const text = clean(
      `${ARTICLE}<h3>Elsewhere</h3><div><p><a href="/pattern">Maybe there is a pattern?</a> · ` +
        '<a href="/tags/science">science</a></p>' +
        '<p><a href="/data-wall">The real data wall</a> · <a href="/tags/ai">AI</a></p></div>',
    );
    expect(text).not.toContain('Elsewhere');
    expect(text).not.toContain('pattern');
    expect(text).not.toContain('data wall');
    expect(text).toContain('a slow one into the air.');
  });

  it('drops a closing paragraph of "see also" links split by line breaks, not one of sources', () => {
    const seeAlso = clean(
      `${ARTICLE}<p>Siehe auch<br><a href="/tea">Wie Tee abkühlt</a><br>` +
        '<a href="/milk">Milch zuerst?</a><a href="/milk-2">Milch zuerst? II</a><br></p>',
    );
    expect(seeAlso).not.toContain('Siehe auch');
    expect(seeAlso).not.toContain('Tee');
    expect(seeAlso).toContain('a slow one into the air.');
    const sources = clean(
      `${ARTICLE}<p>Sources<br><a href="https://a.example/">Newton 1701</a><br>` +
        '<a href="https://b.example/">Fourier 1822</a></p>',
    );
    expect(sources).toContain('Newton 1701');
    expect(sources).toContain('Fourier 1822');
    const unlabelled = clean(
      `${ARTICLE}<p><a href="https://a.example/">Newton 1701</a><br>` +
        '<a href="https://b.example/">Fourier 1822</a></p>',
    );
    expect(unlabelled).toContain('Newton 1701');
  });

  it('keeps one closing link, a closing list of sources, and lines with text of their own', () => {
    const one = clean(`${ARTICLE}<p><a href="/report.pdf">The full report</a></p>`);
    expect(one).toContain('The full report');
    const list = clean(
      `${ARTICLE}<ul><li><a href="https://a.example/">Newton 1701</a></li>` +
        '<li><a href="https://b.example/">Fourier 1822</a></li></ul>',
    );
    expect(list).toContain('Newton 1701');
    expect(list).toContain('Fourier 1822');
    const prose = clean(
      `${ARTICLE}<p>I measured it myself with <a href="/probe">a cheap probe</a> and a notebook.</p>` +
        '<p><a href="/data.csv">data.csv</a></p>',
    );
    expect(prose).toContain('a cheap probe');
    expect(prose).toContain('data.csv');
  });
});
