// An `edit` grant moves items only within the tree it was granted on, and a permanent delete
// never removes items the caller cannot access (docs/api.md, Permissions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  createPage,
  expectError,
  expectStatus,
  getContent,
  grant,
  newUser,
  tokenClient,
  type Client,
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

async function editorOf(itemId: string): Promise<Client> {
  const other = await newUser(svc, 'editor');
  await grant(svc, other.email, itemId, 'edit');
  return other.api;
}

describe.concurrent('an edit grant cannot become admin through a move', { timeout: 90_000 }, () => {
  it('a page cannot be moved into a folder the editor owns, nor to their root', async () => {
    const shared = await createFolder(owner, { name: 'Shared' });
    const page = await createPage(owner, { parentId: shared.id, markdown: 'keep me' });
    const editor = await editorOf(shared.id);
    const mine = await createFolder(editor, { name: 'Mine' });

    expectError(await editor.del(`/pages/${page.id}/trash`), 403, 'forbidden');
    expectError(
      await editor.patch(`/pages/${page.id}/move`, { parentId: mine.id }),
      403,
      'forbidden',
    );
    expectError(await editor.patch(`/pages/${page.id}/move`, { parentId: null }), 403, 'forbidden');
    // Still the owner's, still in place, still only editable by the grantee.
    expect((await owner.get(`/pages/${page.id}`)).body.parentId).toBe(shared.id);
    expect((await editor.get(`/pages/${page.id}`)).body.permission).toBe('edit');
    expectError(await editor.del(`/pages/${page.id}/trash`), 403, 'forbidden');
  });

  it('a page moves freely within the granted tree, but not into a subfolder the editor created', async () => {
    const shared = await createFolder(owner, { name: 'Shared' });
    const inner = await createFolder(owner, { name: 'Inner', parentId: shared.id });
    const page = await createPage(owner, { parentId: shared.id });
    const editor = await editorOf(shared.id);
    expectStatus(await editor.patch(`/pages/${page.id}/move`, { parentId: inner.id }), 200);
    expectStatus(await editor.patch(`/pages/${page.id}/move`, { parentId: shared.id }), 200);
    // A folder the editor creates inside the shared tree is theirs: admin there would be admin on the page.
    const theirs = await createFolder(editor, { name: 'Theirs', parentId: shared.id });
    expectError(
      await editor.patch(`/pages/${page.id}/move`, { parentId: theirs.id }),
      403,
      'forbidden',
    );
  });

  it('a page cannot leave the granted tree for another tree the editor may edit', async () => {
    const first = await createFolder(owner, { name: 'First' });
    const second = await createFolder(owner, { name: 'Second' });
    const page = await createPage(owner, { parentId: first.id });
    const other = await newUser(svc, 'editor');
    await grant(svc, other.email, first.id, 'edit');
    await grant(svc, other.email, second.id, 'edit');
    expectError(
      await other.api.patch(`/pages/${page.id}/move`, { parentId: second.id }),
      403,
      'forbidden',
    );
    // An admin on the page may move it anywhere they can edit.
    const admin = await newUser(svc, 'admin');
    await grant(svc, admin.email, first.id, 'admin');
    await grant(svc, admin.email, second.id, 'edit');
    expectStatus(await admin.api.patch(`/pages/${page.id}/move`, { parentId: second.id }), 200);
  });

  it('the shared folder itself cannot be moved into the editor’s folder or root', async () => {
    const shared = await createFolder(owner, { name: 'Shared' });
    const secret = await createPage(owner, { parentId: shared.id, markdown: 'secret' });
    const editor = await editorOf(shared.id);
    const mine = await createFolder(editor, { name: 'Mine' });
    expectError(
      await editor.patch(`/folders/${shared.id}`, { parentId: mine.id }),
      403,
      'forbidden',
    );
    // Renaming stays an edit.
    expectStatus(await editor.patch(`/folders/${shared.id}`, { name: 'Renamed' }), 200);
    expect((await getContent(owner, secret.id)).markdown).toBe('secret');
    expect((await owner.get(`/folders/${shared.id}`)).body.parentId).toBeNull();
  });

  it('a subfolder moves within the granted tree but not out of it', async () => {
    const shared = await createFolder(owner, { name: 'Shared' });
    const a = await createFolder(owner, { name: 'A', parentId: shared.id });
    const b = await createFolder(owner, { name: 'B', parentId: shared.id });
    const editor = await editorOf(shared.id);
    expectStatus(await editor.patch(`/folders/${a.id}`, { parentId: b.id }), 200);
    const mine = await createFolder(editor, { name: 'Mine' });
    expectError(await editor.patch(`/folders/${a.id}`, { parentId: mine.id }), 403, 'forbidden');
    expectError(await editor.patch(`/folders/${a.id}`, { parentId: null }), 403, 'forbidden');
  });
});

describe.concurrent(
  'permanent delete never removes what the caller cannot access',
  { timeout: 90_000 },
  () => {
    it('a restricted page inside a folder an admin grantee deletes survives', async () => {
      const shared = await createFolder(owner, { name: 'Shared' });
      const visible = await createPage(owner, { parentId: shared.id, markdown: 'visible' });
      const hidden = await createPage(owner, { parentId: shared.id, markdown: 'hidden' });
      const hiddenFolder = await createFolder(owner, { name: 'Hidden', parentId: shared.id });
      const deep = await createPage(owner, { parentId: hiddenFolder.id, markdown: 'deep' });
      await svc.cli(['restrict', '--item', hidden.id]);
      await svc.cli(['restrict', '--item', hiddenFolder.id]);
      const admin = await newUser(svc, 'admin');
      await grant(svc, admin.email, shared.id, 'admin');

      expectStatus(await admin.api.del(`/folders/${shared.id}/trash`), 200);
      expectStatus(await admin.api.del(`/folders/${shared.id}/permanent`), 204);

      expectError(await owner.get(`/folders/${shared.id}`), 404, 'not_found');
      expectError(await owner.get(`/pages/${visible.id}`), 404, 'not_found');
      // The restricted items are the owner's still, kept in Trash where the owner can restore them.
      expectStatus(await owner.patch(`/pages/${hidden.id}/restore`), 200);
      expect((await getContent(owner, hidden.id)).markdown).toBe('hidden');
      expectStatus(await owner.patch(`/folders/${hiddenFolder.id}/restore`), 200);
      expect((await getContent(owner, deep.id)).markdown).toBe('deep');
    });

    it('Empty Trash keeps what the caller cannot access too', async () => {
      const shared = await createFolder(owner, { name: 'Shared' });
      const hidden = await createPage(owner, { parentId: shared.id, markdown: 'hidden' });
      await svc.cli(['restrict', '--item', hidden.id]);
      const admin = await newUser(svc, 'admin');
      await grant(svc, admin.email, shared.id, 'admin');
      expectStatus(await admin.api.del(`/folders/${shared.id}/trash`), 200);
      const emptied = await admin.api.del('/trash/empty');
      expectStatus(emptied, 200);
      expect(emptied.body).toEqual({ pagesDeleted: 0, foldersDeleted: 1 });
      expectStatus(await owner.patch(`/pages/${hidden.id}/restore`), 200);
      expect((await getContent(owner, hidden.id)).markdown).toBe('hidden');
    });
  },
);
