/** Tabs as markdown: a bookmark page, the list of many tabs, one tab's line. */
import { describe, expect, it } from 'vitest';
import {
  readFrontmatter,
  tabBookmarkMarkdown,
  tabLinkLine,
  tabListMarkdown,
} from '../../lib/clip-markdown';

const DATE = new Date('2026-11-21T10:00:00.000Z');

describe('tab markdown', () => {
  it('a line: a link with its text escaped, or the title and a browser address as code', () => {
    expect(tabLinkLine({ title: 'A [draft] page', url: 'https://a.example/x?y=1' })).toBe(
      '[A \\[draft\\] page](https://a.example/x?y=1)',
    );
    expect(tabLinkLine({ title: 'Version', url: 'chrome://version/`x` y' })).toBe(
      'Version: `chrome://version/%60x%60%20y`',
    );
  });

  it('a bookmark: source and clipped, then the link; no source for an address not linked', () => {
    const page = tabBookmarkMarkdown({ title: 'Paper', url: 'https://a.example/p' }, DATE);
    const read = readFrontmatter(page);
    expect(read.kind === 'frontmatter' && read.data).toEqual({
      source: 'https://a.example/p',
      clipped: '2026-11-21T10:00:00.000Z',
    });
    expect(page.trimEnd().endsWith('[Paper](https://a.example/p)')).toBe(true);
    const browserPage = tabBookmarkMarkdown({ title: 'Flags', url: 'chrome://flags/' }, DATE);
    expect(browserPage).not.toContain('source');
    expect(browserPage).toContain('Flags: `chrome://flags/`');
  });

  it('the list: one item per tab in order, after the clipped date', () => {
    const page = tabListMarkdown(
      [
        { title: 'One', url: 'https://a.example/1' },
        { title: 'Two', url: 'javascript:alert(1)' },
      ],
      DATE,
    );
    expect(page).toBe(
      '---\nclipped: "2026-11-21T10:00:00.000Z"\n---\n\n- [One](https://a.example/1)\n- Two: `javascript:alert(1)`\n',
    );
  });
});
