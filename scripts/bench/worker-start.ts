/**
 * `bench:extension`'s worker-start figure: a stopped service worker woken by the popup's first
 * request (`outbox.list`), from the request sent until its answer. Once with the outbox alone,
 * once with a queued clip's kept images waiting beside it (30 MB, the cap of one clip,
 * `lib/images/caps.ts`). Each start sweeps the images of clips that left the outbox; it must
 * find them without reading the ones still waiting.
 */
import type { ExtensionHarness } from '../../test/e2e/harness';
import { IMAGE_CAPS } from '../../lib/images/caps';
import { MESSAGE_CHANNEL } from '../../lib/messaging/channel';

declare const chrome: {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: { local: { set(items: object): Promise<void> } };
};

export async function workerStartFigures(
  h: ExtensionHarness,
  runs: number,
  row: (label: string, value: string, target?: string) => void,
): Promise<void> {
  console.log(`\n== Worker start to the first answer (outbox.list; median of ${runs}) ==`);
  const page = await h.openExtensionPage('options.html');
  // Timed in an extension page open before the worker stops: `h.send` would open a new one.
  const firstAnswer = async () => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      await h.stopServiceWorker();
      times.push(
        await page.evaluate(async (channel) => {
          const started = performance.now();
          const answer = (await chrome.runtime.sendMessage({
            channel,
            type: 'outbox.list',
            data: {},
          })) as { ok: boolean };
          if (!answer.ok) throw new Error(`outbox.list failed: ${JSON.stringify(answer)}`);
          return performance.now() - started;
        }, MESSAGE_CHANNEL),
      );
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  };
  await h.service.stop();
  const clipId = crypto.randomUUID();
  try {
    await h.send('clip.submit', {
      write: { kind: 'create-page', clipId, title: 'Queued', markdown: 'x', parentId: null },
      label: 'Bench',
    });
    row('outbox alone', `${(await firstAnswer()).toFixed(0)} ms`);
    const bytes = IMAGE_CAPS.maxClipBytes;
    await page.evaluate(
      ([id, size]) =>
        chrome.storage.local.set({
          [`clipImages:${id}`]: { kept: [], links: [], skipped: ['A'.repeat(size)] },
        }),
      [clipId, bytes] as const,
    );
    row(
      `with ${bytes / 1024 / 1024} MB of kept images waiting`,
      `${(await firstAnswer()).toFixed(0)} ms`,
    );
  } finally {
    await h.send('outbox.discard', { id: clipId }).catch(() => undefined);
    await h.service.restart();
    await page.close();
  }
}
