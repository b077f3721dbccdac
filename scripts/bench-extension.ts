/**
 * `npm run bench:extension`: the extension's figures, printed beside their targets.
 *
 * 1. Each entrypoint's JavaScript, gzip, from the production build (`.output/chrome-mv3`),
 *    counting every chunk an HTML page loads (its module script and modulepreloads).
 * 2. The popup's time to interactive with 5,000 folders and 20,000 pages in the service, cold
 *    (no cache in storage) and warm: from navigation start to the popup's
 *    `performance.mark('pageclip:interactive')`. Measured in the e2e build (the same code,
 *    plus host access the automation cannot grant), in Debian's Chromium, headless.
 * 3. The popup on an article tab: from navigation start until it is usable for clipping (the
 *    title field and the markdown preview filled with the extraction, not the skeleton's first
 *    paint; the first frame that shows them, seen from inside the popup, bench/popup-host.ts),
 *    beside what the extraction alone costs (`tab.extract` sent from an extension page until
 *    its answer: script injection, extraction in the tab, message back); and the same on the
 *    page just opened in a new tab each time, where the injected script is new.
 * 4. The popup on a page that is one of 5,000 known clips: interactive, and the "Clipped on …"
 *    notice shown (`scripts/bench/known-clips.ts`).
 * 5. Click-to-saved: `clip.submit` sent from an extension page until the outbox says `saved`,
 *    for a new page and for an append, on the local service.
 * 6. A stopped worker woken by a request, with and without a queued clip's kept images
 *    (`scripts/bench/worker-start.ts`).
 *
 * Each popup is a new document in one extension tab kept for the run, as Chromium opens the
 * toolbar popup in the extension's running process (bench/popup-host.ts says why).
 *
 * Figures only: nothing here asserts a time.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../lib/api';
import { launchExtension, REPO_ROOT, type ExtensionHarness } from '../test/e2e/harness';
import { tabIdOf } from '../test/e2e/ui-support';
import { entrypointSizes, kb, POPUP_BUDGET_BYTES } from '../test/release/bundle-size';
import { knownClipFigures } from './bench/known-clips';
import { openPopupHost, type PopupHost } from './bench/popup-host';
import { workerStartFigures } from './bench/worker-start';

const PROD_DIST = join(REPO_ROOT, '.output', 'chrome-mv3');
const FOLDERS = Number(process.env.BENCH_FOLDERS ?? 5_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const ms = (v: number) => `${v.toFixed(0)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const row = (label: string, value: string, target = '') =>
  console.log(`${label.padEnd(44)} ${value.padStart(12)}   ${target}`);

// ---------------------------------------------------------------------------------------

function printEntrypointSizes(): void {
  console.log('\n== Entrypoint sizes (production build, gzip -9) ==');
  execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'wxt'), ['build'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  for (const { name, files, gzipBytes } of entrypointSizes(PROD_DIST)) {
    const target =
      name === 'capture.js'
        ? 'injected per clip'
        : name === 'extractor.js'
          ? 'injected per clip while the extraction document is closed'
          : name === 'popup.html'
            ? `target ≤ ${kb(POPUP_BUDGET_BYTES)} ${gzipBytes <= POPUP_BUDGET_BYTES ? 'OK' : 'OVER'}`
            : '';
    const label = name.endsWith('.html') ? `${name} JS (${files.length} files)` : name;
    row(label, kb(gzipBytes), target);
  }
  const all = readdirSync(PROD_DIST, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(PROD_DIST, f)).isFile());
  row('whole build (raw)', kb(all.reduce((s, f) => s + statSync(join(PROD_DIST, f)).size, 0)));
}

// ---------------------------------------------------------------------------------------

/**
 * 5,000 folders (50 top-level areas of 99 topics each, plus the 50) and 20,000 pages, by vault
 * imports of whole areas (the service takes at most 10,000 files per import; a folder path is
 * created once per import, so no area is split between two imports).
 */
async function seed(api: ApiClient): Promise<void> {
  const areas = 50;
  const perArea = Math.max(1, Math.round(FOLDERS / areas) - 1);
  const pagesPerArea = Math.ceil(PAGES / areas);
  const started = performance.now();
  let folders = 0;
  let pages = 0;
  const areasPerImport = Math.max(1, Math.floor(9_000 / pagesPerArea));
  for (let first = 0; first < areas; first += areasPerImport) {
    const files: { path: string; content: string }[] = [];
    for (let a = first; a < Math.min(areas, first + areasPerImport); a++) {
      for (let j = 0; j < pagesPerArea && a * pagesPerArea + j < PAGES; j++) {
        const i = a * pagesPerArea + j;
        files.push({
          path: `Area ${a}/Topic ${a}-${j % perArea}/Note ${i}.md`,
          content: `# Note ${i}\n\nSeeded.\n`,
        });
      }
    }
    const result = await api.importVault(files);
    folders += result.foldersCreated;
    pages += result.pagesCreated;
  }
  console.log(`seeded ${folders} folders, ${pages} pages in ${ms(performance.now() - started)}`);
}

async function popupInteractive(host: PopupHost): Promise<number> {
  try {
    const { page } = await host.showUntil('popup.html', 'ready');
    return await page.evaluate(
      () => performance.getEntriesByName('pageclip:interactive')[0]?.startTime ?? NaN,
    );
  } finally {
    await host.hide();
  }
}

async function clearCaches(h: ExtensionHarness): Promise<void> {
  await h.background(async (pc) =>
    pc.browser.storage.local.remove(['cache:folders', 'cache:foldersStamp', 'cache:pages']),
  );
}

async function popupFigures(h: ExtensionHarness): Promise<void> {
  console.log(
    `\n== Popup time to interactive (${FOLDERS} folders, ${PAGES} pages; median of ${RUNS}) ==`,
  );
  const cold: number[] = [];
  const warm: number[] = [];
  const host = await openPopupHost(h);
  for (let i = 0; i < RUNS; i++) {
    await clearCaches(h);
    cold.push(await popupInteractive(host));
    // The cold open started the cache refresh; let it land before the warm open.
    await h.send('folders.get', { refresh: true });
    warm.push(await popupInteractive(host));
  }
  await host.close();
  row('cold cache (nothing in storage)', ms(median(cold)));
  const w = median(warm);
  row('warm cache', ms(w), `target < 100 ms ${w < 100 ? 'OK' : 'OVER'}`);
}

/**
 * A news-sized article (about 1,500 words, headings, a list, a figure, a table) inside the
 * usual page furniture, so the extraction does the work a real page asks of it.
 */
function benchArticle(): string {
  const sentence =
    'The committee met on Tuesday to weigh the proposal, which would change how the city ' +
    'funds its libraries over the next ten years, and heard from residents on both sides. ';
  const blocks: string[] = [];
  for (let i = 0; i < 24; i++) {
    if (i % 6 === 5) blocks.push(`<h2>Part ${i}</h2>`);
    blocks.push(`<p>${sentence.repeat(2)}<a href="/source/${i}">Source ${i}</a>.</p>`);
  }
  blocks.push(
    '<ul><li>First point</li><li>Second point</li><li>Third point</li></ul>',
    '<figure><img src="/photo.jpg" alt="The committee"><figcaption>The committee at work.</figcaption></figure>',
    '<table><tr><th>Year</th><th>Budget</th></tr><tr><td>2025</td><td>1.2 M</td></tr></table>',
  );
  const nav = Array.from({ length: 40 }, (_, i) => `<li><a href="/s/${i}">Section ${i}</a></li>`);
  const title = 'Library funding: the committee weighs a ten-year plan';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><header><nav><ul>${nav.join('')}</ul></nav></header>
<main><article><h1>${title}</h1>${blocks.join('\n')}</article></main><footer>© Bench</footer></body></html>`;
}

/** Milliseconds from the popup's navigation start until title and markdown are filled. */
async function popupUsable(host: PopupHost, tabId: number): Promise<number> {
  try {
    return (await host.showUntil(`popup.html?tab=${tabId}`, 'usable')).at;
  } finally {
    await host.hide();
  }
}

async function popupOnArticle(h: ExtensionHarness): Promise<void> {
  console.log(`\n== Popup on an article tab (median of ${RUNS}) ==`);
  const url = h.pages.add('/bench-article', benchArticle());
  const article = await h.context.newPage();
  await article.goto(url);
  const tabId = await tabIdOf(h, url);
  const helper = await h.openExtensionPage('options.html');
  const host = await openPopupHost(h);
  const usable: number[] = [];
  const extraction: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    usable.push(await popupUsable(host, tabId));
    extraction.push(
      await helper.evaluate(async (tab) => {
        const started = performance.now();
        const answer = (await chrome.runtime.sendMessage({
          channel: 'pageclip/request',
          type: 'tab.extract',
          data: { tabId: tab },
        })) as { ok: boolean; data?: { ok: boolean } };
        if (!answer.ok || !answer.data?.ok)
          throw new Error(`extraction failed: ${JSON.stringify(answer)}`);
        return performance.now() - started;
      }, tabId),
    );
  }
  // A page just opened, each time in a new tab: the scripts injected for a clip are new to it,
  // as on a user's first click on a page (the runs above reuse one tab).
  const fresh: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const tab = await h.context.newPage();
    const freshUrl = `${url}?run=${i}`;
    await tab.goto(freshUrl);
    fresh.push(await popupUsable(host, await tabIdOf(h, freshUrl)));
    await tab.close();
  }
  await host.close();
  await helper.close();
  await article.close();
  const u = median(usable);
  row('usable (title and markdown filled)', ms(u), `aim < 250 ms ${u < 250 ? 'OK' : 'OVER'}`);
  row('of which extraction (tab.extract round trip)', ms(median(extraction)));
  row('usable on a page just opened in a new tab', ms(median(fresh)));
}

async function saveFigures(h: ExtensionHarness, api: ApiClient): Promise<void> {
  console.log(`\n== Click to saved (clip.submit → outbox saved; median of ${RUNS}) ==`);
  const target = await api.createPage({
    title: 'Bench appends',
    markdown: '# Appends\n',
    parentId: null,
  });
  const page = await h.openExtensionPage('options.html');
  const measure = (write: unknown) =>
    page.evaluate(async (w) => {
      const started = performance.now();
      const answer = (await chrome.runtime.sendMessage({
        channel: 'pageclip/request',
        type: 'clip.submit',
        data: { write: w, label: 'Bench', waitMs: 10_000 },
      })) as { ok: boolean; data?: { status: string } };
      if (!answer.ok || answer.data?.status !== 'saved')
        throw new Error(`not saved: ${JSON.stringify(answer)}`);
      return performance.now() - started;
    }, write);
  const body = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(60)}\n`;
  const created: number[] = [];
  const appended: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    created.push(
      await measure({
        kind: 'create-page',
        clipId: crypto.randomUUID(),
        title: `Bench clip ${i}`,
        markdown: `---\nsource: https://example.com/${i}\n---\n\n# Bench clip ${i}\n\n${body}`,
        parentId: null,
      }),
    );
    appended.push(
      await measure({
        kind: 'add-to-page',
        clipId: crypto.randomUUID(),
        pageId: target.id,
        operation: 'append',
        content: `> highlight ${i}\n`,
      }),
    );
  }
  await page.close();
  const c = median(created);
  const a = median(appended);
  row('new page', ms(c), `target < 500 ms ${c < 500 ? 'OK' : 'OVER'}`);
  row('append', ms(a), `target < 500 ms ${a < 500 ? 'OK' : 'OVER'}`);
}

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

async function main(): Promise<void> {
  printEntrypointSizes();
  const h = await launchExtension();
  try {
    const api = new ApiClient({
      baseUrl: h.service.baseUrl,
      credential: { kind: 'token', token: await h.service.token() },
      timeoutMs: 300_000,
    });
    await seed(api);
    const state = await h.connect();
    if (!state.user) throw new Error(`could not connect: ${state.problem?.message}`);
    await popupFigures(h);
    await popupOnArticle(h);
    await knownClipFigures(h, RUNS, row);
    await saveFigures(h, api);
    await workerStartFigures(h, RUNS, row);
  } finally {
    await h.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
