import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { readSite } from '../../lib/extract/sites/index.ts';
import { parseHtml } from '../parse-html.ts';
import { baselineExtract } from './baseline.ts';
import { loadSet, type SetName } from './corpus.ts';
import { wordTokens } from './metrics.ts';
import type { OursExtractor } from './ours.ts';
import { runPage, type Outcome, type PageResult } from './run-page.ts';
import { selectedSources, type ShardPlan } from './shard.ts';

/**
 * The site extractors' pages (lib/extract/sites) beside plain Readability: for every benchmarked
 * page a site extractor handles (it matched and did not fall back), the page's agreement figure
 * for ours and for plain, the words each kept, and the extraction times. The agreement figure
 * is the set's own: token F1 against the reference (defuddle, readability), or the share of
 * `with` snippets found (trafilatura-eval). The corpus holds few such pages, so each is listed.
 *
 * Then our own golden fixtures (test/fixtures/extract/sites, pages written after the sites'
 * real markup), which have no reference: for each, the extractor that handled it, the
 * markdown's length and words for ours and for plain, and the median time of a few runs.
 * `--sites-only` runs just this report: the corpus pages a site extractor handles and the
 * fixtures, without the whole-corpus tables.
 */

// Addresses a site extractor could know: only these pages are read again and checked.
const CANDIDATE =
  /^https?:\/\/(?:[^/]*\.)?(?:ycombinator\.com|reddit\.com|github\.com|wikipedia\.org|youtube\.com|x\.com|twitter\.com|bsky\.app|chatgpt\.com|chat\.openai\.com|claude\.ai|gemini\.google\.com)\/|\/@[^/]+\/\d+|\/t\//;

function agreement(outcome: Outcome): number | null {
  if (outcome.overlap) return outcome.overlap.f1;
  const s = outcome.snippets;
  return s && s.withTotal ? s.withFound / s.withTotal : null;
}

const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] ?? 0) : 0;
};

/**
 * The corpus pages a site extractor handles, each run through ours and plain (in this thread:
 * there are few). Every page of the selected sets is read to learn its address.
 */
export function runSiteCorpusPages(
  plan: Pick<ShardPlan, 'corpus' | 'set'>,
  ours: OursExtractor,
): PageResult[] {
  const results: PageResult[] = [];
  for (const source of selectedSources(plan)) {
    for (const ref of loadSet(source)) {
      const page = ref.load();
      if (!CANDIDATE.test(page.url)) continue;
      if (!readSite(parseHtml(page.html, page.url), page.url).outcome) continue;
      results.push(runPage(page, ours, results.length % 2 === 0));
    }
  }
  return results;
}

/** Which benchmarked pages a site extractor handles, by set and id, with the extractor's name. */
function handledPages(
  plan: Pick<ShardPlan, 'corpus' | 'set'>,
  results: readonly PageResult[],
): Map<string, string> {
  const candidates = new Set(
    results.filter((r) => CANDIDATE.test(r.url)).map((r) => `${r.set}/${r.id}`),
  );
  const handled = new Map<string, string>();
  if (!candidates.size) return handled;
  for (const source of selectedSources(plan)) {
    for (const ref of loadSet(source)) {
      const key = `${ref.set}/${ref.id}`;
      if (!candidates.has(key)) continue;
      const page = ref.load();
      const site = readSite(parseHtml(page.html, page.url), page.url);
      if (site.outcome) handled.set(key, site.name ?? '');
    }
  }
  return handled;
}

export function printSitePages(
  plan: Pick<ShardPlan, 'corpus' | 'set'>,
  results: readonly PageResult[],
  out: (line: string) => void,
): void {
  const handled = handledPages(plan, results);
  const pages = results.filter((r) => handled.has(`${r.set}/${r.id}`));
  out(`\n### site extractors: ${pages.length} pages handled (ours) beside plain\n`);
  if (!pages.length) return;
  const header = [
    'site',
    'page',
    'ours',
    'plain',
    'words ours',
    'words plain',
    'time ours',
    'time plain',
  ];
  const rows = pages.map((r) => [
    handled.get(`${r.set}/${r.id}`) ?? '',
    `${r.set as SetName}/${r.id}`,
    pct(agreement(r.ours)),
    pct(agreement(r.baseline)),
    String(wordTokens(r.ours.markdown).length),
    String(wordTokens(r.baseline.markdown).length),
    ms(r.ours.ms),
    ms(r.baseline.ms),
  ]);
  const mean = (f: (o: Outcome) => number | null, side: 'ours' | 'baseline') => {
    const xs = pages.map((r) => f(r[side])).filter((v) => v !== null);
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
  };
  rows.push([
    'all',
    'mean agreement, median time',
    pct(mean(agreement, 'ours')),
    pct(mean(agreement, 'baseline')),
    '',
    '',
    ms(median(pages.map((r) => r.ours.ms))),
    ms(median(pages.map((r) => r.baseline.ms))),
  ]);
  printRows(header, rows, out);
}

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/extract/sites/', import.meta.url));
/** Runs per side per fixture; the median is reported. */
const FIXTURE_RUNS = 5;

function fixtureComment(html: string, key: string): string | null {
  return new RegExp(`<[!]--\\s*${key}:\\s*(.+?)\\s*-->`).exec(html)?.[1] ?? null;
}

function timedMedian(run: () => string, runs: number): { markdown: string; ms: number } {
  const times: number[] = [];
  let markdown = '';
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    markdown = run();
    times.push(performance.now() - start);
  }
  return { markdown, ms: median(times) };
}

/**
 * Our site fixtures beside plain Readability + Turndown. "extractor" is the site extractor
 * that built the clip, or "fallback (…)" when the one that matched found too little, or
 * "none". Each side works on its own parse of the page.
 */
export function printSiteFixtures(
  ours: OursExtractor,
  out: (line: string) => void,
  runs = FIXTURE_RUNS,
): void {
  const names = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.html'))
    .sort();
  out(`\n### site fixtures: ${names.length} pages (ours) beside plain\n`);
  const header = [
    'fixture',
    'extractor',
    'chars ours',
    'chars plain',
    'words ours',
    'words plain',
    'time ours',
    'time plain',
  ];
  const rows: string[][] = [];
  const times = { ours: [] as number[], plain: [] as number[] };
  for (const name of names) {
    const html = readFileSync(`${FIXTURES}${name}`, 'utf8');
    const url = fixtureComment(html, 'url') ?? 'https://example.com/';
    const site = readSite(parseHtml(html, url), url);
    const extractor = site.outcome
      ? (site.name ?? '')
      : site.matched
        ? `fallback (${site.name ?? ''})`
        : 'none';
    const mine = timedMedian(() => ours(parseHtml(html, url), url).markdown, runs);
    const plain = timedMedian(() => baselineExtract(parseHtml(html, url)).markdown, runs);
    times.ours.push(mine.ms);
    times.plain.push(plain.ms);
    rows.push([
      name.slice(0, -'.html'.length),
      extractor,
      String(mine.markdown.length),
      String(plain.markdown.length),
      String(wordTokens(mine.markdown).length),
      String(wordTokens(plain.markdown).length),
      ms(mine.ms),
      ms(plain.ms),
    ]);
  }
  rows.push([
    'all',
    'median time',
    '',
    '',
    '',
    '',
    ms(median(times.ours)),
    ms(median(times.plain)),
  ]);
  printRows(header, rows, out);
}

function printRows(header: string[], rows: string[][], out: (line: string) => void): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  out(line(header));
  out(`| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`);
  for (const cells of rows) out(line(cells));
}
