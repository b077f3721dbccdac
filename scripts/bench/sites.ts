import { readSite } from '../../lib/extract/sites/index.ts';
import { parseHtml } from '../parse-html.ts';
import { loadSet, type SetName } from './corpus.ts';
import { wordTokens } from './metrics.ts';
import type { Outcome, PageResult } from './run-page.ts';
import { selectedSources, type ShardPlan } from './shard.ts';

/**
 * The site extractors' pages (lib/extract/sites) beside plain Readability: for every benchmarked
 * page a site extractor handles (it matched and did not fall back), the page's agreement figure
 * for ours and for plain, the words each kept, and the extraction times. The agreement figure
 * is the set's own: token F1 against the reference (defuddle, readability), or the share of
 * `with` snippets found (trafilatura-eval). The corpus holds few such pages, so each is listed.
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
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  out(line(header));
  out(`| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`);
  for (const cells of rows) out(line(cells));
}
