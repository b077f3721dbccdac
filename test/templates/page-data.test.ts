/** What templates read from the page, gathered in the tab: bounded, and never trusted. */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_LIMITS, readPageData } from '../../lib/extract';
import { folderByPath } from '../../lib/ui/clip-template';

function doc(head: string, body: string): Document {
  return new JSDOM(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`).window
    .document;
}

describe('page data', () => {
  it('reads meta tags, JSON-LD with its types, and selector texts', () => {
    const ld = {
      '@graph': [{ '@type': ['Recipe', 'HowTo'], name: 'Soup' }, { '@type': 'Person' }],
    };
    const data = readPageData(
      doc(
        `<meta property="og:type" content=" recipe "><meta name="OG:TYPE" content="second"><meta name="empty" content="">
         <script type="application/ld+json">${JSON.stringify(ld)}</script>`,
        '<p class="x"> one\n two </p><p class="x">three</p><p class="x"> </p>',
      ),
      ['.x', 'p:not(', '.none'],
    );
    expect(data.meta).toEqual({ 'og:type': 'recipe' });
    expect(data.schemaTypes).toEqual(['Recipe', 'HowTo', 'Person']);
    expect(data.jsonLd.map((o) => o.name ?? null)).toContain('Soup');
    expect(data.selectors).toEqual({ '.x': ['one two', 'three'], '.none': [] });
  });

  it('is bounded whatever the page holds', () => {
    const metas = Array.from(
      { length: 300 },
      (_, i) => `<meta name="m${i}" content="${'v'.repeat(3000)}">`,
    );
    const big = { '@type': 'Thing', text: 'x'.repeat(PAGE_DATA_LIMITS.jsonLdChars) };
    const items = Array.from({ length: 80 }, () => `<li>${'w'.repeat(20_000)}</li>`);
    const data = readPageData(
      doc(
        `${metas.join('')}<script type="application/ld+json">${JSON.stringify(big)}</script>`,
        `<ul>${items.join('')}</ul>`,
      ),
      [...Array.from({ length: 40 }, (_, i) => `li:nth-child(${i + 1})`), 'x'.repeat(400)],
    );
    expect(Object.keys(data.meta)).toHaveLength(PAGE_DATA_LIMITS.metaEntries);
    expect(Object.values(data.meta).every((v) => v.length === PAGE_DATA_LIMITS.metaValue)).toBe(
      true,
    );
    expect(data.jsonLd).toEqual([]);
    expect(Object.keys(data.selectors)).toHaveLength(PAGE_DATA_LIMITS.selectors);
    expect(data.selectors['li:nth-child(1)']![0]).toHaveLength(PAGE_DATA_LIMITS.matchText);
  });
});

describe('a destination folder by its path', () => {
  const folders = [
    { id: 'a', name: 'Reading', parentId: null, permission: 'admin' as const },
    { id: 'b', name: 'Blogs', parentId: 'a', permission: 'admin' as const },
    { id: 'c', name: 'Blogs', parentId: null, permission: 'admin' as const },
  ];
  it.each([
    ['Reading/Blogs', 'b'],
    [' reading / blogs ', 'b'],
    ['Blogs', 'c'],
    ['', null],
    ['Reading/Nope', undefined],
  ])('%s', (path, id) => {
    expect(folderByPath(path, folders)).toBe(id);
  });
});
