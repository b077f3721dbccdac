/**
 * Extraction benchmark: ours (`lib/extract`) beside plain Readability + Turndown on the
 * shared development corpus, read at run time from its folder (never copied into the project).
 *
 *   npm run bench:extract -- --corpus DIR [--set NAME] [--limit N]
 *                            [--json FILE] [--worst N] [--page TEXT] [--jobs N] [--page-timeout S] [--stand-in] [--page-dom]
 *   npm run bench:extract -- [--corpus DIR] --sites-only
 *
 * --corpus  the corpus root (all sets) or one set's folder; sets are recognised by structure.
 * --set     only this set (trafilatura-eval, readability, defuddle).
 * --limit   at most N pages per set.
 * --json    write per-page results (figures and both markdowns) to FILE.
 * --worst   list the N worst pages per figure for QA.
 * --page    only pages whose id contains this text (QA of one page, with --json).
 * --jobs    worker threads (default 2, the machine's cores); each page is timed within one thread.
 * --page-timeout  seconds before a page counts as failed and its worker is replaced (120).
 * --stand-in  run the baseline as "ours" (calibration: both columns must agree).
 * --sites-only  only the site extractors' report (below): the corpus pages they handle, if a
 *            corpus is given, and our site fixtures; no whole-corpus tables.
 * --page-dom  ours works in the page's own jsdom document instead of copying it into linkedom
 *             (the command line's configuration, and the default here); closest to the
 *             extension, whose page DOM is the browser's.
 *
 * Baseline, honestly plain: `new Readability(doc).parse()` with default options, then
 * `new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' })` with the
 * `@joplin/turndown-plugin-gfm` plugin on `article.content`; title and byline from Readability
 * (scripts/bench/baseline.ts). Each page is parsed twice with jsdom (Readability mutates the
 * document); only the extraction calls are timed, not parsing, and the order of the two calls
 * alternates per page.
 *
 * Figures (scripts/bench/report.ts):
 * - trafilatura-eval: share of `with` snippets found, of `without` snippets absent (also only
 *   those present in the page's own text), pooled precision/recall/F1 as upstream does. The
 *   markdown is rendered to plain text first (markdown-it: no emphasis, link syntax, heading
 *   hashes, bullets, escapes or table pipes; image alt dropped; whitespace collapsed).
 * - readability: token precision/recall/F1 against `expected.html`'s text, title and byline
 *   match against `expected-metadata.json` (case, dashes, quotes, whitespace normalised; a
 *   second title figure ignores a " - Site" suffix, bylines ignore a leading "By").
 *   These measure agreement with Readability, so the target is "within 2 points", not "better".
 * - defuddle: token F1 against Defuddle's markdown and targeted checks (code languages, TeX math,
 *   paired footnotes, tables), since its markdown is a style reference, not ground truth.
 * - all sets, from the tokens a CommonMark renderer sees (scripts/bench/markdown-analysis.ts):
 *   relative URLs (not http(s)/mailto/tel), empty links, raw HTML outside deliberate `<table>`
 *   blocks (`<sup>`/`<sub>` and `<br>` in GFM table rows are allowed and counted apart), empty
 *   list items (a bare bullet or number, or a task box with nothing after it), lost
 *   code blocks (a non-trivial `<pre>` of Readability's article whose text is not >= 90% in
 *   the fences), fences that still carry line numbers, whitespace defects (trailing spaces,
 *   3+ newlines, indented text that renders as code, leftover entities), bold and italic
 *   markers a renderer shows as text (scripts/bench/emphasis-analysis.ts), clutter (heading
 *   permalinks, photo-credit and "continue reading" lines, tables of contents, breadcrumbs,
 *   PHP error messages: scripts/bench/clutter-analysis.ts), failed pages; median
 *   and p95 extraction time.
 * - the pages a site extractor handles (lib/extract/sites), each beside plain, then our site
 *   fixtures beside plain (scripts/bench/sites.ts).
 *
 * Progress goes to stderr, tables to stdout.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { CORPUS_OPTIONS, SET_NAMES, type SetName } from './bench/corpus.ts';
import { loadOurs } from './bench/ours.ts';
import { passes, printTable, setRows, summaryRows } from './bench/report.ts';
import type { PageResult } from './bench/run-page.ts';
import { plannedPages, type ShardMessage, type ShardPlan } from './bench/shard.ts';
import { printSiteFixtures, printSitePages, runSiteCorpusPages } from './bench/sites.ts';
import { printWorst } from './bench/worst.ts';

function usage(message: string): never {
  console.error(`bench:extract: ${message}`);
  console.error(
    'usage: npm run bench:extract -- --corpus DIR [--set NAME] [--limit N] [--json FILE] [--worst N] [--page TEXT] [--jobs N] [--page-timeout S] [--stand-in] [--page-dom] [--sites-only]',
  );
  process.exit(2);
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) usage(`${name} must be a positive integer, got ${value}`);
  return n;
}

/**
 * Runs one shard in a worker thread. A page that runs longer than `timeoutMs` (an extractor
 * stuck in a loop cannot be interrupted inside its thread) or kills the worker counts as a
 * failed page: the worker is terminated and a new one resumes after that page. Workers are
 * also replaced every few dozen pages to bound memory.
 */
function runWorker(
  plan: ShardPlan,
  receive: (message: ShardMessage) => void,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Workers do not inherit tsx's loader: register it inside the worker, then load the shard.
    const entry = new URL('./bench/worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: plan });
    let current: { ordinal: number; page: string; since: number } | null = null;
    let replaced = false;
    // Stop this worker and go on in a fresh one after `after`.
    const replace = (after: number) => {
      replaced = true;
      clearInterval(watchdog);
      void worker
        .terminate()
        .then(() => runWorker({ ...plan, after }, receive, timeoutMs).then(resolve, reject));
    };
    const failCurrent = (why: string) => {
      if (!current) return false;
      receive({ type: 'failure', ordinal: current.ordinal, message: `${current.page}: ${why}` });
      replace(current.ordinal);
      return true;
    };
    const watchdog = setInterval(() => {
      if (current && performance.now() - current.since >= timeoutMs) {
        failCurrent(`no result after ${timeoutMs / 1000} s (worker stopped)`);
      }
    }, 1000);
    worker.on('message', (message: ShardMessage) => {
      if (message.type === 'start') {
        current = { ordinal: message.ordinal, page: message.page, since: performance.now() };
      } else if (message.type === 'recycle') {
        replace(message.after);
      } else {
        current = null;
        receive(message);
      }
    });
    worker.on('error', (error) => {
      if (replaced) return;
      // A page that exhausts the worker's heap is that page's failure, not the run's.
      if (!failCurrent(`worker died: ${error.message}`)) {
        clearInterval(watchdog);
        reject(error);
      }
    });
    worker.on('exit', (code) => {
      if (replaced) return;
      clearInterval(watchdog);
      if (code === 0) resolve();
      else reject(new Error(`worker ${plan.index} exited with ${code}`));
    });
  });
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        ...CORPUS_OPTIONS,
        json: { type: 'string' },
        worst: { type: 'string' },
        jobs: { type: 'string' },
        'page-timeout': { type: 'string' },
        'stand-in': { type: 'boolean', default: false },
        'page-dom': { type: 'boolean', default: false },
        'sites-only': { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    usage((error as Error).message);
  }
  if (args.set && !SET_NAMES.includes(args.set as SetName)) {
    usage(`--set must be one of ${SET_NAMES.join(', ')}`);
  }
  if (args['sites-only']) return sitesOnly(args.corpus, args.set, args['page-dom']);
  if (!args.corpus) usage('--corpus DIR is required');
  const limit = positiveInt(args.limit, '--limit') ?? Infinity;
  const worst = positiveInt(args.worst, '--worst');

  const jobs = positiveInt(args.jobs, '--jobs') ?? 2;
  const pageTimeout = positiveInt(args['page-timeout'], '--page-timeout') ?? 120;
  const plan = {
    corpus: args.corpus,
    set: args.set as SetName | undefined,
    limit,
    page: args.page,
    standIn: args['stand-in'],
    pageDom: args['page-dom'],
  };
  let total: number;
  try {
    total = plannedPages(plan);
  } catch (error) {
    usage(`cannot read ${args.corpus}: ${(error as Error).message}`);
  }
  if (total === 0) usage(`no corpus pages found in ${args.corpus}`);
  // Fail fast (missing lib/extract) before starting workers.
  const { standIn } = await loadOurs(plan.standIn);
  if (standIn) console.error('bench:extract: --stand-in: "ours" is the baseline');

  const started = performance.now();
  const results: { ordinal: number; result: PageResult }[] = [];
  const loadFailures: { ordinal: number; message: string }[] = [];
  let lastReport = started;
  const receive = (message: ShardMessage) => {
    if (message.type === 'start' || message.type === 'recycle') return;
    if (message.type === 'result') results.push(message);
    else loadFailures.push(message);
    const done = results.length + loadFailures.length;
    const now = performance.now();
    if (now - lastReport > 5000 || done === total) {
      lastReport = now;
      console.error(
        `bench:extract: ${done}/${total} pages, ${((now - started) / 1000).toFixed(0)} s, ` +
          `rss ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MiB`,
      );
    }
  };
  await Promise.all(
    Array.from({ length: jobs }, (_, index) =>
      runWorker({ ...plan, index, count: jobs }, receive, pageTimeout * 1000),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  results.sort((a, b) => a.ordinal - b.ordinal);
  const bySet = new Map<SetName, PageResult[]>();
  for (const { result } of results) {
    const list = bySet.get(result.set) ?? [];
    list.push(result);
    bySet.set(result.set, list);
  }

  const out = (line: string) => process.stdout.write(`${line}\n`);
  const label = standIn
    ? ' (STAND-IN: ours = baseline)'
    : plan.pageDom
      ? ' (ours working in the page DOM)'
      : '';
  for (const [set, pages] of bySet) {
    printTable(`${set}: ${pages.length} pages${label}`, setRows(set, pages), out);
  }
  const summary = summaryRows(bySet);
  const pageCount = [...bySet.values()].reduce((n, pages) => n + pages.length, 0);
  printTable(`summary: ${pageCount} pages${label}`, summary, out);
  const judged = summary.map(passes).filter((p) => p !== null);
  out(
    `\n${judged.filter(Boolean).length}/${judged.length} summary targets pass; ` +
      `run took ${seconds.toFixed(0)} s for ${pageCount} pages with ${jobs} job(s).`,
  );
  if (loadFailures.length) {
    out(`\npages that could not be benchmarked (${loadFailures.length}):`);
    for (const failure of loadFailures.sort((a, b) => a.ordinal - b.ordinal)) {
      out(`- ${failure.message}`);
    }
  }
  printSitePages(plan, [...bySet.values()].flat(), out);
  printSiteFixtures((await loadOurs(plan.standIn, plan.pageDom)).extract, out);
  if (worst) for (const [set, pages] of bySet) printWorst(set, pages, worst, out);
  if (args.json) {
    writeFileSync(args.json, JSON.stringify([...bySet.values()].flat(), null, 1));
    console.error(`bench:extract: per-page results written to ${args.json}`);
  }
}

/** `--sites-only`: the site extractors' report alone, in this thread. */
async function sitesOnly(
  corpus: string | undefined,
  set: string | undefined,
  pageDom: boolean,
): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const { extract } = await loadOurs(false, pageDom);
  if (corpus) {
    const plan = { corpus, set: set as SetName | undefined };
    printSitePages(plan, runSiteCorpusPages(plan, extract), out);
  }
  printSiteFixtures(extract, out);
}

await main();
