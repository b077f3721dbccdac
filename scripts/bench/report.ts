import type { SetName } from './corpus.ts';
import { prf, quantile } from './metrics.ts';
import type { Outcome, PageResult } from './run-page.ts';

/**
 * Turns per-page results into table rows (metric | ours | baseline | target | pass/fail) and
 * prints them. Targets: better than plain Readability + Turndown on every
 * quality figure, and absolute floors on the headline ones (snippets found and absent, the
 * readability and defuddle sets' F1, titles); zero relative URLs, empty links, empty list
 * items, lost code blocks and stray raw HTML; median time at most 1.3 x the baseline.
 *
 * One exception, stated in the table: the readability set's expected output *is* Readability's,
 * so the baseline agrees with it by construction and "better" is impossible there. Its figures
 * must stay within 2 points of the baseline instead (a regression check, README "How to use it").
 */

export type Target =
  | { kind: 'higher' } // ours > baseline (or both perfect)
  | { kind: 'near'; points: number } // ours >= baseline - points (shares, 0..1)
  | { kind: 'zero' }
  | { kind: 'ratio'; max: number } // ours / baseline <= max
  | { kind: 'atLeast'; share: number } // an absolute floor (shares, 0..1)
  | { kind: 'info' };

export interface Row {
  metric: string;
  ours: number;
  baseline: number;
  format: 'share' | 'count' | 'ms' | 'ratio';
  target: Target;
  /** Extra text after a count, e.g. "(12 pages)". */
  oursNote?: string;
  baselineNote?: string;
}

export function passes(row: Row): boolean | null {
  const { ours, baseline, target } = row;
  // No page had the feature (e.g. no math in a --limit run): nothing to judge.
  if (!Number.isFinite(ours) || !Number.isFinite(baseline)) return null;
  switch (target.kind) {
    case 'higher':
      return ours > baseline || (ours === baseline && baseline >= 1);
    case 'near':
      return ours >= baseline - target.points / 100;
    case 'zero':
      return ours === 0;
    case 'ratio':
      return ours <= target.max;
    case 'atLeast':
      return ours >= target.share - 1e-9;
    case 'info':
      return null;
  }
}

function formatValue(value: number, format: Row['format']): string {
  if (!Number.isFinite(value)) return 'n/a';
  switch (format) {
    case 'share':
      return `${(value * 100).toFixed(1)}%`;
    case 'count':
      return String(value);
    case 'ms':
      return `${value.toFixed(1)} ms`;
    case 'ratio':
      return `${value.toFixed(2)}x`;
  }
}

function formatTarget(target: Target): string {
  switch (target.kind) {
    case 'higher':
      return '> baseline';
    case 'near':
      return `>= baseline - ${target.points} pts`;
    case 'zero':
      return '0';
    case 'ratio':
      return `<= ${target.max}x`;
    case 'atLeast':
      return `>= ${(target.share * 100).toFixed(1)}%`;
    case 'info':
      return '';
  }
}

// The quality floors the extraction is held to (docs/development.md, "Extraction benchmark").
const WITH_FOUND_FLOOR = 0.925;
const WITHOUT_STRICT_FLOOR = 0.95;
const READABILITY_F1_FLOOR = 0.994;
const DEFUDDLE_F1_FLOOR = 0.95;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: number[]) => (values.length ? sum(values) / values.length : NaN);

type Side = 'ours' | 'baseline';

function both(
  pages: PageResult[],
  pick: (outcome: Outcome, page: PageResult) => number,
): Record<Side, number[]> {
  return {
    ours: pages.map((page) => pick(page.ours, page)),
    baseline: pages.map((page) => pick(page.baseline, page)),
  };
}

/** A count row whose note says on how many pages it happened. */
function countRow(
  metric: string,
  pages: PageResult[],
  pick: (outcome: Outcome) => number,
  target: Target,
): Row {
  const values = both(pages, pick);
  const note = (side: Side) => `(${values[side].filter((v) => v > 0).length} pages)`;
  return {
    metric,
    ours: sum(values.ours),
    baseline: sum(values.baseline),
    format: 'count',
    target,
    oursNote: note('ours'),
    baselineNote: note('baseline'),
  };
}

function trafilaturaRows(pages: PageResult[]): Row[] {
  const rows: Row[] = [];
  const totals = (side: Side) => {
    const scores = pages.map((page) => page[side].snippets).filter((s) => s !== undefined);
    const t = {
      withTotal: sum(scores.map((s) => s.withTotal)),
      withFound: sum(scores.map((s) => s.withFound)),
      withoutTotal: sum(scores.map((s) => s.withoutTotal)),
      withoutAbsent: sum(scores.map((s) => s.withoutAbsent)),
      withoutInPage: sum(scores.map((s) => s.withoutInPage)),
      withoutInPageAbsent: sum(scores.map((s) => s.withoutInPageAbsent)),
    };
    // Pooled as upstream does: with found = TP, with missing = FN, without found = FP.
    const pooled = prf(t.withFound, t.withoutTotal - t.withoutAbsent, t.withTotal - t.withFound);
    return { ...t, pooled };
  };
  const ours = totals('ours');
  const base = totals('baseline');
  const share = (metric: string, o: number, b: number, floor?: number): Row => ({
    metric,
    ours: o,
    baseline: b,
    format: 'share',
    target: floor === undefined ? { kind: 'higher' } : { kind: 'atLeast', share: floor },
  });
  rows.push(
    share(
      `with snippets found (of ${ours.withTotal})`,
      ours.withFound / ours.withTotal,
      base.withFound / base.withTotal,
      WITH_FOUND_FLOOR,
    ),
    share(
      `without snippets absent (of ${ours.withoutTotal})`,
      ours.withoutAbsent / ours.withoutTotal,
      base.withoutAbsent / base.withoutTotal,
    ),
    share(
      `without absent, strict (of ${ours.withoutInPage} in page)`,
      ours.withoutInPageAbsent / ours.withoutInPage,
      base.withoutInPageAbsent / base.withoutInPage,
      WITHOUT_STRICT_FLOOR,
    ),
    share('pooled precision', ours.pooled.precision, base.pooled.precision),
    share('pooled recall', ours.pooled.recall, base.pooled.recall),
    share('pooled F1', ours.pooled.f1, base.pooled.f1),
  );
  return rows;
}

function readabilityRows(pages: PageResult[]): Row[] {
  const near: Target = { kind: 'near', points: 2 };
  const meanRow = (metric: string, pick: (o: Outcome) => number, target: Target = near): Row => {
    const values = both(pages, pick);
    return {
      metric,
      ours: mean(values.ours),
      baseline: mean(values.baseline),
      format: 'share',
      target,
    };
  };
  return [
    meanRow('text precision vs expected.html (mean)', (o) => o.overlap?.precision ?? 0),
    meanRow('text recall vs expected.html (mean)', (o) => o.overlap?.recall ?? 0),
    meanRow('text F1 vs expected.html (mean)', (o) => o.overlap?.f1 ?? 0, {
      kind: 'atLeast',
      share: READABILITY_F1_FLOOR,
    }),
    // Readability keeps the site name in the title and we remove it on purpose: information.
    meanRow('title match', (o) => (o.titleMatch ? 1 : 0), { kind: 'info' }),
    meanRow('title match, site suffix ignored', (o) => (o.titleMatchIgnoringSite ? 1 : 0), {
      kind: 'atLeast',
      share: 1,
    }),
    // Readability's byline often carries a date or is a link label; we keep the name only.
    meanRow('byline match ("By" ignored)', (o) => (o.bylineMatch ? 1 : 0), { kind: 'info' }),
    namedBylines(pages, near),
  ];
}

/** The name-part byline figure, over the pages where Readability's byline holds a name. */
function namedBylines(pages: PageResult[], target: Target): Row {
  const named = pages.filter((p) => p.baseline.bylineMatchIgnoringDate != null);
  const share = (side: Side) => mean(named.map((p) => (p[side].bylineMatchIgnoringDate ? 1 : 0)));
  return {
    metric: `byline match, name part (of ${named.length} named; dates, labels ignored)`,
    ours: share('ours'),
    baseline: share('baseline'),
    format: 'share',
    target,
  };
}

function defuddleRows(pages: PageResult[]): Row[] {
  const ratio = (
    metric: string,
    pick: (o: Outcome) => { num: number; den: number },
    target: Target = { kind: 'higher' },
  ): Row => {
    const totals = (side: Side) => {
      const parts = pages.map((page) => pick(page[side]));
      return { num: sum(parts.map((p) => p.num)), den: sum(parts.map((p) => p.den)) };
    };
    const o = totals('ours');
    const b = totals('baseline');
    return {
      metric: `${metric} (of ${o.den})`,
      ours: o.num / o.den,
      baseline: b.num / b.den,
      format: 'share',
      target,
    };
  };
  const values = both(pages, (o) => o.overlap?.f1 ?? 0);
  return [
    {
      metric: 'text F1 vs Defuddle markdown (mean)',
      ours: mean(values.ours),
      baseline: mean(values.baseline),
      format: 'share',
      target: { kind: 'atLeast', share: DEFUDDLE_F1_FLOOR },
    },
    ratio('code languages kept', (o) => ({
      num: o.defuddle?.codeLanguages.kept ?? 0,
      den: o.defuddle?.codeLanguages.expected ?? 0,
    })),
    ratio('math spans as TeX', (o) => ({
      num: o.defuddle?.math.kept ?? 0,
      den: o.defuddle?.math.expected ?? 0,
    })),
    ratio('footnote pages paired', (o) => ({
      num: o.defuddle?.footnotes.expected && o.defuddle.footnotes.paired ? 1 : 0,
      den: o.defuddle?.footnotes.expected ? 1 : 0,
    })),
    ratio('table pages kept', (o) => ({
      num: o.defuddle?.tables.expected && o.defuddle.tables.kept ? 1 : 0,
      den: o.defuddle?.tables.expected ? 1 : 0,
    })),
  ];
}

/** Hygiene, failures and timing: the same rows for every set and for the summary. */
export function commonRows(pages: PageResult[]): Row[] {
  const zero: Target = { kind: 'zero' };
  const ws = (o: Outcome) => o.analysis.whitespace;
  const times = both(pages, (o) => o.ms);
  const medianOurs = quantile(times.ours, 0.5);
  const medianBase = quantile(times.baseline, 0.5);
  return [
    countRow(
      'relative URLs (not http/mailto/tel)',
      pages,
      (o) => o.analysis.relativeUrls.length,
      zero,
    ),
    countRow('empty links', pages, (o) => o.analysis.emptyLinks.length, zero),
    countRow('raw HTML outside tables', pages, (o) => o.analysis.rawHtml.length, zero),
    countRow('empty list items', pages, (o) => o.analysis.emptyListItems, zero),
    countRow('lost code blocks', pages, (o) => o.lostCode.length, zero),
    countRow('fences with line numbers', pages, (o) => o.analysis.numberedFences.length, zero),
    countRow('ws: trailing-space lines', pages, (o) => ws(o).trailingSpaceLines.length, zero),
    countRow('ws: 3+ newline runs', pages, (o) => ws(o).blankLineRuns, zero),
    countRow('ws: indented text as code', pages, (o) => ws(o).indentedCode.length, zero),
    countRow('ws: hard break ending a block', pages, (o) => ws(o).danglingBreaks.length, zero),
    countRow('ws: leftover entities', pages, (o) => ws(o).entities.length, zero),
    countRow(
      'emphasis markers shown as text',
      pages,
      (o) => o.analysis.literalEmphasis.length,
      zero,
    ),
    countRow('heading permalinks', pages, (o) => o.analysis.clutter.headingPermalinks.length, zero),
    countRow(
      'photo-credit / "continue reading" lines',
      pages,
      (o) => o.analysis.clutter.creditLines.length,
      zero,
    ),
    countRow('tables of contents', pages, (o) => o.analysis.clutter.tablesOfContents.length, zero),
    countRow('breadcrumbs', pages, (o) => o.analysis.clutter.breadcrumbs.length, zero),
    countRow('PHP error messages', pages, (o) => o.analysis.clutter.phpErrors.length, zero),
    countRow('sup/sub/table <br> (allowed)', pages, (o) => o.analysis.allowedInlineHtml, {
      kind: 'info',
    }),
    countRow('failed pages', pages, (o) => (o.error ? 1 : 0), zero),
    countRow('empty output', pages, (o) => (o.markdown.trim() ? 0 : 1), { kind: 'info' }),
    {
      metric: 'median time per page',
      ours: medianOurs,
      baseline: medianBase,
      format: 'ms',
      target: { kind: 'info' },
    },
    {
      metric: 'p95 time per page',
      ours: quantile(times.ours, 0.95),
      baseline: quantile(times.baseline, 0.95),
      format: 'ms',
      target: { kind: 'info' },
    },
    {
      metric: 'median time ours / baseline',
      ours: medianOurs / medianBase,
      baseline: 1,
      format: 'ratio',
      target: { kind: 'ratio', max: 1.3 },
    },
  ];
}

export function setRows(set: SetName, pages: PageResult[]): Row[] {
  const quality =
    set === 'trafilatura-eval'
      ? trafilaturaRows(pages)
      : set === 'readability'
        ? readabilityRows(pages)
        : defuddleRows(pages);
  return [...quality, ...commonRows(pages)];
}

/** The summary: each set's headline quality figures, then hygiene and timing over all pages. */
export function summaryRows(bySet: Map<SetName, PageResult[]>): Row[] {
  const rows: Row[] = [];
  const headline: Record<SetName, string[]> = {
    'trafilatura-eval': ['with snippets found', 'without absent, strict', 'pooled F1'],
    readability: ['text F1', 'title match, site', 'byline match, name'],
    defuddle: ['text F1', 'code languages', 'math spans', 'footnote pages', 'table pages'],
  };
  for (const [set, pages] of bySet) {
    for (const row of setRows(set, pages)) {
      if (headline[set].some((prefix) => row.metric.startsWith(prefix))) {
        rows.push({ ...row, metric: `${set}: ${row.metric}` });
      }
    }
  }
  return [...rows, ...commonRows([...bySet.values()].flat())];
}

export function printTable(title: string, rows: Row[], out: (line: string) => void): void {
  const header = ['metric', 'ours', 'baseline', 'target', 'pass'];
  const body = rows.map((row) => {
    const pass = passes(row);
    return [
      row.metric,
      [formatValue(row.ours, row.format), row.oursNote].filter(Boolean).join(' '),
      [formatValue(row.baseline, row.format), row.baselineNote].filter(Boolean).join(' '),
      formatTarget(row.target),
      pass === null ? '' : pass ? 'pass' : 'FAIL',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  out(`\n### ${title}\n`);
  out(line(header));
  out(
    `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
  );
  for (const cells of body) out(line(cells));
}
