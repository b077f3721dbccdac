// Copy and move of pages and folders (spec "POST /pages/{pageId}/copy", "POST
// /folders/{folderId}/copy"; docs/api.md "Lifecycle").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  createPage,
  expectError,
  expectStatus,
  getContent,
  listAll,
  tokenClient,
  uuid,
  UUID_RE,
  type Client,
  type Folder,
  type PageMeta,
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

// docs/api.md: copies answer 201.
const expectCreated = (status: number) => expect(status).toBe(201);

describe('POST /pages/{pageId}/copy', () => {
  it('copies title, icon and content into a folder under a new id', async () => {
    const source = await createPage(api, { title: 'Original', markdown: '# Original\n\nbody' });
    expectStatus(await api.patch(`/pages/${source.id}`, { icon: '⭐' }), 200);
    const target = await createFolder(api);
    const res = await api.post(`/pages/${source.id}/copy`, { parentId: target.id });
    expectCreated(res.status);
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.id).not.toBe(source.id);
    const copy = (await api.get(`/pages/${res.body.id}`)).body as PageMeta;
    expect(copy).toMatchObject({ title: 'Original', icon: '⭐', parentId: target.id });
    expect((await getContent(api, copy.id)).markdown).toBe('# Original\n\nbody');
    const original = (await api.get(`/pages/${source.id}`)).body as PageMeta;
    expect(original.parentId).toBeNull();
  });

  it('copies to the root with parentId null, and the copy is independent', async () => {
    const folder = await createFolder(api);
    const source = await createPage(api, { parentId: folder.id, markdown: 'shared' });
    const res = await api.post(`/pages/${source.id}/copy`, { parentId: null });
    expectCreated(res.status);
    const copyId = res.body.id as string;
    expect((await api.get(`/pages/${copyId}`)).body.parentId).toBeNull();
    expectStatus(
      await api.post(`/pages/${copyId}/content-operations`, {
        id: 'only-copy',
        operation: 'append',
        content: 'copy only',
      }),
      200,
    );
    expect((await getContent(api, source.id)).markdown).toBe('shared');
  });

  it('requires parentId: 400 when it is missing or not a UUID', async () => {
    const page = await createPage(api);
    expectError(await api.post(`/pages/${page.id}/copy`, {}), 400, 'invalid_request');
    expectError(
      await api.post(`/pages/${page.id}/copy`, { parentId: 'root' }),
      400,
      'invalid_request',
    );
  });

  it('answers 404 for an unknown page or target folder', async () => {
    const page = await createPage(api);
    expectError(await api.post(`/pages/${uuid()}/copy`, { parentId: null }), 404, 'not_found');
    expectError(await api.post(`/pages/${page.id}/copy`, { parentId: uuid() }), 404, 'not_found');
  });
});

describe('PATCH /pages/{pageId}/move', () => {
  it('moves a page into a folder and back to the root, answering page metadata', async () => {
    const folder = await createFolder(api);
    const page = await createPage(api, { markdown: 'moving' });
    const res = await api.patch(`/pages/${page.id}/move`, { parentId: folder.id });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: page.id, title: page.title, parentId: folder.id });
    const inside = await listAll<PageMeta>(api, `/pages?parentId=${folder.id}`);
    expect(inside.map((p) => p.id)).toEqual([page.id]);
    const back = await api.patch(`/pages/${page.id}/move`, { parentId: null });
    expectStatus(back, 200);
    expect(back.body.parentId).toBeNull();
    expect(await listAll(api, `/pages?parentId=${folder.id}`)).toEqual([]);
    expect((await getContent(api, page.id)).markdown).toBe('moving');
  });

  it('rejects a missing or bad parentId with 400 and an unknown target with 404', async () => {
    const page = await createPage(api);
    expectError(await api.patch(`/pages/${page.id}/move`, {}), 400, 'invalid_request');
    expectError(
      await api.patch(`/pages/${page.id}/move`, { parentId: 42 }),
      400,
      'invalid_request',
    );
    expectError(await api.patch(`/pages/${page.id}/move`, { parentId: uuid() }), 404, 'not_found');
    expectError(await api.patch(`/pages/${uuid()}/move`, { parentId: null }), 404, 'not_found');
  });
});

describe('POST /folders/{folderId}/copy', () => {
  it('copies the folder with its subtree and content, reporting no skipped items', async () => {
    const top = await createFolder(api, { name: 'Project' });
    const sub = await createFolder(api, { name: 'Notes', parentId: top.id });
    await createPage(api, { title: 'Top page', parentId: top.id, markdown: 'top' });
    await createPage(api, { title: 'Deep page', parentId: sub.id, markdown: 'deep' });
    const target = await createFolder(api, { name: 'Archive' });

    const res = await api.post(`/folders/${top.id}/copy`, { parentId: target.id });
    expectCreated(res.status);
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.id).not.toBe(top.id);
    expect(res.body.skippedRestrictedItems).toBe(false);

    const copy = (await api.get(`/folders/${res.body.id}`)).body as Folder;
    expect(copy).toMatchObject({ name: 'Project', parentId: target.id });
    const topPages = await listAll<PageMeta>(api, `/pages?parentId=${copy.id}`);
    expect(topPages.map((p) => p.title)).toEqual(['Top page']);
    expect((await getContent(api, topPages[0]!.id)).markdown).toBe('top');

    const folders = await listAll<Folder>(api, '/folders');
    const subCopies = folders.filter((f) => f.parentId === copy.id);
    expect(subCopies.map((f) => f.name)).toEqual(['Notes']);
    expect(subCopies[0]!.id).not.toBe(sub.id);
    const deepPages = await listAll<PageMeta>(api, `/pages?parentId=${subCopies[0]!.id}`);
    expect(deepPages.map((p) => p.title)).toEqual(['Deep page']);
    expect((await getContent(api, deepPages[0]!.id)).markdown).toBe('deep');

    // The source is untouched.
    expect((await listAll<PageMeta>(api, `/pages?parentId=${top.id}`)).length).toBe(1);
  });

  it('copies to the root with parentId null', async () => {
    const folder = await createFolder(api, { name: 'To root' });
    const res = await api.post(`/folders/${folder.id}/copy`, { parentId: null });
    expectCreated(res.status);
    expect((await api.get(`/folders/${res.body.id}`)).body.parentId).toBeNull();
  });

  it('answers 400 for a bad parentId and 404 for unknown folders', async () => {
    const folder = await createFolder(api);
    expectError(
      await api.post(`/folders/${folder.id}/copy`, { parentId: 'x' }),
      400,
      'invalid_request',
    );
    expectError(await api.post(`/folders/${uuid()}/copy`, { parentId: null }), 404, 'not_found');
    expectError(
      await api.post(`/folders/${folder.id}/copy`, { parentId: uuid() }),
      404,
      'not_found',
    );
  });

  it('copies a folder into its own subtree as the tree was before the copy', async () => {
    const top = await createFolder(api, { name: 'Self' });
    const sub = await createFolder(api, { name: 'Inner', parentId: top.id });
    const res = await api.post(`/folders/${top.id}/copy`, { parentId: sub.id });
    expectCreated(res.status);
    const folders = await listAll<Folder>(api, '/folders');
    const copy = folders.find((f) => f.id === res.body.id)!;
    expect(copy).toMatchObject({ name: 'Self', parentId: sub.id });
    const copiedInner = folders.filter((f) => f.parentId === copy.id);
    expect(copiedInner.map((f) => f.name)).toEqual(['Inner']);
    expect(folders.filter((f) => f.parentId === copiedInner[0]!.id)).toEqual([]);
  });
});
