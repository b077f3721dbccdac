/**
 * `npm run bench:extension`: the extension's figures, printed beside their targets.
 *
 * 1. Each entrypoint's JavaScript, gzip, from the production build (`.output/chrome-mv3`),
 *    counting every chunk an HTML page loads (its module script and modulepreloads).
 * 2. The popup's time to interactive with 5,000 folders and 20,000 pages in the service, cold
 *    (no cache in storage) and warm: from navigation start to the popup's
 *    `performance.mark('pageclip:interactive')`. Measured in the e2e build (the same code,
 *    plus host access the automation cannot grant), in Debian's Chromium, headless.
 * 3. Click-to-saved: `clip.submit` sent from an extension page until the outbox says `saved`,
 *    for a new page and for an append, on the local service.
 *
 * Figures only: nothing here asserts a time.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../lib/api';
import { launchExtension, REPO_ROOT, type ExtensionHarness } from '../test/e2e/harness';
import { entrypointSizes, kb, POPUP_BUDGET_BYTES } from '../test/release/bundle-size';

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
      name === 'extractor.js'
        ? 'injected per clip'
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

async function popupInteractive(h: ExtensionHarness): Promise<number> {
  const page = await h.context.newPage();
  try {
    await page.goto(h.extensionUrl('popup.html'));
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
      timeout: 60_000,
    });
    return await page.evaluate(
      () => performance.getEntriesByName('pageclip:interactive')[0]?.startTime ?? NaN,
    );
  } finally {
    await page.close();
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
  for (let i = 0; i < RUNS; i++) {
    await clearCaches(h);
    cold.push(await popupInteractive(h));
    // The cold open started the cache refresh; let it land before the warm open.
    await h.send('folders.get', { refresh: true });
    warm.push(await popupInteractive(h));
  }
  row('cold cache (nothing in storage)', ms(median(cold)));
  const w = median(warm);
  row('warm cache', ms(w), `target < 100 ms ${w < 100 ? 'OK' : 'OVER'}`);
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
    await saveFigures(h, api);
  } finally {
    await h.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
