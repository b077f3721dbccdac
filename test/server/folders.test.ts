// Folders: list, create, read, update and move (spec "Endpoints / Folders"; docs/api.md
// "General" ordering, "Lifecycle" PATCH /folders/{id}, 409 conflict).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  expectError,
  expectStatus,
  ISO_MS,
  listAll,
  tokenClient,
  uuid,
  UUID_RE,
  type Client,
  type Folder,
} from './support/http';

let svc: RunningService;
let api: Client;
let me: { id: string };

beforeAll(async () => {
  svc = await startService();
  api = await tokenClient(svc);
  me = (await api.get('/me')).body;
});
afterAll(async () => {
  await svc?.stop();
});

describe('POST /folders', () => {
  it('creates a root folder with the full record', async () => {
    const res = await api.post('/folders', { name: 'Reading', parentId: null });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({ name: 'Reading', parentId: null, permission: 'admin' });
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.ownerId).toBe(me.id);
    expect(res.body.createdAt).toMatch(ISO_MS);
    expect(res.body.updatedAt).toMatch(ISO_MS);
  });

  it('creates at the root when parentId is omitted, and nests with a parentId', async () => {
    const root = await api.post('/folders', { name: 'Top' });
    expectStatus(root, 201);
    expect(root.body.parentId).toBeNull();
    const child = await api.post('/folders', { name: 'Child', parentId: root.body.id });
    expectStatus(child, 201);
    expect(child.body.parentId).toBe(root.body.id);
  });

  it('rejects a missing, empty or non-string name with 400 invalid_request', async () => {
    expectError(await api.post('/folders', {}), 400, 'invalid_request');
    expectError(await api.post('/folders', { name: '' }), 400, 'invalid_request');
    expectError(await api.post('/folders', { name: 3 }), 400, 'invalid_request');
  });

  it('rejects a bad parentId with 400 and an unknown one with 404', async () => {
    expectError(await api.post('/folders', { name: 'x', parentId: 'abc' }), 400, 'invalid_request');
    expectError(await api.post('/folders', { name: 'x', parentId: uuid() }), 404, 'not_found');
  });

  it('limits names to 255 characters and icons to 100 (docs/api.md Limits)', async () => {
    expectStatus(await api.post('/folders', { name: 'n'.repeat(255) }), 201);
    expectError(await api.post('/folders', { name: 'n'.repeat(256) }), 400, 'invalid_request');
    const folder = await createFolder(api);
    expectStatus(await api.patch(`/folders/${folder.id}`, { icon: 'i'.repeat(100) }), 200);
    expectError(
      await api.patch(`/folders/${folder.id}`, { icon: 'i'.repeat(101) }),
      400,
      'invalid_request',
    );
  });
});

describe('GET /folders/{folderId}', () => {
  it('returns the folder record', async () => {
    const folder = await createFolder(api, { name: 'Get me' });
    const res = await api.get(`/folders/${folder.id}`);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      id: folder.id,
      name: 'Get me',
      parentId: null,
      ownerId: me.id,
      permission: 'admin',
      createdAt: folder.createdAt,
    });
  });

  it('answers 404 for an unknown folder and 400 for a bad UUID', async () => {
    expectError(await api.get(`/folders/${uuid()}`), 404, 'not_found');
    expectError(await api.get('/folders/zzz'), 400, 'invalid_request');
  });

  it('treats an upper-case id as the same folder', async () => {
    const folder = await createFolder(api);
    const res = await api.get(`/folders/${folder.id.toUpperCase()}`);
    expectStatus(res, 200);
    expect(res.body.id).toBe(folder.id);
  });
});

describe('PATCH /folders/{folderId}', () => {
  it('renames and sets the icon', async () => {
    const folder = await createFolder(api, { name: 'Before' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await api.patch(`/folders/${folder.id}`, { name: 'After', icon: '📁' });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: folder.id, name: 'After', icon: '📁' });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(folder.updatedAt));
    expect((await api.get(`/folders/${folder.id}`)).body.name).toBe('After');
  });

  it('moves a folder with parentId, and back to the root with null', async () => {
    const target = await createFolder(api);
    const folder = await createFolder(api);
    const moved = await api.patch(`/folders/${folder.id}`, { parentId: target.id });
    expectStatus(moved, 200);
    expect(moved.body.parentId).toBe(target.id);
    const back = await api.patch(`/folders/${folder.id}`, { parentId: null });
    expectStatus(back, 200);
    expect(back.body.parentId).toBeNull();
  });

  it('answers 409 conflict when moving a folder into itself or its own subtree', async () => {
    const top = await createFolder(api);
    const mid = await createFolder(api, { parentId: top.id });
    const low = await createFolder(api, { parentId: mid.id });
    expectError(await api.patch(`/folders/${top.id}`, { parentId: top.id }), 409, 'conflict');
    expectError(await api.patch(`/folders/${top.id}`, { parentId: low.id }), 409, 'conflict');
    expect((await api.get(`/folders/${top.id}`)).body.parentId).toBeNull();
  });

  it('rejects an empty patch, unknown fields and wrong types with 400', async () => {
    const folder = await createFolder(api);
    expectError(await api.patch(`/folders/${folder.id}`, {}), 400, 'invalid_request');
    expectError(await api.patch(`/folders/${folder.id}`, { title: 'x' }), 400, 'invalid_request');
    expectError(await api.patch(`/folders/${folder.id}`, { name: 9 }), 400, 'invalid_request');
    expectError(
      await api.patch(`/folders/${folder.id}`, { parentId: 'nope' }),
      400,
      'invalid_request',
    );
  });

  it('answers 404 for an unknown folder or target folder', async () => {
    const folder = await createFolder(api);
    expectError(await api.patch(`/folders/${uuid()}`, { name: 'x' }), 404, 'not_found');
    expectError(await api.patch(`/folders/${folder.id}`, { parentId: uuid() }), 404, 'not_found');
  });
});

describe('GET /folders', () => {
  it('lists every folder once, ordered by createdAt then id', async () => {
    // Created concurrently, so several share a createdAt millisecond and the id breaks the tie.
    await Promise.all(Array.from({ length: 12 }, () => createFolder(api)));
    const all = await listAll<Folder>(api, '/folders', 7);
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((f) => f.id)).size).toBe(all.length);
    for (let i = 1; i < all.length; i++) {
      const prev = all[i - 1]!;
      const cur = all[i]!;
      const inOrder =
        prev.createdAt < cur.createdAt || (prev.createdAt === cur.createdAt && prev.id < cur.id);
      expect(inOrder, `${prev.createdAt} ${prev.id} before ${cur.createdAt} ${cur.id}`).toBe(true);
    }
    for (const folder of all) {
      expect(folder).toEqual(
        expect.objectContaining({
          id: expect.stringMatching(UUID_RE),
          name: expect.any(String),
          permission: 'admin',
          createdAt: expect.stringMatching(ISO_MS),
          updatedAt: expect.stringMatching(ISO_MS),
        }),
      );
      expect('parentId' in folder).toBe(true);
    }
  });

  it('rejects limit 0, 101 and non-numbers with 400, and a bad cursor with 400', async () => {
    for (const limit of ['0', '101', 'abc', '-1', '2.5']) {
      expectError(await api.get(`/folders?limit=${limit}`), 400, 'invalid_request');
    }
    expectError(await api.get('/folders?cursor=not-a-cursor'), 400, 'invalid_request');
  });

  it('accepts limit 1 and 100', async () => {
    const one = await api.get('/folders?limit=1');
    expectStatus(one, 200);
    expect(one.body.data).toHaveLength(1);
    expect(typeof one.body.nextCursor).toBe('string');
    expectStatus(await api.get('/folders?limit=100'), 200);
  });
});
