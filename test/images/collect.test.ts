/**
 * Fetching and judging a clip's images against a real local web server: the per-image and
 * per-clip caps, refusals, access, and progress.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes } from '../../lib/images/base64';
import { ClipBudget, OVER_CLIP_CAP } from '../../lib/images/budget';
import { collectImages } from '../../lib/images/collect';
import { fetchImage } from '../../lib/images/fetch-image';
import { selectImages } from '../../lib/images/select';
import { PIXEL_GIF, png } from './image-bytes';

let server: Server;
let origin: string;
const hits = new Map<string, number>();
/** Bytes `/endless.png` wrote before its reader gave up (it never ends by itself). */
let endlessSent = 0;
const FILES = new Map<string, Uint8Array>([
  ['/big.png', png(2000, 1000, 50_000, 1)],
  ['/mid.png', png(900, 600, 20_000, 2)],
  ['/small.png', png(600, 400, 10_000, 3)],
  ['/icon.png', png(24, 24, 300, 4)],
  ['/pixel.gif', PIXEL_GIF],
  ['/page.html', new TextEncoder().encode('<!doctype html><p>Sign in to see this image')],
]);

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    if (req.url === '/endless.png') {
      // A PNG header, then padding for as long as the reader keeps reading.
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      const head = png(1000, 1000, 64, 7);
      const pad = new Uint8Array(16_384);
      let closed = false;
      res.on('close', () => (closed = true));
      const pump = () => {
        while (!closed && endlessSent < 50_000_000) {
          const chunk = endlessSent === 0 ? head : pad;
          endlessSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!closed) res.end();
      };
      return pump();
    }
    const bytes = FILES.get(req.url ?? '');
    if (!bytes) return void res.writeHead(404).end();
    if (req.url === '/big.png') {
      // No Content-Length: the cap must hold while the body streams in.
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      res.write(bytes.subarray(0, 25_000));
      return void res.end(bytes.subarray(25_000));
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = (maxBytes: number) => (url: string, budget?: ClipBudget) =>
  fetchImage(url, { maxBytes, timeoutMs: 5000, ...(budget && { budget }) });

describe('fetching one image', () => {
  it('reads the bytes; stops past the cap while streaming; names a refusal by its status', async () => {
    expect(await get(100_000)(`${origin}/mid.png`)).toEqual({
      ok: true,
      bytes: FILES.get('/mid.png'),
    });
    expect(await get(30_000)(`${origin}/big.png`)).toEqual({ ok: false, reason: 'too large' });
    expect(await get(30_000)(`${origin}/nope.png`)).toEqual({ ok: false, reason: 'HTTP 404' });
    expect(await get(30_000)('http://127.0.0.1:1/x.png')).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('decodes a data: image without the network', async () => {
    const b64 = Buffer.from(FILES.get('/small.png')!).toString('base64');
    const got = await get(100_000)(`data:image/png;base64,${b64}`);
    expect(got).toEqual({ ok: true, bytes: FILES.get('/small.png') });
    expect(await get(100)(`data:image/png;base64,${b64}`)).toEqual({
      ok: false,
      reason: 'too large',
    });
  });
});

describe('collecting a clip’s images', () => {
  const md = () =>
    ['big', 'mid', 'small', 'icon'].map((n) => `![${n}](${origin}/${n}.png)`).join('\n') +
    `\n![](${origin}/pixel.gif)\n![login](${origin}/page.html)\n![gone](${origin}/gone.png)`;

  it('keeps real images, skips pixels and icons, and names every other one with its reason', async () => {
    const progress: string[] = [];
    const got = await collectImages(selectImages(md()).candidates, 'clip', {
      fetchImage: get(40_000),
      hasAccess: async () => true,
      caps: { concurrency: 2 },
      onProgress: (done, total) => void progress.push(`${done}/${total}`),
    });
    expect(got.kept.map((k) => [k.url, k.path, k.mimeType])).toEqual([
      [`${origin}/mid.png`, 'clip/image-01.png', 'image/png'],
      [`${origin}/small.png`, 'clip/image-02.png', 'image/png'],
    ]);
    expect(base64ToBytes(got.kept[0]!.data)).toEqual(FILES.get('/mid.png'));
    expect(got.skipped).toEqual([`${origin}/icon.png`, `${origin}/pixel.gif`]);
    expect(got.links).toEqual([
      { url: `${origin}/big.png`, reason: 'too large' },
      { url: `${origin}/page.html`, reason: 'unsupported format' },
      { url: `${origin}/gone.png`, reason: 'HTTP 404' },
    ]);
    expect(progress).toHaveLength(7);
    expect(progress.at(-1)).toBe('7/7');
  });

  it('caps the clip’s total while fetching: once an image does not fit, no further one is read', async () => {
    hits.clear();
    const got = await collectImages(selectImages(md()).candidates, 'clip', {
      fetchImage: get(100_000),
      hasAccess: async () => true,
      caps: { maxClipBytes: 75_000, concurrency: 1 },
    });
    expect(got.kept.map((k) => k.url)).toEqual([`${origin}/big.png`, `${origin}/mid.png`]);
    const past = ['small.png', 'icon.png', 'pixel.gif', 'page.html', 'gone.png'];
    expect(got.links).toEqual(past.map((f) => ({ url: `${origin}/${f}`, reason: OVER_CLIP_CAP })));
    expect(got.skipped).toEqual([]);
    expect(hits.get('/small.png')).toBe(1); // read until it no longer fit
    for (const file of past.slice(1)) expect(hits.get(`/${file}`)).toBeUndefined();
  });

  it('counts the bytes as they arrive: an endless image is cut at the clip’s budget', async () => {
    endlessSent = 0;
    const urls = [`${origin}/mid.png`, `${origin}/endless.png`, `${origin}/small.png`];
    const got = await collectImages(
      urls.map((url, i) => ({ url, embeds: [i] })),
      'clip',
      {
        fetchImage: get(40_000_000), // the image's own cap alone would read 40 MB
        hasAccess: async () => true,
        caps: { maxClipBytes: 200_000, concurrency: 1 },
      },
    );
    expect(got.kept.map((k) => k.url)).toEqual([`${origin}/mid.png`]);
    expect(got.links).toEqual([
      { url: `${origin}/endless.png`, reason: OVER_CLIP_CAP },
      { url: `${origin}/small.png`, reason: OVER_CLIP_CAP },
    ]);
    // What the server got written before the reader went away: socket buffers, not 40 MB.
    expect(endlessSent).toBeLessThan(20_000_000);
  });

  it('a budget given back: refused, skipped and cut-off images do not count', () => {
    const budget = new ClipBudget(100);
    expect(budget.take(60)).toBe(true);
    expect(budget.take(50)).toBe(false);
    expect(budget.spent).toBe(true);
    budget.give(60);
    expect(budget.take(100)).toBe(true);
  });

  it('progress only grows, even when an older count is written more slowly than a newer one', async () => {
    const urls = ['mid', 'small', 'big', 'icon'].map((n) => `${origin}/${n}.png`);
    let releaseFirst = () => undefined as void;
    const firstWrite = new Promise<void>((resolve) => (releaseFirst = resolve));
    const landed: number[] = [];
    let fetched = 0;
    await collectImages(
      urls.map((url, i) => ({ url, embeds: [i] })),
      'clip',
      {
        fetchImage: async (url, budget) => {
          const got = await get(100_000)(url, budget);
          // Every image is in: the first count's slow write may finish now, after the rest
          // were reported (setImmediate runs once the reports already due have been made).
          if (++fetched === urls.length) setImmediate(releaseFirst);
          return got;
        },
        hasAccess: async () => true,
        caps: { concurrency: 4 },
        onProgress: async (done) => {
          if (done === 1) await firstWrite;
          landed.push(done);
        },
      },
    );
    expect(landed.at(-1)).toBe(4);
    expect(landed).toEqual([...landed].sort((a, b) => a - b));
    expect(new Set(landed).size).toBe(landed.length);
  });

  it('never fetches from a host Pageclip was not granted, nor plain http elsewhere', async () => {
    let fetched = 0;
    const urls = [`${origin}/mid.png`, 'http://example.com/a.png'];
    const got = await collectImages(
      urls.map((url, i) => ({ url, embeds: [i] })),
      'clip',
      {
        fetchImage: async (url, budget) => {
          fetched++;
          return get(100_000)(url, budget);
        },
        hasAccess: async () => false,
      },
    );
    expect(fetched).toBe(0);
    expect(got.links.map((l) => l.reason)).toEqual(['no access', 'not over https']);
  });
});
