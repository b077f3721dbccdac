/**
 * The built extension in real Chromium against the real service (A's e2e harness), attacked
 * from the page side:
 * - a hostile page clipped through the real popup never runs script in our pages (its scripts
 *   report to a beacon we watch: from its own tab they do reach it, from our pages never), its
 *   title is shown as text, and what the service stores renders to inert HTML;
 * - a web page cannot reach the background at all, and a content script (the very world our
 *   extractor runs in) is refused by the background and cannot read the token from storage;
 * - the token is in nothing sent to the page's world, and in no log: not the service's request
 *   log, not the console of any page or of the service worker.
 */
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CHANNEL } from '../../lib/messaging/channel';
import { LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from '../e2e/harness';
import { tabIdOf } from '../e2e/ui-support';
import { CONDITION_TIMEOUT_MS } from '../e2e/waits';
import { startService, type RunningService } from '../helpers/service';
import { activeContent, hostileHtml } from './hostile-page';

interface BeaconHit {
  where: string;
  origin: string;
  referer: string;
}

let service: RunningService;
let h: ExtensionHarness;
let beacon: { url: string; hits: BeaconHit[]; close(): Promise<void> };
let token: string;
let hostileUrl: string;
const consoleLines: string[] = [];

async function startBeacon(): Promise<typeof beacon> {
  const hits: BeaconHit[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://beacon');
    hits.push({
      where: url.searchParams.get('where') ?? '',
      origin: String(req.headers.origin ?? ''),
      referer: String(req.headers.referer ?? ''),
    });
    res.writeHead(204, { 'access-control-allow-origin': '*' });
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/beacon`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Runs the function source `fn` in the isolated world of the tab showing `url`: the world
 * extractor.js runs in. Sent from the service worker with `scripting.executeScript`; the
 * expression is compiled by CDP (neither the worker's nor an MV3 isolated world's CSP allows
 * eval), so `fn` is a real function there, serialised by Chromium like the extension's own.
 */
async function inContentScriptWorld<R>(url: string, fn: string, arg: unknown = null): Promise<R> {
  const worker = await h.worker();
  const expression = `(async () => {
    const b = globalThis.pageclip.browser;
    const tab = (await b.tabs.query({})).find((t) => t.url === ${JSON.stringify(url)});
    if (!tab) throw new Error('no tab shows ${url}');
    const [injection] = await b.scripting.executeScript({
      target: { tabId: tab.id },
      func: ${fn},
      args: [${JSON.stringify(arg)}],
    });
    return injection ? injection.result : undefined;
  })()`;
  return (await worker.evaluate(expression)) as R;
}

/** Attributes anywhere in an extension page that could only have come from page markup. */
async function pageMarkupIn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const TEXT_ATTRIBUTES = new Set(['value', 'aria-label', 'title', 'placeholder', 'alt']);
    const found: string[] = [];
    if ((globalThis as { __pwned?: unknown }).__pwned !== undefined) found.push('window.__pwned');
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) found.push(`${el.localName}[${attr.name}]`);
        // The page's words shown as text (the clip's title in a field or a label) are not
        // markup; an address to the beacon anywhere else would be.
        if (/beacon|javascript:/i.test(attr.value) && !TEXT_ATTRIBUTES.has(attr.name))
          found.push(`${el.localName}[${attr.name}=${attr.value}]`);
      }
      if (['iframe', 'object', 'embed'].includes(el.localName)) found.push(`<${el.localName}>`);
      if (el.localName === 'script' && !(el as HTMLScriptElement).src)
        found.push('inline <script>');
    }
    return found;
  });
}

beforeAll(async () => {
  service = await startService({ quiet: false });
  beacon = await startBeacon();
  h = await launchExtension({ service });
  h.context.on('console', (m) => consoleLines.push(`${m.location().url} ${m.text()}`));
  h.context.on('weberror', (e) => consoleLines.push(`weberror ${e.error().message}`));
  (await h.worker()).on('console', (m) => consoleLines.push(`worker ${m.text()}`));
  token = await service.token({ scopes: ['pages:read', 'pages:write'] });
  const state = await h.send('connection.connectToken', { serviceUrl: service.baseUrl, token });
  expect(state.user).not.toBeNull();
  hostileUrl = h.pages.add('/hostile', hostileHtml({ beacon: beacon.url, hugeParagraphs: 10_000 }));
}, LAUNCH_TIMEOUT_MS);

afterAll(async () => {
  await h?.close();
  await service?.stop();
  await beacon?.close();
});

describe('from the page side', () => {
  it('a web page has no way to message the extension', async () => {
    const page = await h.context.newPage();
    await page.goto(hostileUrl);
    // Without `externally_connectable`, Chromium gives pages no chrome.runtime at all.
    expect(
      await page.evaluate(
        () => typeof (globalThis as { chrome?: { runtime?: unknown } }).chrome?.runtime,
      ),
    ).toBe('undefined');
    await page.close();
  });

  it('a content script is refused by the background and cannot read the token', async () => {
    const page = await h.context.newPage();
    await page.goto(hostileUrl);
    const result = await inContentScriptWorld<{
      disconnect: unknown;
      get: unknown;
      storage: string;
    }>(
      hostileUrl,
      `async (channel) => {
        const c = globalThis.chrome;
        const send = (type) => c.runtime.sendMessage({ channel, type, data: {} }).catch((e) => 'threw ' + e);
        let storage;
        try { storage = JSON.stringify(await c.storage.local.get(null)); } catch (e) { storage = 'threw ' + e; }
        return { disconnect: await send('connection.disconnect'), get: await send('connection.get'), storage };
      }`,
      MESSAGE_CHANNEL,
    );
    for (const answer of [result.disconnect, result.get])
      expect(answer).toMatchObject({
        ok: false,
        error: { message: 'Message rejected: unknown sender.' },
      });
    expect(result.storage).toMatch(/^threw .*not allowed/);
    expect(result.storage).not.toContain(token);
    // Still connected: the forged disconnect did nothing.
    expect((await h.send('connection.get', {})).user).not.toBeNull();
    await page.close();
  });
});

describe('a hostile page clipped through the popup', () => {
  it('runs no page script in our pages, shows the title as text, stores inert markdown', async () => {
    const article = await h.context.newPage();
    await article.goto(hostileUrl);
    const tabId = await tabIdOf(h, hostileUrl);
    // Record everything handed to the page's isolated world: the arguments of each call to the
    // extractor and every runtime message reaching it.
    await inContentScriptWorld(
      hostileUrl,
      `() => {
        const g = globalThis;
        g.__received = [];
        for (const name of ['__pageclipExtract', '__pageclipCapture']) {
          let real;
          Object.defineProperty(g, name, {
            configurable: true,
            get: () => real && ((options) => { g.__received.push(name + ' ' + JSON.stringify(options)); return real(options); }),
            set: (fn) => { real = fn; },
          });
        }
        globalThis.chrome.runtime.onMessage.addListener((m) => { g.__received.push(JSON.stringify(m)); });
        return true;
      }`,
    );

    const popup = await h.context.newPage();
    await popup.setViewportSize({ width: 400, height: 600 });
    await popup.goto(h.extensionUrl(`popup.html?tab=${tabId}`));
    await popup.waitForSelector('html[data-ready="true"]');
    const titleInput = popup.getByLabel('Title', { exact: true });
    await expect
      .poll(() => titleInput.inputValue(), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('<svg onload=');
    const title = await titleInput.inputValue();
    expect(await pageMarkupIn(popup)).toEqual([]);

    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText(/^Saved to /).waitFor({ timeout: CONDITION_TIMEOUT_MS });
    expect(await pageMarkupIn(popup)).toEqual([]);

    // What the service stores is inert, with the title as plain data.
    const pages = (await (
      await fetch(`${service.baseUrl}/pages`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data?: { id: string; title: string }[];
      items?: { id: string; title: string }[];
    };
    const saved = (pages.data ?? pages.items ?? []).find((p) => p.title === title);
    expect(saved, 'the clip is in the service').toBeDefined();
    const content = await (
      await fetch(`${service.baseUrl}/pages/${saved!.id}/content`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/markdown' },
      })
    ).text();
    expect(content).toContain('safe link');
    // MathJax 2's data-mathml (page markup the page never parses) became TeX, inertly.
    expect(content).toMatch(/E\s*=\s*m\s*c\^\{?2\}?/);
    expect(activeContent(content)).toEqual([]);

    // The recent pages now carry the hostile title: a fresh popup and the options page show
    // them as text too.
    const again = await h.context.newPage();
    await again.goto(h.extensionUrl(`popup.html?tab=${tabId}`));
    await again.waitForSelector('html[data-ready="true"]');
    const options = await h.openExtensionPage('options.html');
    await options.waitForLoadState('load');
    for (const p of [again, options]) expect(await pageMarkupIn(p)).toEqual([]);

    // The first clip was made in the tab; by now the extraction document has opened, and the
    // same page extracted there is as inert (the beacon checks below cover it too).
    await h.background((hooks) => hooks.extractionDocumentOpen());
    const inDocument = await h.background((hooks, id) => hooks.extractTab(id), tabId);
    expect(inDocument.ok && inDocument.extractedIn).toBe('document');
    expect(inDocument.ok && activeContent(inDocument.result.markdown)).toEqual([]);

    // The detector works: the page's own scripts reached the beacon from its own tab...
    const own = new URL(hostileUrl).origin;
    expect(beacon.hits.some((hit) => hit.where === 'head-script')).toBe(true);
    // ...but nothing ever called it from one of our pages, nor from markup only we parse.
    expect(beacon.hits.filter((hit) => hit.where.startsWith('mathml'))).toEqual([]);
    expect(
      beacon.hits.filter(
        (hit) => !hit.referer.startsWith(own) || hit.origin.startsWith('chrome-extension'),
      ),
    ).toEqual([]);
    expect(consoleLines.filter((l) => /Content Security Policy|Refused to/i.test(l))).toEqual([]);

    // Nothing the page's world received holds the token.
    const received = await inContentScriptWorld<string[]>(
      hostileUrl,
      '() => globalThis.__received',
    );
    // The clip the extraction document made went through the capture script's function.
    expect(
      received.some((r) => r.startsWith('__pageclipCapture ')),
      'the capture script was called through the trap',
    ).toBe(true);
    expect(received.filter((r) => r.includes(token))).toEqual([]);
    for (const p of [article, popup, again, options]) await p.close();
  }, 120_000);
});

describe('the token', () => {
  it('appears in no log: service requests, page consoles, service worker console', async () => {
    // A refused token too (401 from the service, a problem in the background and the UI).
    const wrong = `pc_wrong_${crypto.randomUUID().replaceAll('-', '')}`;
    const refused = await h.send('connection.connectToken', {
      serviceUrl: service.baseUrl,
      token: wrong,
    });
    expect(refused.problem).not.toBeNull();
    // The captures work: a probe logged in the worker arrives, and the service logged requests.
    await h.background(() => console.log('pageclip-console-probe'));
    await expect
      .poll(() => consoleLines.some((l) => l.includes('pageclip-console-probe')))
      .toBe(true);
    expect(service.logs()).toMatch(/\/api\/v1\//);

    expect(service.logs()).not.toContain(token);
    expect(service.logs()).not.toContain(wrong);
    expect(consoleLines.filter((l) => l.includes(wrong))).toEqual([]);
    expect(consoleLines.filter((l) => l.includes(token))).toEqual([]);
    // Nor any part of it long enough to matter (a logged prefix or a Bearer header).
    expect(service.logs()).not.toContain(token.slice(-16));
    expect(consoleLines.join('\n')).not.toMatch(/Bearer \S/);
  });
});
