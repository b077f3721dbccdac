// Trash, restore, permanent deletion and empty Trash (spec "States and transitions",
// "Lifecycle, remaining operations"; docs/api.md "Lifecycle", "Permissions").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  createPage,
  expectError,
  expectStatus,
  ISO_MS,
  listAll,
  newUser,
  uuid,
  tokenClient,
  type Client,
} from './support/http';

let svc: RunningService;
let api: Client;

beforeAll(async () => {
  svc = await startService();
  api = await tokenClient(svc);
});
afterAll(async () => {
  await svc?.stop();
});

/** Empty-Trash tests get their own users, so the counts are exact. */
async function freshUser(): Promise<Client> {
  return (await newUser(svc, 'life')).api;
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('pages', () => {
  it('trashes a page: 200 {id}, gone from lists, listed in Trash with deletedAt', async () => {
    const page = await createPage(api);
    const res = await api.del(`/pages/${page.id}/trash`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ id: page.id });
    expect(ids(await listAll(api, '/pages'))).not.toContain(page.id);
    const trash = await listAll<{ id: string; deletedAt: string }>(api, '/trash/pages');
    const entry = trash.find((item) => item.id === page.id);
    expect(entry?.deletedAt).toMatch(ISO_MS);
  });

  it('restores a trashed page: 200 {id}, back in the list, out of Trash', async () => {
    const folder = await createFolder(api);
    const page = await createPage(api, { parentId: folder.id, markdown: 'kept content' });
    expectStatus(await api.del(`/pages/${page.id}/trash`), 200);
    const res = await api.patch(`/pages/${page.id}/restore`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ id: page.id });
    expect(ids(await listAll(api, `/pages?parentId=${folder.id}`))).toEqual([page.id]);
    expect(ids(await listAll(api, '/trash/pages'))).not.toContain(page.id);
    expect((await api.get(`/pages/${page.id}/content`)).text).toBe('kept content');
  });

  it('restores a page to the root when its folder is still in Trash', async () => {
    const folder = await createFolder(api);
    const page = await createPage(api, { parentId: folder.id });
    expectStatus(await api.del(`/folders/${folder.id}/trash`), 200);
    expectStatus(await api.patch(`/pages/${page.id}/restore`), 200);
    const restored = await api.get(`/pages/${page.id}`);
    expectStatus(restored, 200);
    expect(restored.body.parentId).toBeNull();
    expect(ids(await listAll(api, '/pages'))).toContain(page.id);
    expect(ids(await listAll(api, '/trash/folders'))).toContain(folder.id);
  });

  it('deletes a page permanently: 204, then it is gone everywhere', async () => {
    const page = await createPage(api);
    expectStatus(await api.del(`/pages/${page.id}/trash`), 200);
    const res = await api.del(`/pages/${page.id}/permanent`);
    expectStatus(res, 204);
    expect(res.text).toBe('');
    expect(ids(await listAll(api, '/trash/pages'))).not.toContain(page.id);
    expectError(await api.get(`/pages/${page.id}`), 404, 'not_found');
    expectError(await api.get(`/pages/${page.id}/content`), 404, 'not_found');
    expectError(await api.patch(`/pages/${page.id}/restore`), 404, 'not_found');
  });

  it('answers 404 for lifecycle operations on unknown pages and 400 for bad ids', async () => {
    expectError(await api.del(`/pages/${uuid()}/trash`), 404, 'not_found');
    expectError(await api.patch(`/pages/${uuid()}/restore`), 404, 'not_found');
    expectError(await api.del(`/pages/${uuid()}/permanent`), 404, 'not_found');
    expectError(await api.del('/pages/x/trash'), 400, 'invalid_request');
    expectError(await api.patch('/pages/x/restore'), 400, 'invalid_request');
    expectError(await api.del('/pages/x/permanent'), 400, 'invalid_request');
  });

  it('treats a trashed page as absent for reads and writes', async () => {
    const page = await createPage(api, { markdown: 'in the bin' });
    expectStatus(await api.del(`/pages/${page.id}/trash`), 200);
    expectError(await api.get(`/pages/${page.id}`), 404, 'not_found');
    expectError(await api.get(`/pages/${page.id}/content`), 404, 'not_found');
    expectError(
      await api.post(`/pages/${page.id}/content-operations`, {
        id: 'x',
        operation: 'append',
        content: 'lost?',
      }),
      404,
      'not_found',
    );
    expectError(await api.patch(`/pages/${page.id}`, { title: 'x' }), 404, 'not_found');
  });

  it('makes trash and restore retry-safe: repeating either is a no-op 200', async () => {
    const page = await createPage(api);
    expectStatus(await api.del(`/pages/${page.id}/trash`), 200);
    const again = await api.del(`/pages/${page.id}/trash`);
    expectStatus(again, 200);
    expect(again.body).toEqual({ id: page.id });
    expectStatus(await api.patch(`/pages/${page.id}/restore`), 200);
    const restoreAgain = await api.patch(`/pages/${page.id}/restore`);
    expectStatus(restoreAgain, 200);
    expect(restoreAgain.body).toEqual({ id: page.id });
    expectStatus(await api.get(`/pages/${page.id}`), 200);
  });
});

describe('folders', () => {
  it('trashes a folder with its whole subtree', async () => {
    const top = await createFolder(api);
    const sub = await createFolder(api, { parentId: top.id });
    const inTop = await createPage(api, { parentId: top.id });
    const inSub = await createPage(api, { parentId: sub.id });
    const outside = await createPage(api);
    const res = await api.del(`/folders/${top.id}/trash`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ id: top.id });
    const folders = ids(await listAll(api, '/folders'));
    expect(folders).not.toContain(top.id);
    expect(folders).not.toContain(sub.id);
    const pages = ids(await listAll(api, '/pages'));
    expect(pages).toContain(outside.id);
    expect(pages).not.toContain(inTop.id);
    expect(pages).not.toContain(inSub.id);
    const trashedFolders = await listAll<{ id: string; deletedAt: string }>(api, '/trash/folders');
    expect(ids(trashedFolders)).toContain(top.id);
    for (const folder of trashedFolders) expect(folder.deletedAt).toMatch(ISO_MS);
    expect(ids(await listAll(api, '/trash/pages'))).not.toContain(outside.id);
    // The subtree is not reachable while in Trash: filtering by a trashed folder is a 404
    // or lists nothing, and its pages are not readable through the lists.
    for (const [folder, page] of [
      [sub.id, inSub.id],
      [top.id, inTop.id],
    ]) {
      const res = await api.get(`/pages?parentId=${folder}`);
      if (res.status === 200) expect(ids(res.body.data)).not.toContain(page);
      else expectError(res, 404, 'not_found');
    }
  });

  it('restores a folder with its subtree (spec: PATCH /folders/{id}/restore)', async () => {
    const top = await createFolder(api);
    const sub = await createFolder(api, { parentId: top.id });
    const inSub = await createPage(api, { parentId: sub.id, markdown: 'deep' });
    expectStatus(await api.del(`/folders/${top.id}/trash`), 200);
    const res = await api.patch(`/folders/${top.id}/restore`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ id: top.id });
    expect(ids(await listAll(api, '/folders'))).toEqual(expect.arrayContaining([top.id, sub.id]));
    expect(ids(await listAll(api, `/pages?parentId=${sub.id}`))).toEqual([inSub.id]);
    expect(ids(await listAll(api, '/trash/folders'))).not.toContain(top.id);
    expect(ids(await listAll(api, '/trash/folders'))).not.toContain(sub.id);
    expect(ids(await listAll(api, '/trash/pages'))).not.toContain(inSub.id);
    expect((await api.get(`/pages/${inSub.id}/content`)).text).toBe('deep');
  });

  it('deletes a folder permanently with its subtree: 204', async () => {
    const top = await createFolder(api);
    const page = await createPage(api, { parentId: top.id });
    expectStatus(await api.del(`/folders/${top.id}/trash`), 200);
    expectStatus(await api.del(`/folders/${top.id}/permanent`), 204);
    expectError(await api.get(`/folders/${top.id}`), 404, 'not_found');
    expectError(await api.get(`/pages/${page.id}`), 404, 'not_found');
    expect(ids(await listAll(api, '/trash/folders'))).not.toContain(top.id);
    expect(ids(await listAll(api, '/trash/pages'))).not.toContain(page.id);
  });

  it('answers 404 for lifecycle operations on unknown folders', async () => {
    expectError(await api.del(`/folders/${uuid()}/trash`), 404, 'not_found');
    expectError(await api.patch(`/folders/${uuid()}/restore`), 404, 'not_found');
    expectError(await api.del(`/folders/${uuid()}/permanent`), 404, 'not_found');
  });

  it('lists items trashed with a folder in Trash, newest deletion first', async () => {
    const early = await createPage(api);
    expectStatus(await api.del(`/pages/${early.id}/trash`), 200);
    await new Promise((r) => setTimeout(r, 5));
    const folder = await createFolder(api);
    const inside = await createPage(api, { parentId: folder.id });
    expectStatus(await api.del(`/folders/${folder.id}/trash`), 200);
    const trash = await listAll<{ id: string; deletedAt: string }>(api, '/trash/pages');
    const order = ids(trash);
    expect(order).toContain(inside.id);
    expect(order.indexOf(inside.id)).toBeLessThan(order.indexOf(early.id));
    for (let i = 1; i < trash.length; i++) {
      expect(trash[i - 1]!.deletedAt >= trash[i]!.deletedAt).toBe(true);
    }
  });

  it('restores a subfolder to the root when its parent is still in Trash', async () => {
    const top = await createFolder(api);
    const sub = await createFolder(api, { parentId: top.id });
    const page = await createPage(api, { parentId: sub.id });
    expectStatus(await api.del(`/folders/${top.id}/trash`), 200);
    expectStatus(await api.patch(`/folders/${sub.id}/restore`), 200);
    const restored = await api.get(`/folders/${sub.id}`);
    expectStatus(restored, 200);
    expect(restored.body.parentId).toBeNull();
    expect(ids(await listAll(api, `/pages?parentId=${sub.id}`))).toEqual([page.id]);
    expectError(await api.get(`/folders/${top.id}`), 404, 'not_found');
  });
});

describe('DELETE /trash/empty', () => {
  it('deletes everything in the caller’s Trash and reports the counts', async () => {
    const api = await freshUser();
    const folder = await createFolder(api);
    await createPage(api, { parentId: folder.id });
    const loose = await createPage(api);
    const kept = await createPage(api);
    expectStatus(await api.del(`/folders/${folder.id}/trash`), 200);
    expectStatus(await api.del(`/pages/${loose.id}/trash`), 200);
    const res = await api.del('/trash/empty');
    expectStatus(res, 200);
    expect(res.body).toEqual({ pagesDeleted: 2, foldersDeleted: 1 });
    expect(await listAll(api, '/trash/pages')).toEqual([]);
    expect(await listAll(api, '/trash/folders')).toEqual([]);
    expect(ids(await listAll(api, '/pages'))).toEqual([kept.id]);
    const again = await api.del('/trash/empty');
    expectStatus(again, 200);
    expect(again.body).toEqual({ pagesDeleted: 0, foldersDeleted: 0 });
  });

  it('leaves other users’ Trash alone', async () => {
    const a = api;
    const b = await freshUser();
    const page = await createPage(a);
    expectStatus(await a.del(`/pages/${page.id}/trash`), 200);
    const res = await b.del('/trash/empty');
    expectStatus(res, 200);
    expect(res.body).toEqual({ pagesDeleted: 0, foldersDeleted: 0 });
    expect(ids(await listAll(a, '/trash/pages'))).toContain(page.id);
  });
});

describe('Trash lists', () => {
  it('validate limit and cursor like the other lists', async () => {
    for (const path of ['/trash/pages', '/trash/folders']) {
      expectError(await api.get(`${path}?limit=0`), 400, 'invalid_request');
      expectError(await api.get(`${path}?limit=101`), 400, 'invalid_request');
      expectError(await api.get(`${path}?cursor=bm9wZQ`), 400, 'invalid_request');
    }
  });
});
