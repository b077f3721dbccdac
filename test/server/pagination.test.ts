// Cursor pagination (spec "GET /pages", "GET /folders", "Limits"; docs/api.md "General": opaque
// keyset cursors, stable while items are created or updated between pages; bad cursor 400).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  createPage,
  expectError,
  expectStatus,
  listAll,
  newUser,
  type Client,
  type PageMeta,
} from './support/http';

let svc: RunningService;
let api: Client;
let pageIds: string[];

const PAGES = 250;

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>) {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, k) => make(start + k));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

beforeAll(async () => {
  svc = await startService();
  api = (await newUser(svc, 'pager')).api;
  const pages = await inBatches(PAGES, 25, (i) => createPage(api, { title: `p${i}` }));
  pageIds = pages.map((p) => p.id);
});
afterAll(async () => {
  await svc?.stop();
});

async function fetchPage(cursor: string | null, limit = 100) {
  const res = await api.get(
    `/pages?limit=${limit}` + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''),
  );
  expectStatus(res, 200);
  return res.body as { data: PageMeta[]; nextCursor: string | null };
}

const touch = (id: string, n: number) => api.patch(`/pages/${id}`, { title: `touched ${n}` });

function expectNewestFirst(items: PageMeta[]): void {
  for (let i = 1; i < items.length; i++) {
    expect(Date.parse(items[i]!.updatedAt)).toBeLessThanOrEqual(
      Date.parse(items[i - 1]!.updatedAt),
    );
  }
}

describe('GET /pages pagination', () => {
  it('lists 250 pages 100 at a time, each exactly once, newest first', async () => {
    const first = await fetchPage(null);
    expect(first.data).toHaveLength(100);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await fetchPage(first.nextCursor);
    expect(second.data).toHaveLength(100);
    const third = await fetchPage(second.nextCursor);
    expect(third.data).toHaveLength(50);
    expect(third.nextCursor).toBeNull();
    const all = [...first.data, ...second.data, ...third.data];
    expect(new Set(all.map((p) => p.id)).size).toBe(PAGES);
    expect(all.map((p) => p.id).sort()).toEqual([...pageIds].sort());
    expectNewestFirst(all);
  });

  it('defaults to 50 items per page', async () => {
    const res = await api.get('/pages');
    expectStatus(res, 200);
    expect(res.body.data).toHaveLength(50);
    expect(res.body.nextCursor).toEqual(expect.any(String));
  });

  it('stays exact when already-listed pages are updated between fetches', async () => {
    const snapshot = (await listAll<PageMeta>(api, '/pages')).map((p) => p.id);
    const first = await fetchPage(null);
    // Updating listed pages moves them to the front; they must not come back again.
    await Promise.all(first.data.slice(0, 30).map((p, i) => touch(p.id, i)));
    await createPage(api, { title: 'created mid-listing' });
    const second = await fetchPage(first.nextCursor);
    await Promise.all(second.data.slice(50).map((p, i) => touch(p.id, 100 + i)));
    const third = await fetchPage(second.nextCursor);
    expect(third.nextCursor).toBeNull();
    const seen = [...first.data, ...second.data, ...third.data].map((p) => p.id);
    expect(seen).toEqual(snapshot);
  });

  it('stays exact when not-yet-listed pages are updated between fetches', async () => {
    const snapshot = (await listAll<PageMeta>(api, '/pages')).map((p) => p.id);
    const first = await fetchPage(null);
    // Updating pages the listing has not reached yet must neither drop nor repeat them.
    await Promise.all(snapshot.slice(150, 170).map((id, i) => touch(id, 200 + i)));
    const second = await fetchPage(first.nextCursor);
    await Promise.all(snapshot.slice(220, 230).map((id, i) => touch(id, 300 + i)));
    const third = await fetchPage(second.nextCursor);
    const seen = [...first.data, ...second.data, ...third.data].map((p) => p.id);
    expect(third.nextCursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(snapshot);
  });

  it('keeps going when the item a cursor points at is trashed, skipping only trashed pages', async () => {
    const snapshot = (await listAll<PageMeta>(api, '/pages')).map((p) => p.id);
    const first = await fetchPage(null, 40);
    const anchor = first.data.at(-1)!.id;
    const ahead = snapshot[60]!;
    expectStatus(await api.del(`/pages/${anchor}/trash`), 200);
    expectStatus(await api.del(`/pages/${ahead}/trash`), 200);
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await fetchPage(cursor, 40);
      rest.push(...next.data.map((p) => p.id));
      cursor = next.nextCursor;
    }
    const seen = [...first.data.map((p) => p.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    expect(rest).not.toContain(ahead);
    expect(seen.filter((id) => id !== ahead)).toEqual(snapshot.filter((id) => id !== ahead));
    // Restore them so later tests see all pages again.
    expectStatus(await api.patch(`/pages/${anchor}/restore`), 200);
    expectStatus(await api.patch(`/pages/${ahead}/restore`), 200);
  });

  it('rejects limit 0, 101, -1, 1.5, abc and empty with 400 invalid_request', async () => {
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '']) {
      const res = await api.get(`/pages?limit=${limit}`);
      expectError(res, 400, 'invalid_request');
      expect(res.body.error.message).toMatch(/limit/);
    }
  });

  it('accepts limit 1 and 100', async () => {
    const one = await fetchPage(null, 1);
    expect(one.data).toHaveLength(1);
    const hundred = await fetchPage(null, 100);
    expect(hundred.data).toHaveLength(100);
  });

  it('rejects cursors that do not parse with 400 invalid_request', async () => {
    const real = (await fetchPage(null, 10)).nextCursor!;
    for (const cursor of [
      'garbage',
      'eyJ1IjoxfQ',
      '%7B%7D',
      real.slice(0, Math.max(1, real.length - 4)),
      'a'.repeat(5000),
    ]) {
      const res = await api.get(`/pages?cursor=${encodeURIComponent(cursor)}`);
      expectError(res, 400, 'invalid_request');
      expect(res.body.error.message).toMatch(/cursor/);
    }
  });

  it('keeps the parentId filter across pages', async () => {
    const folder = await createFolder(api);
    const inside = await inBatches(12, 12, () => createPage(api, { parentId: folder.id }));
    const listed = await listAll<PageMeta>(api, `/pages?parentId=${folder.id}`, 5);
    expect(listed.map((p) => p.id).sort()).toEqual(inside.map((p) => p.id).sort());
  });
});

describe('other lists', () => {
  it('folders come back each exactly once across pages, even with creations in between', async () => {
    const created = await inBatches(23, 23, () => createFolder(api));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api.get(
        `/folders?limit=5` + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''),
      );
      expectStatus(res, 200);
      seen.push(...res.body.data.map((f: { id: string }) => f.id));
      cursor = res.body.nextCursor;
      if (pages++ === 1) await createFolder(api, { name: 'late' });
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const folder of created) expect(seen).toContain(folder.id);
  });

  it('trash lists paginate too', async () => {
    const doomed = await inBatches(12, 12, () => createPage(api));
    await Promise.all(doomed.map((p) => api.del(`/pages/${p.id}/trash`)));
    const listed = await listAll<{ id: string }>(api, '/trash/pages', 5);
    expect(listed.map((p) => p.id).sort()).toEqual(doomed.map((p) => p.id).sort());
  });
});
