/**
 * Extraction in two halves, in real Chromium: the tab's capture, then steps 2–8 in the
 * offscreen extraction document, which the first clip opens (that clip is extracted whole in
 * the tab meanwhile), which stays open for the next clips and closes when idle.
 * What the page hides still travels (a note shown on hover), what the extraction document
 * parses never loads (a lazy image's address is resolved there, inertly), and the document
 * answers no one but the background.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXTRACTION_CHANNEL } from '../../lib/messaging/extractor';
import { LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { tabIdOf } from './ui-support';
import { E2E_TEST_TIMEOUT_MS } from './waits';

vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

const PROSE = 'A paragraph long enough for the article to be taken for the main content. '.repeat(
  6,
);
const IDLE_MS = 10 * 60_000;

let h: ExtensionHarness;
let beacon: { url: string; hits: string[]; server: Server };

beforeAll(async () => {
  h = await launchExtension();
  await h.connect();
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  beacon = { url: `http://127.0.0.1:${port}`, hits, server };
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  beacon?.server.closeAllConnections();
  beacon?.server.close();
  await h?.close();
});

const openDocuments = () =>
  h.background((hooks) =>
    hooks.browser.runtime
      .getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never] })
      .then((contexts) => contexts.map((c) => c.documentUrl ?? '')),
  );

async function openTab(url: string) {
  const page = await h.context.newPage();
  await page.goto(url);
  return { page, tabId: await tabIdOf(h, url) };
}

const clip = (tabId: number) => h.background((hooks, id) => hooks.extractTab(id), tabId);

describe('the extraction document', () => {
  it('opens at the first clip, which the tab extracts whole meanwhile; takes the next; closes when idle', async () => {
    const url = h.pages.add(
      '/rivers',
      `<!doctype html><html><head><title>Notes on rivers</title></head><body>
<article><h1>Notes on rivers</h1><p>${PROSE}</p>
<p>Rivers run<span class="inline-footnote" title="Note">1<span style="display:none">The hidden note's text.</span></span> to the sea. ${PROSE}</p>
<figure><img alt="A weir" width="640" height="360" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="${beacon.url}/img/weir.jpg"></figure></article>
</body></html>`,
    );
    const { page, tabId } = await openTab(url);
    expect(await openDocuments()).toEqual([]);
    const first = await clip(tabId);
    expect(first.ok && first.extractedIn).toBe('tab');
    // It opens after that clip, on its own: waited for here, not opened by the test.
    await expect.poll(openDocuments).toEqual([h.extensionUrl('extraction.html')]);
    await h.background((hooks) => hooks.extractionDocumentOpen());

    const second = await clip(tabId);
    expect(second.ok && second.extractedIn).toBe('document');
    // A tab clipped while the document is open is given only the capture script.
    const fresh = await openTab(`${url}?fresh`);
    const inFresh = await clip(fresh.tabId);
    expect(inFresh.ok && inFresh.extractedIn).toBe('document');
    const [probe] = await h.background(
      (hooks, id) =>
        hooks.browser.scripting.executeScript({
          target: { tabId: id },
          func: () => {
            const g = globalThis as { __pageclipCapture?: unknown; __pageclipExtract?: unknown };
            return [typeof g.__pageclipCapture, typeof g.__pageclipExtract];
          },
        }),
      fresh.tabId,
    );
    expect(probe?.result).toEqual(['function', 'undefined']);
    await fresh.page.close();
    if (!first.ok || !second.ok) return;
    // The same clip either way, with the note the page keeps hidden.
    expect(second.result.body).toBe(first.result.body);
    expect(second.result.title).toBe('Notes on rivers');
    expect(second.result.body).toContain('Rivers run[^1] to the sea.');
    expect(second.result.body).toContain("[^1]: The hidden note's text.");
    // The lazy image's address was resolved in the extraction document, which loads nothing.
    expect(second.result.body).toContain(`![A weir](${beacon.url}/img/weir.jpg)`);
    const alarm = await h.background((hooks) =>
      hooks.browser.alarms.get('pageclip-extraction-idle'),
    );
    expect(alarm?.scheduledTime).toBeGreaterThan(Date.now() + IDLE_MS - 60_000);

    // Used a moment ago: the alarm leaves it open; past the idle time it closes.
    await h.background((hooks, now) => hooks.extractionIdle(now), Date.now());
    expect(await openDocuments()).toHaveLength(1);
    await h.background((hooks, now) => hooks.extractionIdle(now), Date.now() + IDLE_MS + 1_000);
    expect(await openDocuments()).toEqual([]);

    // The next clip is the tab's again, and opens it again.
    const third = await clip(tabId);
    expect(third.ok && third.extractedIn).toBe('tab');
    await expect.poll(openDocuments).toHaveLength(1);
    // Through the popup's own request too.
    const popup = await h.send('tab.extract', { tabId, mode: 'article' });
    expect(popup.ok && popup.result.body).toBe(first.result.body);
    expect(beacon.hits).toEqual([]);
    await page.close();
  });

  it('refuses a request sent from a tab', async () => {
    const url = h.pages.add('/asker', `<!doctype html><title>Asker</title><p>${PROSE}</p>`);
    const { page, tabId } = await openTab(url);
    const answer = await h.background(
      async (hooks, arg) => {
        const [injection] = await hooks.browser.scripting.executeScript({
          target: { tabId: arg.tabId },
          func: (channel: string, html: string) =>
            (
              globalThis as unknown as {
                chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
              }
            ).chrome.runtime.sendMessage({
              channel,
              capture: { html, url: 'https://x.example/', textLength: 1, selection: null },
              options: {
                mode: 'article',
                now: new Date(0).toISOString(),
                extraFrontmatter: {},
                embedImages: false,
              },
            }),
          args: [arg.channel, `<p>${'From a tab. '.repeat(50)}</p>`],
        });
        return injection?.result;
      },
      { tabId, channel: EXTRACTION_CHANNEL },
    );
    expect(answer).toEqual({ ok: false, message: 'Extraction request refused: unknown sender.' });
    await page.close();
  });
});
