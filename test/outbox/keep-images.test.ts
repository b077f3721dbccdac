/**
 * A new page with kept images, delivered by the real outbox to the real service through the
 * fault proxy: the images are read from a web server that wants a cookie, imported with the
 * page, and the page is exactly once in its folder whatever answer is lost.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browserImageKeeper } from '../../lib/images/keeper';
import { loadImages } from '../../lib/images/image-store';
import type { Outbox } from '../../lib/outbox';
import { withPageclipId } from '../../lib/clip-markdown';
import type { WriteRequest } from '../../lib/write-request';
import { PIXEL_GIF, png } from '../images/image-bytes';
import { startRig, type OutboxRig } from './rig';

let rig: OutboxRig;
let web: Server;
let webOrigin: string;
const hits = new Map<string, number>();
const files = new Map<string, { type: string; bytes: Uint8Array }>([
  ['/a.png', { type: 'image/png', bytes: png(800, 600, 20_000, 1) }],
  ['/b.png', { type: 'image/png', bytes: png(640, 480, 30_000, 2) }],
  ['/pixel.gif', { type: 'image/gif', bytes: PIXEL_GIF }],
]);

beforeAll(async () => {
  rig = await startRig();
  web = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    // Served only to the signed-in reader, as behind a paywall or a CDN check.
    if (!file || req.headers.cookie !== 'reader=yes') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type }).end(file.bytes);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webOrigin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await rig?.close();
  await new Promise((resolve) => web?.close(resolve));
});
beforeEach(() => {
  fakeBrowser.reset();
  rig.proxy.reset();
  hits.clear();
});

/** The browser's cookie jar, as `credentials: 'include'` uses it for a granted host. */
const withCookie: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as object), cookie: 'reader=yes' } });

function outbox(): Outbox {
  return rig.makeOutbox({
    images: browserImageKeeper({}, { fetch: withCookie, hasAccess: async () => true }),
  });
}

function clip(
  parentId: string | null,
  title = `Kept ${crypto.randomUUID()}`,
): Extract<WriteRequest, { kind: 'create-page' }> {
  const clipId = crypto.randomUUID();
  const body = [
    `![A](${webOrigin}/a.png "first")`,
    `![B](${webOrigin}/b.png)`,
    `![gone](${webOrigin}/missing.png)`,
    `![](${webOrigin}/pixel.gif)`,
    `![again](${webOrigin}/a.png)`,
  ].join('\n\n');
  return {
    kind: 'create-page',
    clipId,
    title,
    markdown: withPageclipId(`---\ntitle: x\n---\n\n${body}\n`, clipId),
    parentId,
    keepImages: true,
  };
}

const importsSent = () =>
  rig.proxy.log.filter((r) => r.method === 'POST' && r.path.endsWith('/imports/vaultapp')).length;

async function imageBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(new URL(url, rig.service.origin), {
    headers: { authorization: `Bearer ${rig.token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('outbox: a new page with kept images', () => {
  it('stores the images with the page in its folder; a failed image keeps its link and is named', async () => {
    const folder = await rig.newFolder();
    const write = clip(folder, 'Rivers / valleys');
    const box = outbox();
    await box.enqueue(write, 'Rivers');
    await rig.drain(box);
    const entry = (await box.get(write.clipId))!;
    expect(entry.status).toBe('saved');

    const [page] = await rig.direct.resolvePages({ title: 'Rivers / valleys', parentId: folder });
    expect(page?.id).toBe(entry.result?.pageId);
    const { markdown } = await rig.direct.getContent(page!.id);
    const stored = [...markdown.matchAll(/!\[[^\]]*\]\((\/api\/v1\/images\/[0-9a-f-]+)/g)].map(
      (m) => m[1]!,
    );
    expect(stored).toHaveLength(3); // a.png twice, b.png once
    expect(await imageBytes(stored[0]!)).toEqual(files.get('/a.png')!.bytes);
    expect(await imageBytes(stored[1]!)).toEqual(files.get('/b.png')!.bytes);
    expect(stored[2]).toBe(stored[0]);
    expect(markdown).toContain(`![gone](${webOrigin}/missing.png)`);
    expect(markdown).toContain(`![](${webOrigin}/pixel.gif)`);
    expect(entry.result?.images).toEqual({
      stored: 2,
      skipped: 1,
      links: [{ url: `${webOrigin}/missing.png`, reason: 'HTTP 404' }],
    });
    expect(entry.images).toMatchObject({ phase: 'placing' });
    expect(await loadImages(write.clipId)).toBeNull(); // the bytes left storage with the save
  });

  it('the import applied but its answer lost: one page, and the images imported once', async () => {
    const folder = await rig.newFolder();
    const write = clip(folder);
    rig.proxy.addRule({ method: 'POST', path: /imports\/vaultapp$/, faults: ['drop-after-apply'] });
    const box = outbox();
    await box.enqueue(write, 'x');
    await rig.drain(box);
    expect((await box.get(write.clipId))?.status).toBe('saved');
    expect(importsSent()).toBe(1);
    const inFolder = await rig.direct.resolvePages({ title: write.title, parentId: folder });
    expect(inFolder).toHaveLength(1);
    expect(await rig.direct.resolvePages({ title: write.title, parentId: null })).toHaveLength(0);
  });

  it('a title with marks and controls the service removes: found after the import, imported once', async () => {
    const folder = await rig.newFolder();
    // A left-to-right mark, a C1 control, an isolate and NEL (which the service makes a space).
    const write = clip(folder, `Tal\u200Ees \u0090of\u2066 two\u0085rivers ${crypto.randomUUID()}`);
    const stored = write.title.replace(/[\u200E\u0090\u2066]/g, '').replace('\u0085', ' ');
    rig.proxy.addRule({ method: 'POST', path: /imports\/vaultapp$/, faults: ['drop-after-apply'] });
    const box = outbox();
    await box.enqueue(write, 'x');
    await rig.drain(box);
    const entry = (await box.get(write.clipId))!;
    expect(entry.status).toBe('saved');
    expect(importsSent()).toBe(1);
    const inFolder = await rig.direct.resolvePages({ title: stored, parentId: folder });
    expect(inFolder.map((p) => p.id)).toEqual([entry.result?.pageId]);
    expect(await rig.direct.resolvePages({ title: stored, parentId: null })).toHaveLength(0);
  });

  it('images are read once: a retry after a failed import sends the bytes kept in storage', async () => {
    const write = clip(null);
    rig.proxy.addRule({ method: 'POST', path: /imports\/vaultapp$/, faults: ['unavailable'] });
    const box = outbox();
    await box.enqueue(write, 'x');
    await box.flush();
    const waiting = (await box.get(write.clipId))!;
    expect(waiting.status).toBe('queued');
    expect(waiting.images).toMatchObject({ phase: 'importing', done: 4, total: 4 });
    expect((await loadImages(write.clipId))?.kept).toHaveLength(2);
    await rig.drain(box);
    expect((await box.get(write.clipId))?.status).toBe('saved');
    expect(hits.get('/a.png')).toBe(1);
    expect(importsSent()).toBe(2);
  });

  it('without access to the image host every image keeps its link, and says why', async () => {
    const write = clip(null);
    const box = rig.makeOutbox({
      images: browserImageKeeper({}, { fetch: withCookie, hasAccess: async () => false }),
    });
    await box.enqueue(write, 'x');
    await rig.drain(box);
    const entry = (await box.get(write.clipId))!;
    expect(entry.result?.images?.stored).toBe(0);
    expect(entry.result?.images?.links.map((l) => l.reason)).toEqual([
      'no access',
      'no access',
      'no access',
      'no access',
    ]);
    expect(hits.size).toBe(0);
  });
});
