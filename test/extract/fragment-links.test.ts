import { describe, expect, it } from 'vitest';
import { readArticle } from '../../lib/extract/readability-pass';
import { documentDoms } from './support/root-doms';

const PAGE = 'https://money.example.com/guides/car-finance';
const SECTIONS = [
  ['cash', 'Paying cash'],
  ['loan', 'A car loan'],
  ['lease', 'Leasing'],
];
const INTRO =
  'Paying cash is the cheapest way to buy a car. Depending on your situation or how soon you need it, the purchase may have to be financed some other way, so compare the costs before you choose.';
const section = (i: number) =>
  `<p>Section text number ${i} explains what this option costs over the years, with an example, figures, and a word on the risks.</p>`;
// The lead paragraph above the guide's own table of contents: in-page links, written as the
// preparation step writes them, with the page's address in front.
const html = `<html><head><title>Car finance</title></head><body><main><h1>Car finance</h1>
<div class="row"><div class="column"><h2>Finance</h2><div class="lead-text"><p>${INTRO}</p>
<p><strong>A common question: lease or loan?</strong></p>
<ul>${SECTIONS.map(([id, title]) => `<li><strong><a href="${PAGE}#${id}">${title}: what it costs</a></strong></li>`).join('')}</ul>
</div></div></div>
<div class="row"><div class="column">${SECTIONS.map(([id, title], i) => `<h3 id="${id}">${title}</h3>${section(2 * i)}${section(2 * i + 1)}`).join('')}</div></div>
</main></body></html>`;

describe.each(documentDoms(PAGE))('in-page links around Readability (%s)', (_, parse) => {
  const read = (pageUrl?: string) => {
    const text = (parse(html).body.textContent ?? '').length;
    return (
      readArticle(
        parse(html),
        () => parse(html),
        () => text,
        pageUrl,
      )?.content ?? null
    );
  };

  it('weighs them as Readability weighs #fragment links, so the lead above them stays', () => {
    const content = read(PAGE);
    expect(content?.textContent).toContain(INTRO);
    // Written back with the page's address in what Readability returns.
    const hrefs = Array.from(content?.querySelectorAll('a') ?? [], (a) => a.getAttribute('href'));
    expect(hrefs).toEqual(SECTIONS.map(([id]) => `${PAGE}#${id}`));
    expect(content?.querySelector('[data-pageclip-href]')).toBeNull();
  });

  it('would lose the lead if they counted as links to other pages', () => {
    expect(read()?.textContent).not.toContain(INTRO);
  });
});
