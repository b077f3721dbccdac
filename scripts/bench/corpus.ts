import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeHtml } from '../decode-html.ts';

/**
 * Loaders for the extraction development corpus (a folder given with `--corpus`, laid out as
 * its README says). Pages are read from that folder at run time and never copied into the
 * project: they are third-party content for internal testing only.
 */

export type SetName = 'trafilatura-eval' | 'readability' | 'defuddle';

/** The command-line options both extraction benchmarks take to choose corpus pages. */
export const CORPUS_OPTIONS = {
  corpus: { type: 'string' },
  set: { type: 'string' },
  limit: { type: 'string' },
  page: { type: 'string' },
} as const;
export const SET_NAMES: readonly SetName[] = ['trafilatura-eval', 'readability', 'defuddle'];

/** Hand-made snippet labels: `with` must be in the main text, `without` must not. */
export interface TrafilaturaLabels {
  kind: 'trafilatura-eval';
  with: string[];
  without: string[];
}

/** Readability's own output for the case (agreement with Readability, not ground truth). */
export interface ReadabilityLabels {
  kind: 'readability';
  expectedHtml: string;
  title: string | null;
  byline: string | null;
}

/** Defuddle's expected markdown: a style reference for edge cases, not ground truth. */
export interface DefuddleLabels {
  kind: 'defuddle';
  category: string;
  expectedMarkdown: string;
}

export type Labels = TrafilaturaLabels | ReadabilityLabels | DefuddleLabels;

export interface BenchPage {
  set: SetName;
  /** File or case name, unique within its set. */
  id: string;
  url: string;
  html: string;
  labels: Labels;
}

export interface SetSource {
  set: SetName;
  dir: string;
}

/**
 * Finds which sets `dir` holds by their structure: the corpus root (all three), or one set's
 * own folder (`labels.json` + `pages/`; case folders with `expected.html`; `fixtures/` +
 * `expected/`).
 */
export function detectSets(dir: string): SetSource[] {
  const found: SetSource[] = [];
  const probe = (candidate: string) => {
    if (existsSync(join(candidate, 'labels.json')) && existsSync(join(candidate, 'pages'))) {
      found.push({ set: 'trafilatura-eval', dir: candidate });
    } else if (existsSync(join(candidate, 'fixtures')) && existsSync(join(candidate, 'expected'))) {
      found.push({ set: 'defuddle', dir: candidate });
    } else if (isReadabilitySet(candidate)) {
      found.push({ set: 'readability', dir: candidate });
    }
  };
  probe(dir);
  if (found.length === 0) {
    for (const name of readdirSync(dir).sort()) {
      const child = join(dir, name);
      if (statSync(child).isDirectory()) probe(child);
    }
  }
  // Report sets in the README's order whatever the folder names.
  return found.sort((a, b) => SET_NAMES.indexOf(a.set) - SET_NAMES.indexOf(b.set));
}

function isReadabilitySet(dir: string): boolean {
  return readdirSync(dir).some((name) => {
    const caseDir = join(dir, name);
    return (
      statSync(caseDir).isDirectory() &&
      existsSync(join(caseDir, 'source.html')) &&
      existsSync(join(caseDir, 'expected.html'))
    );
  });
}

/** A page not read yet: workers skip the pages that are not theirs without reading them. */
export interface PageRef {
  set: SetName;
  id: string;
  load(): BenchPage;
}

/** Pages of one set, read on demand so a whole-corpus run holds one page at a time. */
export function* loadSet(source: SetSource, limit = Infinity): Generator<PageRef> {
  switch (source.set) {
    case 'trafilatura-eval':
      yield* take(loadTrafilatura(source.dir), limit);
      return;
    case 'readability':
      yield* take(loadReadability(source.dir), limit);
      return;
    case 'defuddle':
      yield* take(loadDefuddle(source.dir), limit);
      return;
  }
}

function* take<T>(items: Iterable<T>, limit: number): Generator<T> {
  if (limit <= 0) return;
  let n = 0;
  for (const item of items) {
    yield item;
    if (++n >= limit) return;
  }
}

interface TrafilaturaEntry {
  file: string;
  url: string | null;
  with?: string[];
  without?: string[];
}

function readTrafilaturaLabels(dir: string): TrafilaturaEntry[] {
  return JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as TrafilaturaEntry[];
}

function* loadTrafilatura(dir: string): Generator<PageRef> {
  for (const entry of readTrafilaturaLabels(dir)) {
    const name = basename(entry.file);
    const id = name.replace(/\.html\.gz$/, '');
    yield {
      set: 'trafilatura-eval',
      id,
      load: () => ({
        set: 'trafilatura-eval',
        id,
        url: entry.url ?? `https://example.invalid/${name.replace(/\.gz$/, '')}`,
        // Pages are stored gzip-compressed in their original charset (README "Files").
        html: decodeHtml(gunzipSync(readFileSync(join(dir, entry.file)))),
        labels: { kind: 'trafilatura-eval', with: entry.with ?? [], without: entry.without ?? [] },
      }),
    };
  }
}

function readabilityCases(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'source.html')))
    .sort();
}

interface ReadabilityMetadata {
  title?: string | null;
  byline?: string | null;
}

function* loadReadability(dir: string): Generator<PageRef> {
  for (const name of readabilityCases(dir)) {
    yield { set: 'readability', id: name, load: () => readReadabilityCase(dir, name) };
  }
}

function readReadabilityCase(dir: string, name: string): BenchPage {
  const caseDir = join(dir, name);
  const metadataFile = join(caseDir, 'expected-metadata.json');
  const metadata: ReadabilityMetadata = existsSync(metadataFile)
    ? (JSON.parse(readFileSync(metadataFile, 'utf8')) as ReadabilityMetadata)
    : {};
  return {
    set: 'readability',
    id: name,
    // Upstream parses every case with this URL (README "How to use it").
    url: 'http://fakehost/test/page.html',
    // Upstream reads cases as UTF-8 whatever they declare (qq declares gb2312 but is UTF-8).
    html: readFileSync(join(caseDir, 'source.html'), 'utf8'),
    labels: {
      kind: 'readability',
      expectedHtml: readFileSync(join(caseDir, 'expected.html'), 'utf8'),
      title: metadata.title ?? null,
      byline: metadata.byline ?? null,
    },
  };
}

function defuddleFixtures(dir: string): string[] {
  return readdirSync(join(dir, 'fixtures'))
    .filter((name) => name.endsWith('.html'))
    .sort();
}

const URL_COMMENT = /<!--\s*(\{[^]*?\})\s*-->/;

/** The page URL: the fixture's `<!-- {"url": …} -->` comment, else `https://` + the name. */
export function defuddleUrl(fileName: string, html: string): string {
  const comment = URL_COMMENT.exec(html);
  if (comment?.[1]) {
    try {
      const parsed = JSON.parse(comment[1]) as { url?: unknown };
      if (typeof parsed.url === 'string') return parsed.url;
    } catch {
      // Not the URL comment; fall back to the name.
    }
  }
  return `https://${fileName.replace(/\.html$/, '').replace(/^[^-]+(?:-[^-]+)*?--/, '')}`;
}

function* loadDefuddle(dir: string): Generator<PageRef> {
  for (const fileName of defuddleFixtures(dir)) {
    const id = fileName.replace(/\.html$/, '');
    yield { set: 'defuddle', id, load: () => readDefuddleFixture(dir, fileName) };
  }
}

function readDefuddleFixture(dir: string, fileName: string): BenchPage {
  // Fixtures are UTF-8 (all that declare a charset say so), read as upstream does.
  const html = readFileSync(join(dir, 'fixtures', fileName), 'utf8');
  const id = fileName.replace(/\.html$/, '');
  const expectedFile = join(dir, 'expected', `${id}.md`);
  const expected = existsSync(expectedFile) ? readFileSync(expectedFile, 'utf8') : '';
  return {
    set: 'defuddle',
    id,
    url: defuddleUrl(fileName, html),
    html,
    labels: {
      kind: 'defuddle',
      category: id.includes('--') ? (id.split('--')[0] ?? '') : '',
      // Drop the leading fenced json metadata block: only the content is comparable.
      expectedMarkdown: expected.replace(/^```json\n[^]*?\n```\n*/, ''),
    },
  };
}
