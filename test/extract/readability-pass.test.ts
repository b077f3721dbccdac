import { describe, expect, it } from 'vitest';
import { readArticle } from '../../lib/extract/readability-pass';
import { parseHtml } from '../../scripts/parse-html';

const URL = 'https://magazine.example/stories/orchard';
const STEPS = [
  'Pruning starts when the leaves are down and the sap has gone quiet, usually in late November.',
  'First, take out the dead wood. It snaps cleanly, shows grey inside and never carries fruit again.',
  'Next, remove branches that cross or rub against each other. Keep the one that grows outward.',
  'Then open the centre of the tree so that light reaches the fruiting spurs through the summer.',
  'Finally, step back and look at the tree from every side before making the last, largest cut.',
  'Burn or chip the prunings, and keep the tools sharp and clean when moving between the trees.',
];
const TEASERS = Array.from(
  { length: 8 },
  (_, i) => `<li><a href="/stories/${i}">Another story from the magazine, number ${i}</a></li>`,
).join('');
// The page's only <article>: the steps, with a list of teaser links in the middle.
const ARTICLE = `<article><h1>The orchard in winter</h1>${STEPS.slice(0, 3)
  .map((s) => `<p>${s}</p>`)
  .join('')}<div class="related"><ul>${TEASERS}</ul></div>${STEPS.slice(3)
  .map((s) => `<p>${s}</p>`)
  .join('')}</article>`;

describe('readArticle: the page own <article> as the fallback', () => {
  it('takes it when Readability found only a fragment, cleaned of link-dense teasers', () => {
    // First pass: a document where Readability can only find the first step.
    const first = parseHtml(`<html><body><div><p>${STEPS[0]}</p></div></body></html>`, URL);
    const fresh = () =>
      parseHtml(`<html><head><title>x</title></head><body>${ARTICLE}</body></html>`, URL);
    const outcome = readArticle(first, fresh, () => 5000);
    const text = (outcome?.content.textContent ?? '').replace(/\s+/g, ' ');
    for (const step of STEPS) expect(text).toContain(step);
    expect(text).not.toContain('Another story from the magazine');
  });
});
