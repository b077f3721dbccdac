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
import { ApiClient, collect } from '../../lib/api';
import { readPageclipId, withPageclipId } from '../../lib/clip-markdown';
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

const HELD_MS = 3000;
let importsStarted = 0;

/** A stopped worker's client: its requests leave (the proxy may hold them), no answer returns. */
function sendAndFreeze(): ApiClient {
  importsStarted = 0;
  return new ApiClient({
    baseUrl: rig.proxy.rebase(rig.service.baseUrl),
    credential: { kind: 'token', token: rig.token },
    fetch: async (input, init) => {
      if (String(input).endsWith('/imports/vaultapp')) importsStarted += 1;
      void fetch(input, { ...init, signal: undefined }).catch(() => undefined);
      return new Promise<Response>(() => undefined);
    },
  });
}

/** Every live page, in any folder, carrying this clip id. */
async function pagesOfClipAnywhere(clipId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const page of await collect(rig.direct.listPages({}))) {
    if (readPageclipId((await rig.direct.getContent(page.id)).markdown) === clipId)
      ids.push(page.id);
  }
  return ids;
}

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

  it('an import a stopped worker left held back, landing after the save, is trashed by the late check', async () => {
    const folder = await rig.newFolder();
    const write = clip(folder);
    rig.proxy.addRule({
      method: 'POST',
      path: /imports\/vaultapp$/,
      faults: [{ kind: 'delay', ms: HELD_MS, phase: 'before' }],
    });
    // The stopped worker's request is on its way (an intermediary holds it); it never hears back.
    const dead = rig.makeOutbox({
      getClient: async () => sendAndFreeze(),
      images: browserImageKeeper({}, { fetch: withCookie, hasAccess: async () => true }),
    });
    await dead.enqueue(write, 'x');
    void dead.flush();
    await expect.poll(async () => (await dead.get(write.clipId))?.images?.phase).toBe('importing');
    await expect.poll(() => importsStarted).toBe(1);
    dead.dispose();

    const box = outbox();
    await rig.drain(box);
    const saved = (await box.get(write.clipId))!;
    expect(saved).toMatchObject({ status: 'saved', outcomeUnknown: true });
    expect(saved.lateCheckAt).not.toBeNull();

    // The held import reaches the service now: a second page, as imported, at the top level.
    await rig.proxy.idle();
    expect(importsSent()).toBe(2);
    const copies = await pagesOfClipAnywhere(write.clipId);
    expect(copies).toHaveLength(2);
    expect(copies).toContain(saved.result!.pageId);

    rig.clock.now = saved.lateCheckAt!;
    await box.flush();
    expect(await pagesOfClipAnywhere(write.clipId)).toEqual([saved.result!.pageId]);
    expect((await box.get(write.clipId))?.lateCheckAt).toBeNull();
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
