// Access per caller: isolation, grants inherited down folders, restricted items (spec "What the
// service does" access bullet, folder copy; docs/api.md "Permissions", 403 forbidden / 404 rows).
// Tests here are independent (fresh users, own items), so they run concurrently: most of their
// time is spent waiting for CLI processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  createPage,
  expectError,
  expectStatus,
  getContent,
  grant,
  listAll,
  newUser,
  tokenClient,
  type Client,
  type Folder,
  type PageMeta,
} from './support/http';

let svc: RunningService;
let owner: Client;

beforeAll(async () => {
  svc = await startService();
  owner = await tokenClient(svc);
});
afterAll(async () => {
  await svc?.stop();
});

const restrict = (item: string) => svc.cli(['restrict', '--item', item]);
const ids = (items: { id: string }[]) => items.map((i) => i.id);

/** The owner is shared (its items are distinct per test); each test gets a fresh second user. */
async function twoUsers(): Promise<{
  owner: Client;
  other: Client;
  otherEmail: string;
}> {
  const other = await newUser(svc, 'other');
  return { owner, other: other.api, otherEmail: other.email };
}

describe.concurrent('isolation between users', { timeout: 90_000 }, () => {
  it('a second user sees none of the first user’s items', async () => {
    const { owner, other } = await twoUsers();
    const folder = await createFolder(owner, { name: 'Private' });
    const page = await createPage(owner, { parentId: folder.id, markdown: 'secret' });
    const rootPage = await createPage(owner, { title: 'Private root page' });
    const trashed = await createPage(owner);
    expectStatus(await owner.del(`/pages/${trashed.id}/trash`), 200);

    expect(await listAll(other, '/pages')).toEqual([]);
    expect(await listAll(other, '/folders')).toEqual([]);
    expect(await listAll(other, '/trash/pages')).toEqual([]);
    // Filtering by a folder one cannot see reveals nothing: 404, or an empty list.
    const filtered = await other.get(`/pages?parentId=${folder.id}`);
    if (filtered.status === 200) expect(filtered.body.data).toEqual([]);
    else expectError(filtered, 404, 'not_found');
    for (const id of [page.id, rootPage.id]) {
      expectError(await other.get(`/pages/${id}`), 404, 'not_found');
      expectError(await other.get(`/pages/${id}/content`), 404, 'not_found');
    }
    expectError(await other.get(`/folders/${folder.id}`), 404, 'not_found');
    const resolved = await other.get('/pages/resolve?title=Private%20root%20page');
    expect(resolved.body.data).toEqual([]);
  });

  it('a second user cannot write, move, copy, trash or delete them: 404 every time', async () => {
    const { owner, other } = await twoUsers();
    const folder = await createFolder(owner);
    const page = await createPage(owner, { markdown: 'untouched' });
    const { etag } = await getContent(owner, page.id);
    const attempts = [
      other.patch(`/pages/${page.id}`, { title: 'x' }),
      other.put(`/pages/${page.id}/content`, {
        raw: 'x',
        headers: { 'content-type': 'text/markdown', 'if-match': etag },
      }),
      other.post(`/pages/${page.id}/edits`, {
        edits: [{ id: 'e', oldText: 'untouched', newText: 'x' }],
      }),
      other.post(`/pages/${page.id}/content-operations`, {
        id: 'o',
        operation: 'append',
        content: 'x',
      }),
      other.post(`/pages/${page.id}/copy`, { parentId: null }),
      other.patch(`/pages/${page.id}/move`, { parentId: null }),
      other.del(`/pages/${page.id}/trash`),
      other.del(`/pages/${page.id}/permanent`),
      other.patch(`/folders/${folder.id}`, { name: 'x' }),
      other.post(`/folders/${folder.id}/copy`, { parentId: null }),
      other.del(`/folders/${folder.id}/trash`),
      other.patch(`/folders/${folder.id}/restore`),
      other.del(`/folders/${folder.id}/permanent`),
      other.patch(`/pages/${page.id}/restore`),
      other.get(`/pages/${page.id}/export`),
      other.post('/pages', { title: 'in their folder', markdown: 'x', parentId: folder.id }),
      other.post('/folders', { name: 'in their folder', parentId: folder.id }),
    ];
    for (const res of await Promise.all(attempts)) expectError(res, 404, 'not_found');
    expect((await getContent(owner, page.id)).markdown).toBe('untouched');
    expect((await owner.get(`/folders/${folder.id}`)).body.name).toBe(folder.name);
  });
});

describe.concurrent('grants', { timeout: 90_000 }, () => {
  it('a view grant reads the page but every write is 403 forbidden', async () => {
    const { owner, other, otherEmail } = await twoUsers();
    const page = await createPage(owner, { markdown: 'shared read-only' });
    await grant(svc, otherEmail, page.id, 'view');

    const meta = await other.get(`/pages/${page.id}`);
    expectStatus(meta, 200);
    expect(meta.body.permission).toBe('view');
    expect((await getContent(other, page.id)).markdown).toBe('shared read-only');
    const listed = await listAll<PageMeta>(other, '/pages');
    expect(listed.find((p) => p.id === page.id)?.permission).toBe('view');

    const { etag } = await getContent(other, page.id);
    const writes = [
      other.patch(`/pages/${page.id}`, { title: 'x' }),
      other.put(`/pages/${page.id}/content`, {
        raw: 'x',
        headers: { 'content-type': 'text/markdown', 'if-match': etag },
      }),
      other.post(`/pages/${page.id}/edits`, {
        edits: [{ id: 'e', oldText: 'shared', newText: 'x' }],
      }),
      other.post(`/pages/${page.id}/content-operations`, {
        id: 'o',
        operation: 'append',
        content: 'x',
      }),
      other.patch(`/pages/${page.id}/move`, { parentId: null }),
      other.del(`/pages/${page.id}/trash`),
      other.del(`/pages/${page.id}/permanent`),
    ];
    for (const res of await Promise.all(writes)) expectError(res, 403, 'forbidden');
    expect((await getContent(owner, page.id)).markdown).toBe('shared read-only');
  });

  it('a grant on a folder reaches its whole subtree', async () => {
    const { owner, other, otherEmail } = await twoUsers();
    const top = await createFolder(owner);
    const sub = await createFolder(owner, { parentId: top.id });
    const deep = await createPage(owner, { parentId: sub.id, markdown: 'deep' });
    await createPage(owner, { title: 'outside' });
    await grant(svc, otherEmail, top.id, 'edit');

    expect(ids(await listAll(other, '/folders')).sort()).toEqual([top.id, sub.id].sort());
    expect(ids(await listAll(other, '/pages'))).toEqual([deep.id]);
    const meta = await other.get(`/pages/${deep.id}`);
    expect(meta.body.permission).toBe('edit');
    expect((await other.get(`/folders/${sub.id}`)).body.permission).toBe('edit');

    // edit: writes content and metadata, creates inside.
    expectStatus(
      await other.post(`/pages/${deep.id}/content-operations`, {
        id: 'by-editor',
        operation: 'append',
        content: 'editor was here',
      }),
      200,
    );
    expectStatus(await other.patch(`/pages/${deep.id}`, { title: 'renamed by editor' }), 200);
    const created = await other.post('/pages', {
      title: 'editor page',
      markdown: 'x',
      parentId: sub.id,
    });
    expectStatus(created, 201);
    expect((await getContent(owner, deep.id)).markdown).toContain('editor was here');
    expect(ids(await listAll(owner, `/pages?parentId=${sub.id}`))).toContain(created.body.id);

    // edit is not admin: trash and permanent deletion are forbidden.
    expectError(await other.del(`/pages/${deep.id}/trash`), 403, 'forbidden');
    expectError(await other.del(`/folders/${sub.id}/trash`), 403, 'forbidden');
    expectError(await other.del(`/folders/${top.id}/permanent`), 403, 'forbidden');
  });

  it('an admin grant may trash and restore', async () => {
    const { owner, other, otherEmail } = await twoUsers();
    const folder = await createFolder(owner);
    const page = await createPage(owner, { parentId: folder.id });
    await grant(svc, otherEmail, folder.id, 'admin');
    expect((await other.get(`/pages/${page.id}`)).body.permission).toBe('admin');
    expectStatus(await other.del(`/pages/${page.id}/trash`), 200);
    expectStatus(await other.patch(`/pages/${page.id}/restore`), 200);
    expect(ids(await listAll(owner, `/pages?parentId=${folder.id}`))).toEqual([page.id]);
  });

  it('a view grant on a folder does not allow creating, moving or copying into it', async () => {
    const { owner, other, otherEmail } = await twoUsers();
    const folder = await createFolder(owner);
    await grant(svc, otherEmail, folder.id, 'view');
    expectError(
      await other.post('/pages', { title: 'x', markdown: 'x', parentId: folder.id }),
      403,
      'forbidden',
    );
    expectError(await other.post('/folders', { name: 'x', parentId: folder.id }), 403, 'forbidden');
    const mine = await createPage(other, { title: 'mine' });
    expectError(
      await other.patch(`/pages/${mine.id}/move`, { parentId: folder.id }),
      403,
      'forbidden',
    );
    expectError(
      await other.post(`/pages/${mine.id}/copy`, { parentId: folder.id }),
      403,
      'forbidden',
    );
    expect(await listAll(owner, `/pages?parentId=${folder.id}`)).toEqual([]);
  });

  it('the best level along the path wins, and a folder owner administers what others add', async () => {
    const { owner, other, otherEmail } = await twoUsers();
    const top = await createFolder(owner);
    const sub = await createFolder(owner, { parentId: top.id });
    const deep = await createPage(owner, { parentId: sub.id });
    await grant(svc, otherEmail, top.id, 'admin');
    await grant(svc, otherEmail, sub.id, 'view');
    expect((await other.get(`/pages/${deep.id}`)).body.permission).toBe('admin');
    expect((await other.get(`/folders/${sub.id}`)).body.permission).toBe('admin');

    const theirs = await other.post('/pages', {
      title: 'added by other',
      markdown: 'x',
      parentId: sub.id,
    });
    expectStatus(theirs, 201);
    expect((await owner.get(`/pages/${theirs.body.id}`)).body.permission).toBe('admin');
    expectStatus(await owner.del(`/pages/${theirs.body.id}/trash`), 200);
  });
});

describe.concurrent('restricted items', { timeout: 90_000 }, () => {
  it('grants above a restricted item do not reach it', async () => {
    const { owner, other, otherEmail } = await twoUsers();
    const folder = await createFolder(owner);
    const open = await createPage(owner, { parentId: folder.id });
    const closed = await createPage(owner, { parentId: folder.id, markdown: 'closed' });
    await restrict(closed.id);
    await grant(svc, otherEmail, folder.id, 'edit');
    expect(ids(await listAll(other, '/pages'))).toEqual([open.id]);
    expectError(await other.get(`/pages/${closed.id}`), 404, 'not_found');
    expectError(await other.get(`/pages/${closed.id}/content`), 404, 'not_found');
    // The owner still sees it.
    expect((await getContent(owner, closed.id)).markdown).toBe('closed');
  });

  it('a folder copy skips restricted items and says so', async () => {
    const { owner, other, otherEmail } = await twoUsers();
    const folder = await createFolder(owner, { name: 'Team' });
    await createPage(owner, { title: 'visible', parentId: folder.id, markdown: 'v' });
    const hidden = await createPage(owner, { title: 'hidden', parentId: folder.id });
    const hiddenFolder = await createFolder(owner, { name: 'hidden folder', parentId: folder.id });
    await createPage(owner, { title: 'under hidden folder', parentId: hiddenFolder.id });
    await restrict(hidden.id);
    await restrict(hiddenFolder.id);
    await grant(svc, otherEmail, folder.id, 'edit');

    const res = await other.post(`/folders/${folder.id}/copy`, { parentId: null });
    expectStatus(res, 201);
    expect(res.body.skippedRestrictedItems).toBe(true);
    const copy = await other.get(`/folders/${res.body.id}`);
    expectStatus(copy, 200);
    expect(copy.body).toMatchObject({ name: 'Team', parentId: null, permission: 'admin' });
    expect(copy.body.ownerId).toBe((await other.get('/me')).body.id);
    const pages = await listAll<PageMeta>(other, `/pages?parentId=${res.body.id}`);
    expect(pages.map((p) => p.title)).toEqual(['visible']);
    const folders = await listAll<Folder>(other, '/folders');
    expect(folders.filter((f) => f.parentId === res.body.id)).toEqual([]);

    // The owner's own copy includes everything.
    const ownCopy = await owner.post(`/folders/${folder.id}/copy`, { parentId: null });
    expect(ownCopy.body.skippedRestrictedItems).toBe(false);
    const ownPages = await listAll<PageMeta>(owner, `/pages?parentId=${ownCopy.body.id}`);
    expect(ownPages.map((p) => p.title).sort()).toEqual(['hidden', 'visible']);
  });
});
