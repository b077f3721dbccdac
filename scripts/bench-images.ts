/**
 * `npm run bench:images`: what "Keep images" costs a clip, in Debian's Chromium with the e2e
 * build against the local service. A page of 20 images of 200 kB each (PNG, served only with
 * a cookie, from a local web server) is clipped as a new page:
 *
 * 1. with Keep images: `clip.submit` sent from an extension page until the outbox says `saved`
 *    (fetch 20 images with the user's cookies, keep them in storage, import note and images,
 *    find the page, move it into a folder);
 * 2. the same clip without Keep images (remote links), for comparison;
 * 3. the vault import alone (the same 20 images and note, straight from Node).
 *
 * Figures only: nothing here asserts a time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../lib/api';
import { launchExtension } from '../test/e2e/harness';
import { png } from '../test/images/image-bytes';

const IMAGES = 20;
const IMAGE_BYTES = 200 * 1000;
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
function row(label: string, value: string, note = ''): void {
  console.log(`${label.padEnd(48)} ${value.padStart(10)}   ${note}`);
}

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

async function main(): Promise<void> {
  const files = Array.from({ length: IMAGES }, (_, i) => png(1600, 1000, IMAGE_BYTES, i + 1));
  const web = createServer((req, res) => {
    const n = Number(/^\/img-(\d+)\.png/.exec(req.url ?? '')?.[1] ?? NaN);
    const bytes = files[n];
    if (!bytes || !(req.headers.cookie ?? '').includes('reader=yes')) {
      return void res.writeHead(404).end();
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;

  let h: Awaited<ReturnType<typeof launchExtension>> | null = null;
  try {
    h = await launchExtension();
    await h.context.addCookies([{ name: 'reader', value: 'yes', domain: '127.0.0.1', path: '/' }]);
    const state = await h.connect();
    if (!state.user) throw new Error(`could not connect: ${state.problem?.message}`);
    const api = new ApiClient({
      baseUrl: h.service.baseUrl,
      credential: { kind: 'token', token: await h.service.token() },
      timeoutMs: 300_000,
    });
    const folder = await api.createFolder({ name: 'Bench images', parentId: null });
    const body = files
      .map(
        (_, i) =>
          `Paragraph ${i} about rivers and valleys.\n\n![Figure ${i}](${origin}/img-${i}.png)`,
      )
      .join('\n\n');
    const page = await h.openExtensionPage('options.html');
    const clip = (keepImages: boolean, i: number) =>
      page.evaluate(
        // No named inner functions: tsx would wrap them in a helper the page does not have.
        async (w) => {
          const started = performance.now();
          type Answer = {
            ok: boolean;
            data?: { status: string; result?: { images?: { stored: number } } };
          };
          let answer = (await chrome.runtime.sendMessage({
            channel: 'pageclip/request',
            type: 'clip.submit',
            data: { write: w, label: 'Bench', waitMs: 30_000 },
          })) as Answer;
          while (answer.ok && answer.data?.status !== 'saved' && answer.data?.status !== 'failed')
            answer = (await chrome.runtime.sendMessage({
              channel: 'pageclip/request',
              type: 'outbox.wait',
              data: { id: w.clipId, timeoutMs: 30_000 },
            })) as Answer;
          if (!answer.ok || answer.data?.status !== 'saved')
            throw new Error(`not saved: ${JSON.stringify(answer)}`);
          return { ms: performance.now() - started, stored: answer.data.result?.images?.stored };
        },
        {
          kind: 'create-page',
          clipId: crypto.randomUUID(),
          title: `Bench images ${keepImages ? 'kept' : 'linked'} ${i}`,
          markdown: `# Rivers ${i}\n\n${body}\n`,
          parentId: folder.id,
          ...(keepImages && { keepImages: true }),
        },
      );

    const kept: number[] = [];
    const linked: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const k = await clip(true, i);
      if (k.stored !== IMAGES) throw new Error(`stored ${k.stored} of ${IMAGES} images`);
      kept.push(k.ms);
      linked.push((await clip(false, i)).ms);
    }
    await page.close();

    const importTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await api.importVault([
        {
          path: `Import alone ${i}.md`,
          content: body.replace(/\(http[^)]+\/img-(\d+)\.png\)/g, '(i/$1.png)'),
        },
        ...files.map((bytes, n) => ({
          path: `i/${n}.png`,
          data: Buffer.from(bytes).toString('base64'),
          mimeType: 'image/png',
        })),
      ]);
      importTimes.push(performance.now() - started);
    }

    const mb = ((IMAGES * IMAGE_BYTES) / 1e6).toFixed(1);
    console.log(
      `\n== A new page with ${IMAGES} images of ${IMAGE_BYTES / 1000} kB (${mb} MB), median of ${RUNS} ==`,
    );
    row(
      'clip with Keep images (click to saved)',
      ms(median(kept)),
      `runs: ${kept.map(ms).join(', ')}`,
    );
    row('the same clip, remote links', ms(median(linked)), `runs: ${linked.map(ms).join(', ')}`);
    row(
      'the vault import alone (Node → service)',
      ms(median(importTimes)),
      `runs: ${importTimes.map(ms).join(', ')}`,
    );
  } finally {
    await h?.close();
    web.closeAllConnections();
    web.close();
  }
}

// Exits even when a child (the service, the browser) failed to stop: this holds the shared lock.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
