import { describe, expect, it } from 'vitest';
import { rootDoms } from './support/root-doms';
import { removeTrailingHeadings } from '../../lib/extract/trailing';

// Headings left with nothing under them at the end of an article. Each case is a small article
// body written for these tests; it runs in jsdom (the page DOM) and linkedom (the command
// line's working document).

const PAGE = 'https://example.com/travel/lapland-by-van';
const ARTICLE =
  '<p>We drove north for nine days, stopping wherever a lake was close to the road and the ' +
  'mosquitoes allowed a fire. The van held up; the roof box did not.</p>' +
  '<p>The last stretch to Abisko is the loneliest road I know, and the most beautiful.</p>';

const doms = rootDoms(PAGE);

describe.each(Object.entries(doms))('trailing headings (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeTrailingHeadings(root);
    return root.innerHTML.replace(/\s+/g, ' ').trim();
  };

  it('drops a heading that ends the article with nothing under it', () => {
    const html = clean(`<h1>By van to Lapland</h1>${ARTICLE}<h3>More tours in Sweden</h3>`);
    expect(html).not.toContain('More tours');
    expect(html).toContain('By van to Lapland');
    expect(html).toContain('the most beautiful.');
  });

  it('drops a run of teaser headlines at the end, nested in wrappers, keeping the images', () => {
    const html = clean(
      `${ARTICLE}<div class="list"><h3>Roof boxes: seven tested</h3>` +
        '<div><h3>Night drives: what to know</h3><img src="https://example.com/a.jpg" alt=""></div>' +
        '<h3>Ferry or bridge?</h3> →</div>',
    );
    expect(html).not.toContain('Roof boxes');
    expect(html).not.toContain('Night drives');
    expect(html).not.toContain('Ferry or bridge');
    expect(html).toContain('<img');
    expect(html).toContain('the most beautiful.');
  });

  it('keeps headings followed by text, and a closing heading before a last paragraph', () => {
    const html = clean(
      `<h2>The route</h2>${ARTICLE}<h2>What it cost</h2><p>About 900 euros in fuel.</p>`,
    );
    expect(html).toContain('The route');
    expect(html).toContain('What it cost');
  });

  it('keeps the headings of a page that is nothing else', () => {
    const html = clean('<h1>Lapland</h1><h2>Photos</h2>');
    expect(html).toContain('Lapland');
    expect(html).toContain('Photos');
  });
});
