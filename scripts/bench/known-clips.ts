/**
 * `bench:extension`'s known-clips figure: the popup on a page that is one of 5,000 known clips
 * in this browser's index, from navigation start to interactive and to the "Clipped on …"
 * notice (extraction, then the index lookup in the background).
 */
import { articleHtml, type ExtensionHarness } from '../../test/e2e/harness';
import { tabIdOf } from '../../test/e2e/ui-support';

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
  await h.background(
    async (pc, a: { n: number; url: string }) => {
      const clips: Record<string, unknown> = {};
      for (let i = 0; i < a.n; i++) {
        const key = i === 0 ? a.url : `https://site-${i % 97}.example/articles/${i}`;
        clips[key] = {
          url: key,
          pageId: crypto.randomUUID(),
          title: `Article ${i}`,
          folderId: null,
          clippedAt: Date.now() - i * 60_000,
          at: Date.now() - i * 60_000,
          etag: `"${i}"`,
        };
      }
      await pc.browser.storage.local.set({ knownClips: clips });
    },
    { n: KNOWN, url },
  );
  const article = await h.context.newPage();
  await article.goto(url);
  const tabId = await tabIdOf(h, url);
  const interactive: number[] = [];
  const notice: number[] = [];
  for (let i = 0; i < runs; i++) {
    const popup = await h.context.newPage();
    try {
      await popup.goto(h.extensionUrl(`popup.html?tab=${tabId}`));
      await popup.waitForFunction(() => document.querySelector('.known-clip') !== null, null, {
        polling: 'raf',
        timeout: 60_000,
      });
      notice.push(await popup.evaluate(() => performance.now()));
      interactive.push(
        await popup.evaluate(
          () => performance.getEntriesByName('pageclip:interactive')[0]?.startTime ?? NaN,
        ),
      );
    } finally {
      await popup.close();
    }
  }
  await article.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  row('interactive', `${median(interactive).toFixed(0)} ms`);
  const n = median(notice);
  row(
    '"Clipped on …" notice shown',
    `${n.toFixed(0)} ms`,
    `target < 500 ms ${n < 500 ? 'OK' : 'OVER'}`,
  );
}
