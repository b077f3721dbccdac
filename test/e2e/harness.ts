/**
 * End-to-end harness: the built extension (e2e variant) in Debian's Chromium, driven with
 * playwright-core, against the real local service and a local server of test pages.
 *
 * Shared with the UI tests (`test/e2e/ui-*.test.ts`) and the outbox chaos test:
 *   const h = await launchExtension();            // builds once if stale, starts service + browser
 *   await h.connect();                             // stores a token through the background's real router
 *   const page = await h.openExtensionPage('options.html');
 *   await h.send('clip.submit', {...});            // a message from an extension page, like the popup
 *   await h.background((pc, arg) => pc.menuClick(...), arg);   // inside the service worker
 *   await h.stopServiceWorker(); await h.restartBrowser();
 *   await h.close();
 *
 * Facts this relies on are in docs/development.md ("End-to-end tests in Chromium").
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import type { E2eHooks } from '../../lib/background/e2e-hooks';
import { MESSAGE_CHANNEL } from '../../lib/messaging/channel';
import {
  type MessageType,
  type RequestOf,
  RequestSchemas,
  type ResponseOf,
} from '../../lib/messaging/requests';
import { newestMtime, REPO_ROOT, withBuildLock } from '../helpers/build-lock';
import { startService, type RunningService } from '../helpers/service';
import { CONDITION_TIMEOUT_MS } from './waits';

export { REPO_ROOT };

const run = promisify(execFile);

export const E2E_DIST = join(REPO_ROOT, '.output', 'chrome-mv3-e2e');
/** For `beforeAll(launch, LAUNCH_TIMEOUT_MS)`: the first launch may wait for a build (under the lock). */
export const LAUNCH_TIMEOUT_MS = 240_000;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUILD_INPUTS = [
  'entrypoints',
  'lib',
  'components',
  'public',
  'wxt.config.ts',
  'package.json',
];
// ---------------------------------------------------------------------------------------
// Build once (several test files in parallel share one build, guarded by a lock directory)
// ---------------------------------------------------------------------------------------

export function e2eBuildIsFresh(): boolean {
  const manifest = join(E2E_DIST, 'manifest.json');
  if (!existsSync(manifest)) return false;
  const built = statSync(manifest).mtimeMs;
  return BUILD_INPUTS.every((p) => newestMtime(join(REPO_ROOT, p)) <= built);
}

/**
 * A private copy of the e2e build for one browser: other test processes (and people) rebuild
 * `.output/chrome-mv3-e2e` while a browser runs, which would pull files from under it.
 */
export async function copyE2eBuild(): Promise<string> {
  await ensureE2eBuild();
  const copy = mkdtempSync(join(tmpdir(), 'pageclip-e2e-dist-'));
  await withBuildLock(async () => cpSync(E2E_DIST, copy, { recursive: true }));
  return copy;
}

/** `wxt build --mode e2e` unless the output is newer than every source. */
export async function ensureE2eBuild(): Promise<string> {
  if (process.env.PAGECLIP_E2E_SKIP_BUILD === '1' && existsSync(join(E2E_DIST, 'manifest.json')))
    return E2E_DIST;
  if (e2eBuildIsFresh()) return E2E_DIST;
  await withBuildLock(async () => {
    if (e2eBuildIsFresh()) return;
    await run(join(REPO_ROOT, 'node_modules', '.bin', 'wxt'), ['build', '--mode', 'e2e'], {
      cwd: REPO_ROOT,
      maxBuffer: 32 * 1024 * 1024,
      timeout: 170_000,
    });
  });
  return E2E_DIST;
}

// ---------------------------------------------------------------------------------------
// Test pages
// ---------------------------------------------------------------------------------------

export interface PageServer {
  origin: string;
  /** Serve `html` at `path`; returns the full URL. */
  add(path: string, html: string): string;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const routes = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const html = routes.get((req.url ?? '/').split('?')[0] ?? '/');
    res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? '<!doctype html><title>Not found</title>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    add(path, html) {
      routes.set(path, html);
      return origin + path;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A plain article page with enough text for Readability. */
export function articleHtml(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><header><nav><a href="/">Home</a></nav></header>
<main><article><h1>${title}</h1>${body}</article></main><footer>© Test</footer></body></html>`;
}

// ---------------------------------------------------------------------------------------
// The browser
// ---------------------------------------------------------------------------------------

export interface ExtensionHarness {
  context: BrowserContext;
  extensionId: string;
  profileDir: string;
  service: RunningService;
  pages: PageServer;
  /** The current service worker (changes after `stopServiceWorker` or `restartBrowser`). */
  worker(): Promise<Worker>;
  extensionUrl(path: string): string;
  openExtensionPage(path: string): Promise<Page>;
  /** Send a request through the background's real router, from one of our extension pages. */
  send<T extends MessageType>(type: T, data: RequestOf<T>): Promise<ResponseOf<T>>;
  /** Run `fn(globalThis.pageclip, arg)` inside the service worker (the e2e build's hooks). */
  background<R, A = undefined>(
    fn: (hooks: E2eHooks, arg: A) => R | Promise<R>,
    arg?: A,
  ): Promise<R>;
  /** Connect with a fresh token of the given scopes (through `connection.connectToken`). */
  connect(opts?: { scopes?: string[] }): Promise<ResponseOf<'connection.connectToken'>>;
  stopServiceWorker(): Promise<void>;
  restartBrowser(): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Use a service you started (kept running on close); default: start one and stop it on close. */
  service?: RunningService;
  /** Extra Chromium flags. */
  args?: string[];
}

async function launchContext(
  profileDir: string,
  dist: string,
  extra: string[],
): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${dist}`,
      `--load-extension=${dist}`,
      ...extra,
    ],
  });
  // Playwright's own 30 s for each action and wait is less than a loaded CI machine needs; the
  // longer limit is still under the tests' own, so a step that cannot happen names its locator.
  context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
  return context;
}

async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  const isOurs = (w: Worker) => w.url().endsWith('/background.js');
  const existing = context.serviceWorkers().find(isOurs);
  if (existing) return existing;
  return context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 60_000 });
}

export async function launchExtension(opts: LaunchOptions = {}): Promise<ExtensionHarness> {
  const dist = await copyE2eBuild();
  const ownService = !opts.service;
  const service = opts.service ?? (await startService());
  const pages = await startPageServer();
  const profileDir = mkdtempSync(join(tmpdir(), 'pageclip-e2e-profile-'));
  const extra = opts.args ?? [];
  let context = await launchContext(profileDir, dist, extra);
  let worker = await serviceWorkerOf(context);
  const extensionId = new URL(worker.url()).host;
  let messagePage: Page | null = null;

  const h: ExtensionHarness = {
    get context() {
      return context;
    },
    extensionId,
    profileDir,
    service,
    pages,
    async worker() {
      worker = await serviceWorkerOf(context);
      return worker;
    },
    extensionUrl: (path) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`,
    async openExtensionPage(path) {
      const page = await context.newPage();
      const url = h.extensionUrl(path);
      // On a fresh profile (and after a restart) the background opens the options page
      // itself, and Chromium may do that in this very blank tab: when that navigation goes
      // where we were going, we are already there.
      await page.goto(url).catch(async (error: unknown) => {
        if (!/interrupted by another navigation/.test(String(error))) throw error;
        await page.waitForURL(url);
      });
      return page;
    },
    async send(type, data) {
      const message = { channel: MESSAGE_CHANNEL, type, data } as {
        channel: string;
        type: string;
        data: unknown;
      };
      const sendFrom = (page: Page) =>
        page.evaluate(
          (msg) =>
            (
              globalThis as unknown as {
                chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
              }
            ).chrome.runtime.sendMessage(msg),
          message,
        );
      const opened = !messagePage || messagePage.isClosed();
      if (opened) messagePage = await h.openExtensionPage('options.html');
      let envelope: unknown;
      try {
        envelope = await sendFrom(messagePage!);
      } catch (error) {
        // Right after the browser (re)starts, Chromium may still navigate the tab it just gave
        // us, after our page loaded: the page is gone before it could send. Only then, once,
        // from a page opened again.
        if (!opened || !/Execution context was destroyed/.test(String(error))) throw error;
        messagePage = await h.openExtensionPage('options.html');
        envelope = await sendFrom(messagePage);
      }
      const answer = envelope as {
        ok: boolean;
        data?: unknown;
        error?: { message: string; code: string };
      };
      if (!answer?.ok) {
        const error = new Error(`${type}: ${answer?.error?.message ?? 'no answer'}`) as Error & {
          code?: string;
        };
        error.code = answer?.error?.code;
        throw error;
      }
      return RequestSchemas[type].response.parse(answer.data) as ResponseOf<typeof type>;
    },
    async background(fn, arg) {
      const w = await h.worker();
      // A string expression runs through CDP (the worker's CSP forbids eval in its own code);
      // the function's source is the test's own, the argument travels as JSON.
      const expression = `(${fn.toString()})(globalThis.pageclip, ${JSON.stringify(arg ?? null)})`;
      return (await w.evaluate(expression)) as never;
    },
    async connect(o = {}) {
      const token = await service.token({ scopes: o.scopes ?? ['pages:read', 'pages:write'] });
      return h.send('connection.connectToken', { serviceUrl: service.baseUrl, token });
    },
    async stopServiceWorker() {
      // `ServiceWorker.stopWorker` as DevTools' "Stop" does; `stopAllWorkers` also tore down
      // Playwright's context here. Playwright keeps the same Worker object for the restarted
      // worker (same target), so `worker()` stays valid; its globals are fresh.
      const page = await context.newPage();
      try {
        const cdp = await context.newCDPSession(page);
        const versions = new Map<string, string>();
        cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
          for (const v of e.versions) {
            if (v.scriptURL.startsWith(`chrome-extension://${extensionId}/`))
              versions.set(v.versionId, v.runningStatus);
          }
        });
        await cdp.send('ServiceWorker.enable');
        const deadline = Date.now() + 30_000;
        const running = () =>
          [...versions].filter(([, status]) => status !== 'stopped').map(([id]) => id);
        while (versions.size === 0 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 25));
        // Asked again while it runs: a worker still starting when asked kept running.
        for (let asked = 0; running().length > 0 && Date.now() < deadline; asked++) {
          if (asked % 20 === 0) {
            for (const versionId of running())
              await cdp.send('ServiceWorker.stopWorker', { versionId });
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        if (running().length > 0) throw new Error('the service worker did not stop');
      } finally {
        await page.close();
      }
      messagePage = null;
    },
    async restartBrowser() {
      await context.close();
      context = await launchContext(profileDir, dist, extra);
      worker = await serviceWorkerOf(context);
      messagePage = null;
    },
    async close() {
      await context.close().catch(() => undefined);
      await pages.close();
      if (ownService) await service.stop();
      rmSync(profileDir, { recursive: true, force: true });
      rmSync(dist, { recursive: true, force: true });
    },
  };
  return h;
}
