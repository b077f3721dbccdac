/**
 * A hostile page through `extract()` in every mode: the markdown must stay inert wherever it
 * ends up. The body is rendered with markdown-it in its most permissive setting (raw HTML
 * allowed, as many markdown apps do) and the resulting HTML may hold no script, no event
 * handler and no script URL; the frontmatter must be YAML data that says exactly what the
 * page said, with nothing injected into it.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { withClipMarkdown } from '../../lib/clip-markdown';
import { extract, type ClipMode } from '../../lib/extract';
import { parseHtml } from '../../scripts/parse-html';
import { activeContent, hostileHtml } from './hostile-page';

const URL_ = 'https://evil.example/post';
const NOW = new Date('2026-11-21T12:00:00Z');
function clip(mode: ClipMode, html = hostileHtml({ beacon: 'https://beacon.invalid/hit' })) {
  const doc = parseHtml(html, URL_);
  const selection =
    mode === 'selection'
      ? (() => {
          const range = doc.createRange();
          range.selectNodeContents(doc.querySelector('article')!);
          return [range];
        })()
      : undefined;
  return withClipMarkdown(extract(doc, URL_, { mode, now: NOW, selection }));
}

function splitFrontmatter(markdown: string): { yaml: string; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  expect(m, 'markdown starts with one frontmatter block').not.toBeNull();
  return { yaml: m![1]!, body: markdown.slice(m![0].length) };
}

describe('a hostile page through extract()', () => {
  for (const mode of ['article', 'full', 'selection', 'bookmark'] as const) {
    it(`${mode}: the markdown renders to inert HTML`, () => {
      const r = clip(mode);
      expect(activeContent(r.body)).toEqual([]);
      expect(activeContent(r.markdown)).toEqual([]);
      // No script URL survives as a markdown link or image either.
      expect(r.markdown).not.toMatch(/\]\(\s*(javascript|vbscript|data):/i);
      expect(r.body).not.toMatch(/javascript:|vbscript:/i);
    });
  }

  it('keeps the text and the safe link, drops the dangerous links', () => {
    const r = clip('article');
    expect(r.body).toContain('[safe link](https://example.org/safe)');
    expect(r.body).toContain('A javascript link');
    // Markup the page shows as text stays text: escaped, so no renderer turns it into a tag.
    expect(r.body).toMatch(/\\<script>alert\(9\)\\<\/script>/);
    expect(r.body).not.toMatch(/(^|[^\\])<(script|img|svg|iframe)/i);
  });

  it('writes page metadata into the frontmatter as data only', () => {
    const html = hostileHtml({ beacon: 'https://beacon.invalid/hit' }).replace(
      '<meta name="author" content="&lt;img src=x onerror=alert(2)&gt;">',
      // A line break and a YAML document marker trying to end the frontmatter early.
      '<meta name="author" content="Mallory&#10;---&#10;injected: true&#10;title: Owned">',
    );
    for (const mode of ['article', 'bookmark'] as const) {
      const r = clip(mode, html);
      const { yaml, body } = splitFrontmatter(r.markdown);
      const data = parseYaml(yaml) as Record<string, unknown>;
      expect(Object.keys(data)).not.toContain('injected');
      // The page's title, markup and all, comes back from the YAML exactly as text.
      expect(data.title).toBe(r.title);
      expect(r.title).toContain('<svg onload=');
      expect(r.markdown.startsWith('---\n')).toBe(true);
      expect(body).not.toMatch(/^injected:/m);
    }
  });

  it('survives a huge DOM and still yields inert markdown', () => {
    const r = clip(
      'full',
      hostileHtml({ beacon: 'https://beacon.invalid/hit', hugeParagraphs: 2_000 }),
    );
    expect(r.body).toContain('Filler paragraph 1999');
    expect(activeContent(r.body)).toEqual([]);
  });
});
