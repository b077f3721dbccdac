import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withClipMarkdown } from '../../lib/clip-markdown';

import { siteExtractorFor } from '../../lib/extract/sites';
import { parseHtml } from '../../scripts/parse-html';
import { EXTRACT_WAYS } from './support/extract-ways';

// Golden tests of the site extractors (lib/extract/sites): every
// test/fixtures/extract/sites/<case>.html (pages we wrote after the sites' real markup) must
// extract to exactly <case>.md, and be handled by the extractor its `<!-- site: … -->` comment
// names ("none" for a page that must fall back to the general pipeline). The URL comes from
// `<!-- url: … -->`. UPDATE_GOLDEN=1 writes the .md files (a new case's too); review every
// change by eye. Without it a missing .md fails the case: a golden never writes itself. Each
// case runs in the page's own DOM (jsdom here, the browser in the extension) and in linkedom.

const DIR = join(import.meta.dirname, '../fixtures/extract/sites');
const NOW = new Date('2026-01-02T03:04:05.000Z');

const cases = readdirSync(DIR)
  .filter((f) => f.endsWith('.html'))
  .map((f) => f.slice(0, -'.html'.length))
  .sort();

function comment(html: string, key: string): string {
  const value = new RegExp(`<[!]--\\s*${key}:\\s*(.+?)\\s*-->`).exec(html)?.[1];
  if (!value) throw new Error(`fixture has no ${key} comment`);
  return value;
}

describe('site extractor golden fixtures', () => {
  it('has a fixture for every site extractor', () => {
    const named = cases.map((name) =>
      comment(readFileSync(join(DIR, `${name}.html`), 'utf8'), 'site'),
    );
    for (const site of [
      'Hacker News',
      'Reddit',
      'GitHub issue or pull request',
      'GitHub repository',
      'Discourse',
      'X',
      'Mastodon',
      'Bluesky',
      'YouTube',
      'AI conversation',
      'Wikipedia',
    ]) {
      expect(named).toContain(site);
    }
  });

  for (const name of cases) {
    it.each(EXTRACT_WAYS)(`${name} (%s)`, (_, run) => {
      const html = readFileSync(join(DIR, `${name}.html`), 'utf8');
      const url = comment(html, 'url');
      const site = comment(html, 'site');
      expect(siteExtractorFor(parseHtml(html, url), url)?.name ?? 'none').toBe(site);
      const result = withClipMarkdown(
        run(parseHtml(html, url), url, { now: NOW, tags: ['clipped'] }),
      );
      const expectedPath = join(DIR, `${name}.md`);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(expectedPath, result.markdown);
      expect(existsSync(expectedPath), `${name}.md is missing (UPDATE_GOLDEN=1 writes it)`).toBe(
        true,
      );
      expect(result.markdown).toBe(readFileSync(expectedPath, 'utf8'));
    });
  }
});
