/**
 * `bench:extension`'s known-clips figure: the popup on a page that is one of 5,000 known clips
 * in this browser's index (seeded as the index stores them, `storage-layout.ts`), from
 * navigation start to interactive and to the "Clipped on …" notice (extraction, then the index
 * lookup in the background). The click-to-saved figures that follow run with them in the index.
 */
import { articleHtml, type ExtensionHarness } from '../../test/e2e/harness';
import { tabIdOf } from '../../test/e2e/ui-support';
import type { KnownClip } from '../../lib/known-clips/known-clip';
import { normaliseUrl } from '../../lib/known-clips/normalise-url';
import { knownClipItems } from '../../lib/known-clips/storage-layout';
import { openPopupHost } from './popup-host';

const KNOWN = Number(process.env.BENCH_KNOWN_CLIPS ?? 5_000);

export async function knownClipFigures(
  h: ExtensionHarness,
  runs: number,
  row: (label: string, value: string, target?: string) => void,
): Promise<void> {
  console.log(
    `\n== Popup on a known clip (${KNOWN} known clips in the index; median of ${runs}) ==`,
  );
  const url = h.pages.add(
    '/bench-known',
    articleHtml('A known article', [
      'A paragraph long enough for the article heuristics to take it as the main text of the page.',
      'Another paragraph, so the extraction has something to turn into markdown before the lookup.',
    ]),
  );
  const now = Date.now();
  const clips: KnownClip[] = Array.from({ length: KNOWN }, (_, i) => ({
    url: i === 0 ? (normaliseUrl(url) ?? url) : `https://site-${i % 97}.example/articles/${i}`,
    pageId: crypto.randomUUID(),
    title: `Article ${i}`,
    folderId: null,
    clippedAt: now - i * 60_000,
    at: now - i * 60_000,
    etag: `"${i}"`,
  }));
  await h.background(
    async (pc, items: Record<string, unknown>) => pc.browser.storage.local.set(items),
    knownClipItems(clips),
  );
  const article = await h.context.newPage();
  await article.goto(url);
  const tabId = await tabIdOf(h, url);
  const interactive: number[] = [];
  const notice: number[] = [];
  const host = await openPopupHost(h);
  for (let i = 0; i < runs; i++) {
    try {
      const { page: popup, at } = await host.showUntil(`popup.html?tab=${tabId}`, 'knownClip');
      notice.push(at);
      interactive.push(
        await popup.evaluate(
          () => performance.getEntriesByName('pageclip:interactive')[0]?.startTime ?? NaN,
        ),
      );
    } finally {
      await host.hide();
    }
  }
  await host.close();
  await article.close();
  // The index alone, without the extraction before it: `known.lookup` from an extension page.
  const helper = await h.openExtensionPage('options.html');
  const lookup: number[] = [];
  for (let i = 0; i < runs; i++) {
    lookup.push(
      await helper.evaluate(async (page) => {
        const started = performance.now();
        const answer = (await chrome.runtime.sendMessage({
          channel: 'pageclip/request',
          type: 'known.lookup',
          data: { url: page, title: 'A known article', localOnly: true },
        })) as { ok: boolean; data?: { clip: unknown } };
        if (!answer.ok || !answer.data?.clip)
          throw new Error(`not found: ${JSON.stringify(answer)}`);
        return performance.now() - started;
      }, url),
    );
  }
  await helper.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  row('interactive', `${median(interactive).toFixed(0)} ms`);
  const n = median(notice);
  row(
    '"Clipped on …" notice shown',
    `${n.toFixed(0)} ms`,
    `target < 500 ms ${n < 500 ? 'OK' : 'OVER'}`,
  );
  row('of which index lookup (known.lookup round trip)', `${median(lookup).toFixed(0)} ms`);
}

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
