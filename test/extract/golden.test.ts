import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withClipMarkdown } from '../../lib/clip-markdown';
import { type ClipMode } from '../../lib/extract';
import { parseHtml } from '../../scripts/parse-html';
import { EXTRACT_WAYS } from './support/extract-ways';

// Golden tests: every test/fixtures/extract/<case>.html (pages we wrote) must extract to
// exactly <case>.md. The URL and mode come from `<!-- url: … -->` / `<!-- mode: … -->`
// comments. UPDATE_GOLDEN=1 rewrites the .md files; review every change by eye.
// Each case runs in each of the ways extraction runs (./support/extract-ways.ts: the page's
// own DOM, linkedom, and serialized as in the extension); all must agree.

const DIR = join(import.meta.dirname, '../fixtures/extract');
const NOW = new Date('2026-01-02T03:04:05.000Z');
const DEFAULT_URL = 'https://example.com/fixture.html';

export function fixtureOptions(html: string): { url: string; mode: ClipMode } {
  const url = /<[!]--\s*url:\s*(\S+)\s*-->/.exec(html)?.[1] ?? DEFAULT_URL;
  const mode = (/<[!]--\s*mode:\s*(\w+)\s*-->/.exec(html)?.[1] ?? 'article') as ClipMode;
  return { url, mode };
}

const cases = readdirSync(DIR)
  .filter((f) => f.endsWith('.html'))
  .map((f) => f.slice(0, -'.html'.length))
  .sort();

describe('golden extraction fixtures', () => {
  it('has fixtures', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  for (const name of cases) {
    it.each(EXTRACT_WAYS)(`${name} (%s)`, (_, run) => {
      const html = readFileSync(join(DIR, `${name}.html`), 'utf8');
      const { url, mode } = fixtureOptions(html);
      const result = withClipMarkdown(
        run(parseHtml(html, url), url, { mode, now: NOW, tags: ['clipped'] }),
      );
      const expectedPath = join(DIR, `${name}.md`);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(expectedPath, result.markdown);
      // A fixture without its golden fails: writing it here would make the case pass unread.
      expect(existsSync(expectedPath), `${name}.md is missing (UPDATE_GOLDEN=1 writes it)`).toBe(
        true,
      );
      expect(result.markdown).toBe(readFileSync(expectedPath, 'utf8'));
    });
  }
});
