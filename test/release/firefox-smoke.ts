/**
 * Firefox smoke run: the Firefox build (e2e variant, `wxt build -b firefox --mode e2e`) in a real
 * headless Firefox, driven over WebDriver BiDi (built into Firefox; playwright-core's Firefox
 * needs a patched build), against the real local service. It checks what differs from Chromium:
 * the event-page background answers our pages, the sender check accepts `moz-extension://`
 * pages, extraction runs in Firefox's content-script sandbox, a selection of several ranges
 * (Firefox keeps one per ctrl-selection) is clipped range by range, and a clip is saved through
 * the outbox.
 *
 * Not part of `npm test` (CI installs Chromium only): run it where Firefox is installed with
 *   npm run test:firefox        (FIREFOX=/path/to/firefox to choose one; Debian: firefox-esr)
 * It prints one line per check and exits non-zero on the first failure.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { startPageServer } from '../e2e/harness';
import { startService } from '../helpers/service';
import { activeContent, hostileHtml } from '../security/hostile-page';
import { REPO_ROOT } from './release-build';

const run = promisify(execFile);
const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
const DIST = join(REPO_ROOT, '.output', 'firefox-mv3-e2e');
const ADDON_ID = 'pageclip@pageclip.local';
// A fixed internal UUID (Firefox picks a random one) so the test can open moz-extension:// pages.
const ADDON_UUID = '6f1d7c3e-5a1b-4c2d-9e8f-0123456789ab';
const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;

class Bidi {
  private nextId = 1;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  constructor(private ws: WebSocket) {
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as {
        id?: number;
        type: string;
        result?: unknown;
        error?: string;
        message?: string;
      };
      if (msg.id === undefined) return;
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.type === 'error') p?.reject(new Error(`${msg.error}: ${msg.message}`));
      else p?.resolve(msg.result);
    });
  }
  static async connect(url: string): Promise<Bidi> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new Bidi(ws);
  }
  send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }
  close(): void {
    this.ws.close();
  }
}

/** A BiDi remote value back to plain JSON (objects, arrays, primitives). */
function plain(v: { type: string; value?: unknown }): unknown {
  switch (v.type) {
    case 'object':
      return Object.fromEntries(
        (v.value as [string, { type: string; value?: unknown }][]).map(([k, x]) => [k, plain(x)]),
      );
    case 'array':
      return (v.value as { type: string; value?: unknown }[]).map(plain);
    case 'undefined':
    case 'null':
      return null;
    default:
      return v.value;
  }
}

function check(ok: boolean, what: string, detail?: unknown): void {
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${what}${ok || detail === undefined ? '' : `: ${JSON.stringify(detail)}`}`,
  );
  if (!ok) throw new Error(`firefox smoke: ${what}`);
}

async function launchFirefox(profile: string) {
  writeFileSync(
    join(profile, 'user.js'),
    [
      `user_pref("extensions.webextensions.uuids", ${JSON.stringify(JSON.stringify({ [ADDON_ID]: ADDON_UUID }))});`,
      'user_pref("browser.shell.checkDefaultBrowser", false);',
      'user_pref("app.update.enabled", false);',
      'user_pref("browser.safebrowsing.update.enabled", false);',
      'user_pref("network.captive-portal-service.enabled", false);',
      'user_pref("network.connectivity-service.enabled", false);',
      'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
      'user_pref("toolkit.telemetry.enabled", false);',
      'user_pref("browser.startup.homepage_override.mstone", "ignore");',
    ].join('\n'),
  );
  const child = spawn(
    FIREFOX,
    ['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Firefox did not start: ${seen}`)), 60_000);
    const onData = (b: Buffer) => {
      seen += String(b);
      const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Firefox exited (${code}): ${seen}`)));
  });
  return { child, url: `${url.replace(/\/$/, '')}/session` };
}

async function main(): Promise<void> {
  await run(
    join(REPO_ROOT, 'node_modules', '.bin', 'wxt'),
    ['build', '-b', 'firefox', '--mode', 'e2e'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 32 * 1024 * 1024,
    },
  );
  const service = await startService();
  const pages = await startPageServer();
  const profile = mkdtempSync(join(tmpdir(), 'pageclip-firefox-'));
  const firefox = await launchFirefox(profile);
  const bidi = await Bidi.connect(firefox.url);
  try {
    await bidi.send('session.new', { capabilities: {} });
    const installed = await bidi.send<{ extension: string }>('webExtension.install', {
      extensionData: { type: 'path', path: DIST },
    });
    check(installed.extension === ADDON_ID, 'the Firefox build installs', installed);

    const tab = async (url: string) => {
      const { context } = await bidi.send<{ context: string }>('browsingContext.create', {
        type: 'tab',
      });
      await bidi.send('browsingContext.navigate', { context, url, wait: 'complete' });
      return context;
    };
    const evaluate = async (context: string, expression: string): Promise<unknown> => {
      const r = await bidi.send<{
        type: string;
        result?: { type: string; value?: unknown };
        exceptionDetails?: { text: string };
      }>('script.evaluate', {
        expression,
        target: { context },
        awaitPromise: true,
        resultOwnership: 'none',
      });
      if (r.type !== 'success')
        throw new Error(`evaluate failed: ${JSON.stringify(r.exceptionDetails)}`);
      return plain(r.result!);
    };

    // BiDi may not navigate to moz-extension:// URLs, but Pageclip opens its options page by
    // itself on install: find that tab.
    let options = '';
    for (let i = 0; i < 100 && !options; i++) {
      const tree = await bidi.send<{ contexts: { context: string; url: string }[] }>(
        'browsingContext.getTree',
      );
      options =
        tree.contexts.find((c) => c.url.startsWith(`${EXTENSION_ORIGIN}/options.html`))?.context ??
        '';
      if (!options) await new Promise((r) => setTimeout(r, 100));
    }
    check(options !== '', 'the options page opens on install');
    const send = async (type: string, data: unknown) =>
      (await evaluate(
        options,
        `browser.runtime.sendMessage(${JSON.stringify({ channel: 'pageclip/request', type, data })})`,
      )) as { ok: boolean; data?: Record<string, unknown>; error?: { message: string } };

    const token = await service.token();
    const connected = await send('connection.connectToken', { serviceUrl: service.baseUrl, token });
    check(
      connected.ok && !!(connected.data?.user as { email?: string } | null)?.email,
      'the event-page background answers our moz-extension:// page and connects',
      connected,
    );

    const paragraphs = [
      'First chosen paragraph about rivers.',
      'Middle paragraph to leave out.',
      'Last chosen paragraph about valleys.',
    ];
    const article = `<!doctype html><html lang="en"><head><title>Firefox article</title></head><body><main><article><h1>Firefox article</h1>
${paragraphs.map((p, i) => `<p id="p${i}">${p} ${'More words for the reader view to accept this as an article. '.repeat(8)}</p>`).join('\n')}
</article></main></body></html>`;
    const url = pages.add('/firefox', article);
    const page = await tab(url);
    const tabs = (await evaluate(options, 'browser.tabs.query({})')) as {
      id: number;
      url: string;
    }[];
    const tabId = tabs.find((t) => t.url === url)?.id;
    check(tabId !== undefined, 'the clipped tab is found', tabs);

    const extracted = await send('tab.extract', { tabId, mode: 'article' });
    const result = extracted.data?.result as { title?: string; markdown?: string } | undefined;
    check(
      extracted.ok && extracted.data?.ok === true && result?.title === 'Firefox article',
      'extraction runs in the content-script sandbox',
      extracted,
    );

    // Two ranges, as a ctrl-selection in Firefox makes.
    await evaluate(
      page,
      `(() => { const s = getSelection(); s.removeAllRanges();
        for (const id of ['p0', 'p2']) { const r = document.createRange(); r.selectNodeContents(document.getElementById(id)); s.addRange(r); }
        return s.rangeCount; })()`,
    );
    const selection = await send('tab.extract', { tabId, mode: 'selection' });
    const body = (selection.data?.result as { body?: string } | undefined)?.body ?? '';
    check(
      selection.data?.selectionAvailable === true &&
        body.includes('First chosen') &&
        body.includes('Last chosen') &&
        !body.includes('Middle paragraph'),
      'a selection of two ranges is clipped range by range',
      { rangeBody: body.slice(0, 300) },
    );

    // The hostile page of test/security, extracted by Firefox: inert markdown there too.
    const hostileUrl = pages.add('/hostile', hostileHtml({ beacon: `${pages.origin}/beacon` }));
    await tab(hostileUrl);
    const hostileTabs = (await evaluate(options, 'browser.tabs.query({})')) as {
      id: number;
      url: string;
    }[];
    const hostile = await send('tab.extract', {
      tabId: hostileTabs.find((t) => t.url === hostileUrl)?.id,
      mode: 'article',
    });
    const hostileMd = (hostile.data?.result as { markdown?: string } | undefined)?.markdown ?? '';
    const active = activeContent(hostileMd);
    check(
      hostile.data?.ok === true &&
        hostileMd.includes('safe link') &&
        /E\s*=\s*m\s*c\^\{?2\}?/.test(hostileMd) &&
        active.length === 0,
      'a hostile page yields inert markdown in Firefox (its data-mathml as TeX)',
      { active, ok: hostile.data?.ok },
    );

    const clipId = crypto.randomUUID();
    const submitted = await send('clip.submit', {
      write: {
        kind: 'create-page',
        clipId,
        title: 'Firefox article',
        markdown: result?.markdown ?? '',
        parentId: null,
      },
      label: 'Firefox article',
    });
    check(submitted.ok, 'the clip is queued in the outbox', submitted);
    const waited = await send('outbox.wait', { id: clipId, timeoutMs: 15_000 });
    check(waited.data?.status === 'saved', 'the outbox saves it to the service', waited);
    const list = (await (
      await fetch(`${service.baseUrl}/pages`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data?: { title: string }[];
      items?: { title: string }[];
    };
    check(
      (list.data ?? list.items ?? []).some((p) => p.title === 'Firefox article'),
      'the page is in the service',
      list,
    );
  } finally {
    await bidi.send('browser.close').catch(() => undefined);
    bidi.close();
    firefox.child.kill('SIGTERM');
    await pages.close();
    await service.stop();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log('firefox smoke: all checks passed');
}

await main();
