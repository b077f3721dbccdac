import { writeFileSync } from 'node:fs';
import type { ProfileTally } from './cpu-profile.ts';
import type { SetName } from './corpus.ts';

/**
 * What `bench:extract:browser` (scripts/bench-extract-browser.ts) prints: the times by set,
 * its targets marked, ours by half, the slowest pages; with several rounds, each page's median
 * over them.
 */

const MAX_RATIO = 1.5;
const MAX_P95_MS = 100;

/** One page's times (ms), or with several rounds, each its median over them. */
export interface BrowserRow {
  set: SetName;
  id: string;
  /** Length of the capture's JSON message. */
  captureChars: number;
  ours: number;
  tab: number;
  clone: number;
  inPlace: number;
  warm: number;
}

export interface BrowserRun {
  version: string;
  rounds: number;
  rows: BrowserRow[];
  notLoaded: number;
  oursFailed: string[];
  plainFailed: number;
  warm: boolean;
  tally: ProfileTally | null;
  json?: string;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each page's median over the rounds, for the pages timed in every round. */
export function medianRows(rounds: BrowserRow[][]): BrowserRow[] {
  const byPage = new Map<string, BrowserRow[]>();
  for (const round of rounds)
    for (const row of round) {
      const key = `${row.set}/${row.id}`;
      byPage.set(key, [...(byPage.get(key) ?? []), row]);
    }
  const rows: BrowserRow[] = [];
  for (const timed of byPage.values()) {
    if (timed.length !== rounds.length) continue;
    const of = (pick: (r: BrowserRow) => number) => median(timed.map(pick));
    rows.push({
      set: timed[0]!.set,
      id: timed[0]!.id,
      captureChars: timed[0]!.captureChars,
      ours: of((r) => r.ours),
      tab: of((r) => r.tab),
      clone: of((r) => r.clone),
      inPlace: of((r) => r.inPlace),
      warm: of((r) => r.warm),
    });
  }
  return rows;
}

export function printBrowserReport(run: BrowserRun): void {
  const { rows } = run;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const f = (v: number) => `${v.toFixed(1)} ms`;
  const sets = [...new Set(rows.map((r) => r.set)), 'all' as const];
  const failures =
    `${run.notLoaded} not loaded, ours threw on ${run.oursFailed.length}, plain on ${run.plainFailed}` +
    (run.rounds > 1 ? ' (all rounds together)' : '');
  const each =
    run.rounds > 1
      ? `, each page's median over ${run.rounds} rounds (a page missing from one is left out)`
      : '';
  out(
    `\n### extraction time in Chromium ${run.version}: ${rows.length} pages timed${each}; ${failures}\n`,
  );
  for (const line of run.oursFailed) out(`- ours threw: ${line}`);
  out(
    '| set | pages | ours median (p95) | plain on a clone median (p95) | plain in place median (p95) | ours / plain on a clone | ours / plain in place |',
  );
  out('| --- | --: | --: | --: | --: | --: | --: |');
  for (const set of sets) {
    const rs = set === 'all' ? rows : rows.filter((r) => r.set === set);
    const col = (pick: (r: BrowserRow) => number) => rs.map(pick);
    const [o, c, p] = [col((r) => r.ours), col((r) => r.clone), col((r) => r.inPlace)];
    out(
      `| ${set} | ${rs.length} | ${f(quantile(o, 0.5))} (${f(quantile(o, 0.95))}) | ${f(quantile(c, 0.5))} (${f(quantile(c, 0.95))}) | ${f(quantile(p, 0.5))} (${f(quantile(p, 0.95))}) | ${(quantile(o, 0.5) / quantile(c, 0.5)).toFixed(2)}x | ${(quantile(o, 0.5) / quantile(p, 0.5)).toFixed(2)}x |`,
    );
  }
  // The targets, over all pages timed: what a click costs next to plain Readability on a
  // clone (what a careful extension would otherwise run), and the slow pages' bound.
  const ours = rows.map((r) => r.ours);
  const ratio =
    quantile(ours, 0.5) /
    quantile(
      rows.map((r) => r.clone),
      0.5,
    );
  const p95 = quantile(ours, 0.95);
  const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  out('\n| target | ours | limit | pass |\n| --- | --: | --: | --: |');
  out(
    `| median ours / plain on a clone | ${ratio.toFixed(2)}x | <= ${MAX_RATIO}x | ${mark(ratio <= MAX_RATIO)} |`,
  );
  out(`| p95 ours | ${f(p95)} | <= ${MAX_P95_MS} ms | ${mark(p95 <= MAX_P95_MS)} |`);
  const tab = rows.map((r) => r.tab);
  const inDocument = rows.map((r) => r.ours - r.tab);
  out(
    `\nours by half: in the tab (capture + message) median ${f(quantile(tab, 0.5))} (p95 ${f(quantile(tab, 0.95))}), ` +
      `in the extraction document median ${f(quantile(inDocument, 0.5))} (p95 ${f(quantile(inDocument, 0.95))})`,
  );
  // The pages past the p95 line, to tell what makes a clip slow (a big capture is paid for in
  // both halves and in the message between them).
  const slowest = [...rows].sort((a, b) => b.ours - a.ours).slice(0, Math.ceil(rows.length / 20));
  out('\n| slowest pages | ours: tab + document | plain on a clone | capture |');
  out('| --- | --: | --: | --: |');
  for (const r of slowest)
    out(
      `| ${r.set}/${r.id} | ${f(r.ours)}: ${f(r.tab)} + ${f(r.ours - r.tab)} | ${f(r.clone)} | ${(r.captureChars / 1000).toFixed(0)} kB |`,
    );
  if (run.warm) {
    const warm = rows.map((r) => r.warm);
    out(
      `\nours run a second time on the same page: median ${f(quantile(warm, 0.5))} (p95 ${f(quantile(warm, 0.95))}), ` +
        `${(quantile(warm, 0.5) / quantile(ours, 0.5)).toFixed(2)} of the first run's median`,
    );
  }
  if (run.tally) out(`\n${run.tally.report()}`);
  if (run.json) {
    writeFileSync(run.json, JSON.stringify(rows, null, 1));
    console.error(`bench:extract:browser: per-page times written to ${run.json}`);
  }
}
