import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { baselineExtract } from './baseline.ts';
import { linkedomDocument } from '../working-document.ts';

/**
 * Adapter from the extraction pipeline (`lib/extract`) to what the
 * benchmark measures. Only `body` (the markdown without frontmatter) is scored: the
 * frontmatter is ours alone and has nothing to compare against.
 */

export interface OursResult {
  title: string;
  byline: string | null;
  markdown: string;
}

export type OursExtractor = (doc: Document, url: string) => OursResult;

/** The part of `lib/extract`'s contract the benchmark relies on. */
interface ExtractModule {
  extract(
    doc: Document,
    url: string,
    options?: { mode?: 'article'; now?: Date; workingDocument?: () => Document },
  ): { title: string; byline: string | null; body: string };
}

const EXTRACT_MODULE = new URL('../../lib/extract/index.ts', import.meta.url);

// A fixed clipped time keeps the output independent of the clock.
const NOW = new Date('2026-01-01T00:00:00Z');

/**
 * Loads `lib/extract`. With `standIn` the baseline plays "ours" instead: before the pipeline
 * existed, and now to calibrate the harness (both columns must then agree, time ratio ~1.0x).
 * Ours runs as the command line does, working in linkedom (scripts/working-document.ts);
 * `pageDom` makes it work in the page's own jsdom instead, the configuration closest to the
 * extension's (where the page's DOM is the browser's).
 */
export async function loadOurs(
  standIn: boolean,
  pageDom = false,
): Promise<{ extract: OursExtractor; standIn: boolean }> {
  if (standIn) {
    return {
      standIn: true,
      extract: (doc) => {
        const { title, byline, markdown } = baselineExtract(doc);
        return { title, byline, markdown };
      },
    };
  }
  if (!existsSync(fileURLToPath(EXTRACT_MODULE))) {
    throw new Error(
      `lib/extract is missing (${fileURLToPath(EXTRACT_MODULE)}); pass --stand-in to run the baseline in its place`,
    );
  }
  // A computed specifier: the module is another engineer's work in progress, and the adapter
  // checks its shape at run time instead of failing the type check while it is being written.
  const mod = (await import(EXTRACT_MODULE.href)) as Partial<ExtractModule>;
  const extract = mod.extract;
  if (typeof extract !== 'function') throw new Error('lib/extract does not export extract()');
  return {
    standIn: false,
    extract: (doc, url) => {
      const result = extract(doc, url, {
        mode: 'article',
        now: NOW,
        ...(pageDom ? {} : { workingDocument: linkedomDocument }),
      });
      return { title: result.title, byline: result.byline, markdown: result.body };
    },
  };
}
