/**
 * Extraction time in a real browser, the extension's own setting (`bench:extract` runs in
 * Node on jsdom; this one shows what a user's click costs):
 *
 *   npm run bench:extract:browser -- --corpus DIR [--set NAME] [--limit N] [--page TEXT] [--rounds N] [--profile] [--warm] [--cold] [--settle MS] [--json FILE]
 *
 * Each corpus page is served at its own URL to Debian's Chromium (headless, playwright-core),
 * in a fresh tab, with its scripts blocked by a CSP header and every other request refused
 * (the corpus is offline), so the DOM is the saved page's; timing starts once it has
 * rendered.
 *
 * Ours is timed as the extension runs it, in two halves (docs/architecture.md, "Extraction"):
 * in the tab, the capture (scripts/bench/browser-entry.ts, evaluated anew per page like the
 * extension's injected script, whose code it runs) serialized as JSON like an extension
 * message; then, in one
 * page kept for the whole run that stands in for the extension's extraction document
 * (scripts/bench/document-entry.ts), the message parsed and steps 2–8 run. The two times are
 * added; the hop between them is Chromium's own messaging, not timed here (bench:extension
 * times a whole clip through the real extension). This is every clip but the first of a
 * session, which the tab extracts whole while the document opens (not timed here). Beside it, in the tab: Readability +
 * Turndown on `document.cloneNode(true)` (how Readability's README says to use it on a live
 * page) and, last because it destroys the page, the same in place. The order of ours and
 * plain on a clone alternates per page. The summary marks the targets: median at most 1.5
 * times plain on a clone, p95 at most 100 ms. Figures only: nothing here asserts a time.
 *
 * `--warm` runs ours once more on each page, after the others, and reports that second run
 * beside the first: the tab's bundle is new to each page, so a first run pays for compiling
 * and warming up every function it calls, which a second run on the same page does not.
 *
 * `--settle MS` is how long each page rests after rendering before anything is timed (500 ms;
 * 0 times it at once, as this benchmark did at first).
 *
 * `--cold` leaves out the extraction document's warm-up (lib/extraction/warm-up.ts), as a
 * document did before it had one: the first page timed then pays for compiling the pipeline.
 *
 * `--rounds N` times every page N times, each time in a new tab as a click finds it (all pages,
 * then all again), and reports each page's median: on two noisy cores one run's p95 moved by
 * up to 10 ms between runs of the same code, a page's single time by up to half.
 *
 * `--json FILE` writes each page's times (ours by half, plain on a clone and in place) to FILE, to
 * compare two runs page by page.
 *
 * `--profile` samples ours (both halves) with the V8 CPU profiler and prints where its time
 * goes, by pipeline step (inclusive) and by function (self); the sampler slows every run, so
 * a profiled run's times are only good for comparing steps with each other.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CORPUS_OPTIONS, detectSets, loadSet, SET_NAMES, type SetName } from './bench/corpus.ts';
import { ProfileTally } from './bench/cpu-profile.ts';
import { medianRows, printBrowserReport, type BrowserRow } from './bench/browser-report.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How long a page rests between rendering and the timed runs (`--settle`). */
const SETTLE_MS = 500;

interface Timed {
  ms: number;
  chars: number;
  error: string | null;
}
interface Bench {
  capture(): Timed;
  takeCapture(): string;
  plainWithClone(): Timed;
  plainInPlace(): Timed;
}
interface ExtractionDocument {
  extract(message: string): Timed;
}

function usage(message: string): never {
  console.error(`bench:extract:browser: ${message}`);
  console.error(
    'usage: npm run bench:extract:browser -- --corpus DIR [--set NAME] [--limit N] [--page TEXT] [--rounds N] [--profile] [--warm] [--cold] [--settle MS] [--json FILE]',
  );
  process.exit(2);
}

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

/** The CSP the extension's extraction document declares, read from its page. */
function extractionDocumentPolicy(): string {
  const html = readFileSync(
    new URL('../entrypoints/extraction/index.html', import.meta.url),
    'utf8',
  );
  const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
  if (!policy) throw new Error('entrypoints/extraction/index.html declares no CSP');
  return policy;
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        ...CORPUS_OPTIONS,
        profile: { type: 'boolean' },
        warm: { type: 'boolean' },
        cold: { type: 'boolean' },
        settle: { type: 'string' },
        rounds: { type: 'string' },
        json: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    usage((error as Error).message);
  }
  if (!args.corpus) usage('--corpus DIR is required');
  if (args.set && !SET_NAMES.includes(args.set as SetName))
    usage(`--set must be one of ${SET_NAMES.join(', ')}`);
  const limit = args.limit ? Number(args.limit) : Infinity;
  if (!(limit > 0)) usage('--limit must be a positive number');
  const settleMs = args.settle === undefined ? SETTLE_MS : Number(args.settle);
  if (!(settleMs >= 0)) usage('--settle must be a number of milliseconds');
  const rounds = args.rounds === undefined ? 1 : Number(args.rounds);
  if (!(Number.isInteger(rounds) && rounds >= 1)) usage('--rounds must be a whole number from 1');

  const script = await bundle('./bench/browser-entry.ts');
  const tally = args.profile ? new ProfileTally() : null;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  // Under the extraction document's own policy (every extension page has one): what the
  // policy refuses while parsing costs time there too.
  const policy = extractionDocumentPolicy();
  const extractionDocument = await browser.newPage();
  await extractionDocument.route('**/*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': policy },
      body: '<!doctype html><title>Pageclip extraction</title>',
    }),
  );
  await extractionDocument.goto('https://extraction.invalid/');
  if (args.cold)
    await extractionDocument.evaluate(() => Object.assign(globalThis, { __pageclipCold: true }));
  await extractionDocument.evaluate(await bundle('./bench/document-entry.ts'));
  let current = { url: '', html: '' };
  // A fresh page per corpus page: a saved page's meta refresh would otherwise navigate away
  // in the middle of the next one.
  const open = async () => {
    const page = await browser.newPage();
    await page.route('**/*', (route) =>
      route.request().url() === current.url
        ? route.fulfill({
            status: 200,
            contentType: 'text/html; charset=utf-8',
            headers: { 'content-security-policy': "script-src 'none'" },
            body: current.html,
          })
        : route.abort(),
    );
    return page;
  };

  const timed: BrowserRow[][] = [];
  let failed = 0;
  let plainFailed = 0;
  const oursFailed: string[] = [];
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const rows: BrowserRow[] = [];
    timed.push(rows);
    // The page's place in the run: which of ours and plain goes first alternates from page to
    // page, and from round to round on the same page.
    let place = round;
    for (const source of detectSets(args.corpus)) {
      if (args.set && source.set !== args.set) continue;
      let taken = 0;
      for (const ref of loadSet(source)) {
        if (args.page && !ref.id.includes(args.page)) continue;
        if (taken++ >= limit) break;
        const item = ref.load();
        let url: string;
        try {
          url = new URL(item.url.replace(/#.*$/, '')).href;
        } catch {
          url = 'https://corpus.invalid/';
        }
        current = { url, html: item.html };
        const page = await open();
        try {
          await page.goto(current.url, { waitUntil: 'load', timeout: 30_000 });
          // Clips are made from a page the user sees: let it render once before timing, so
          // our visibility checks do not pay for the page's first style and layout pass.
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          // And at rest, as a click finds it: each corpus page opens a new tab, whose renderer
          // process is still starting while the last one shuts down. On two cores that work took
          // the timed run's CPU: the first extraction of a page, right after it rendered, took up
          // to three times a second one, and as long as the second once we waited a second.
          await new Promise((done) => setTimeout(done, settleMs));
          await page.evaluate(script);
          const oursFirst = place++ % 2 === 0;
          const run = (which: 'plainWithClone' | 'plainInPlace') =>
            page.evaluate(
              (name) =>
                (globalThis as unknown as { __pageclipBench: Bench }).__pageclipBench[
                  name as 'plainInPlace'
                ](),
              which,
            );
          // Both halves of ours, each timed where it runs; the capture travels between them as
          // the JSON an extension message carries.
          const bothHalves = async (): Promise<Timed & { tab: number; captureChars: number }> => {
            const inTab = await page.evaluate(() =>
              (globalThis as unknown as { __pageclipBench: Bench }).__pageclipBench.capture(),
            );
            if (inTab.error) return { ...inTab, tab: inTab.ms, captureChars: 0 };
            const message = await page.evaluate(() =>
              (globalThis as unknown as { __pageclipBench: Bench }).__pageclipBench.takeCapture(),
            );
            const inDocument = await extractionDocument.evaluate(
              (m) =>
                (
                  globalThis as unknown as { __pageclipDocument: ExtractionDocument }
                ).__pageclipDocument.extract(m),
              message,
            );
            return {
              ...inDocument,
              ms: inTab.ms + inDocument.ms,
              tab: inTab.ms,
              captureChars: inTab.chars,
            };
          };
          const timeOurs = async () => {
            if (!tally) return bothHalves();
            const sessions = await Promise.all(
              [page, extractionDocument].map((p) => p.context().newCDPSession(p)),
            );
            for (const session of sessions) {
              await session.send('Profiler.enable');
              await session.send('Profiler.setSamplingInterval', { interval: 100 });
              await session.send('Profiler.start');
            }
            const timed = await bothHalves();
            for (const session of sessions) {
              tally.add((await session.send('Profiler.stop')).profile);
              await session.detach();
            }
            return timed;
          };
          const first = await (oursFirst ? timeOurs() : run('plainWithClone'));
          const second = await (oursFirst ? run('plainWithClone') : timeOurs());
          // Ours never modifies the page, so it can run again after plain's clone; plain in place
          // destroys the page and comes last.
          const warm = args.warm ? await bothHalves() : null;
          const inPlace = await run('plainInPlace');
          const [ours, clone] = (oursFirst ? [first, second] : [second, first]) as [
            Timed & { tab: number; captureChars: number },
            Timed,
          ];
          if (ours.error) oursFailed.push(`${source.set}/${ref.id}: ${ours.error}`);
          // Times are compared on pages where every extractor finished.
          if (ours.error || clone.error || inPlace.error) plainFailed += clone.error ? 1 : 0;
          else
            rows.push({
              set: source.set,
              id: ref.id,
              captureChars: ours.captureChars,
              ours: ours.ms,
              tab: ours.tab,
              clone: clone.ms,
              inPlace: inPlace.ms,
              warm: warm?.ms ?? NaN,
            });
        } catch (error) {
          failed++;
          console.error(
            `bench:extract:browser: ${source.set}/${ref.id}: ${(error as Error).message
              .split('\n')
              .slice(0, args.page ? 12 : 1)
              .join('\n')}`,
          );
        } finally {
          await page.close();
        }
        if (rows.length % 100 === 0 && rows.length)
          console.error(
            `bench:extract:browser: ${rounds > 1 ? `round ${round + 1}, ` : ''}${rows.length} pages, ${((performance.now() - started) / 1000).toFixed(0)} s`,
          );
      }
    }
  }
  const version = browser.version();
  await browser.close();
  printBrowserReport({
    version,
    rounds,
    rows: rounds > 1 ? medianRows(timed) : timed[0]!,
    notLoaded: failed,
    oursFailed,
    plainFailed,
    warm: !!args.warm,
    tally,
    json: args.json,
  });
}

await main();
