/**
 * Page content shown in our UI is always text: Preact escapes every string it renders, so the
 * only ways to turn page text into HTML would be these sinks. None may appear in the code of
 * our pages or of the extractor (the Firefox linter flags the same sinks in the bundles; the
 * one in Preact's renderer is reached only through `dangerouslySetInnerHTML`, banned here).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../release/release-build';

const SINKS: [string, RegExp][] = [
  ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
  ['innerHTML / outerHTML assignment', /\.(inner|outer)HTML\s*[+]?=(?!=)/],
  ['insertAdjacentHTML', /insertAdjacentHTML/],
  ['createContextualFragment', /createContextualFragment/],
  ['setHTMLUnsafe', /setHTMLUnsafe|parseHTMLUnsafe/],
  ['document.write', /document\.write(ln)?\s*\(/],
  ['eval', /(^|[^\w.])eval\s*\(/],
  ['new Function', /new\s+Function\s*\(/],
  ['string timer', /set(Timeout|Interval)\(\s*['"`]/],
];

/** Where code runs in our pages (popup, options) or in the clipped page (the extractor). */
const ROOTS = ['components', 'entrypoints', 'lib/ui', 'lib/extract', 'lib/background'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|html)$/.test(e.name) ? [path] : [];
  });
}

/** Code without comments, so a comment explaining why a sink is avoided does not count. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('our pages and the extractor', () => {
  const files = ROOTS.flatMap((r) => sourceFiles(join(REPO_ROOT, r)));

  it('are all scanned', () => {
    const names = files.map((f) => relative(REPO_ROOT, f));
    for (const f of ['entrypoints/popup/main.tsx', 'components/Popup.tsx', 'lib/extract/index.ts'])
      expect(names).toContain(f);
  });

  it('never turn a string into HTML or code', () => {
    const found: string[] = [];
    for (const file of files) {
      const text = code(file);
      for (const [name, re] of SINKS)
        if (re.test(text)) found.push(`${relative(REPO_ROOT, file)}: ${name}`);
    }
    expect(found).toEqual([]);
  });

  it('load no inline script in the extension pages', () => {
    for (const page of ['entrypoints/popup/index.html', 'entrypoints/options/index.html']) {
      const html = readFileSync(join(REPO_ROOT, page), 'utf8');
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, page).toMatch(/\ssrc=/);
      expect(html, page).not.toMatch(/\son\w+\s*=/i);
    }
  });
});
