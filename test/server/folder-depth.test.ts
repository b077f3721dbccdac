// Folder nesting is limited (docs/api.md, Limits) for creation, moves, copies and imports, and
// trees deeper than that (from data written before the limit) can still be deleted.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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
} from './support/http';

const MAX_DEPTH = 256;
const MAX_IMPORT_FOLDERS = 10_000;

let svc: RunningService;
let api: Client;

beforeAll(async () => {
  svc = await startService();
  api = (await newUser(svc, 'depth')).api;
});
afterAll(async () => {
  await svc?.stop();
});

/** A chain of `depth` folders made through the API; returns their ids, outermost first. */
async function chain(client: Client, depth: number, parentId: string | null = null) {
  const ids: string[] = [];
  for (let i = 0; i < depth; i++) {
    ids.push((await createFolder(client, { name: `d${i}`, parentId })).id);
    parentId = ids[ids.length - 1]!;
  }
  return ids;
}

describe('the folder depth limit', { timeout: 120_000 }, () => {
  let deep: string[];
  beforeAll(async () => {
    deep = await chain(api, MAX_DEPTH);
  }, 120_000);

  it(`POST /folders nests ${MAX_DEPTH} levels and refuses the next with the error envelope`, async () => {
    const res = await api.post('/folders', { name: 'too deep', parentId: deep.at(-1) });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.message).toMatch(/parentId/);
    expect(res.body.error.message).toMatch(new RegExp(`${MAX_DEPTH}`));
  });

  it('a move that would nest a subtree too deep is refused, one that fits is made', async () => {
    const two = await chain(api, 2);
    expectError(
      await api.patch(`/folders/${two[0]}`, { parentId: deep.at(-1) }),
      400,
      'invalid_request',
    );
    expectError(
      await api.patch(`/folders/${two[0]}`, { parentId: deep.at(-2) }),
      400,
      'invalid_request',
    );
    expectStatus(await api.patch(`/folders/${two[0]}`, { parentId: deep.at(-3) }), 200);
    expect((await api.get(`/folders/${two[0]}`)).body.parentId).toBe(deep.at(-3));
  });

  it('a copy that would nest too deep is refused, and nothing is copied', async () => {
    const two = await chain(api, 2);
    const before = (await listAll(api, '/folders')).length;
    expectError(
      await api.post(`/folders/${two[0]}/copy`, { parentId: deep.at(-2) }),
      400,
      'invalid_request',
    );
    expect((await listAll(api, '/folders')).length).toBe(before);
    expectStatus(await api.post(`/folders/${two[0]}/copy`, { parentId: deep.at(-3) }), 201);
  });

  it('a vault note nested deeper than the limit is a per-file error', async () => {
    const tooDeep = `${Array.from({ length: MAX_DEPTH + 1 }, () => 'a').join('/')}/Note.md`;
    const fits = `${Array.from({ length: MAX_DEPTH }, () => 'b').join('/')}/Note.md`;
    const res = await api.post('/imports/vaultapp', {
      files: [
        { path: tooDeep, content: 'x' },
        { path: fits, content: 'y' },
      ],
    });
    expectStatus(res, 200);
    expect(res.body.pagesCreated).toBe(1);
    expect(res.body.foldersCreated).toBe(MAX_DEPTH);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatch(/^files\[0\] .*256/);
  });

  it(`one import creates at most ${MAX_IMPORT_FOLDERS} folders`, async () => {
    const { api: importer } = await newUser(svc, 'importer');
    const files = Array.from({ length: 41 }, (_, i) => ({
      path: `${i}/${Array.from({ length: MAX_DEPTH - 1 }, () => 'a').join('/')}/Note.md`,
      content: `note ${i}`,
    }));
    const res = await importer.post('/imports/vaultapp', { files });
    expectStatus(res, 200);
    expect(res.body.foldersCreated).toBeLessThanOrEqual(MAX_IMPORT_FOLDERS);
    expect(res.body.foldersCreated).toBe(39 * MAX_DEPTH);
    expect(res.body.pagesCreated).toBe(39);
    expect(res.body.errors).toHaveLength(2);
    expect(res.body.errors[0]).toMatch(/^files\[39\] .*10,000 folders/);
    expect((await listAll(importer, '/folders')).length).toBe(39 * MAX_DEPTH);
  });
});

/**
 * A folder chain as deep as a data directory written before the depth limit could hold,
 * written straight into the service's database (as the command line does while it runs).
 */
function writeDeepChain(ownerId: string, depth: number): { rootId: string; leafPage: string } {
  const db = new Database(join(svc.dataDir, 'pageclip.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insertFolder = db.prepare(
    `INSERT INTO folders (id, owner_id, parent_id, name, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const ids: string[] = [];
  const now = Date.now();
  db.transaction(() => {
    let parent: string | null = null;
    for (let i = 0; i < depth; i++) {
      const id = randomUUID();
      insertFolder.run(id, ownerId, parent, `level ${i}`, now, now);
      ids.push(id);
      parent = id;
    }
  })();
  db.close();
  return { rootId: ids[0]!, leafPage: ids.at(-1)! };
}

describe('deleting trees deeper than the limit', { timeout: 120_000 }, () => {
  it('permanent delete removes a 1,500-level chain', async () => {
    const { api: user } = await newUser(svc, 'deep');
    const me = (await user.get('/me')).body;
    const { rootId, leafPage: leaf } = writeDeepChain(me.id, 1500);
    const page = await createPage(user, { parentId: leaf, markdown: 'at the bottom' });
    expectStatus(await user.del(`/folders/${rootId}/trash`), 200);
    expectStatus(await user.del(`/folders/${rootId}/permanent`), 204);
    expectError(await user.get(`/folders/${leaf}`), 404, 'not_found');
    expectError(await user.get(`/pages/${page.id}`), 404, 'not_found');
    expect(await listAll(user, '/trash/folders')).toEqual([]);
  });

  it('Empty Trash removes a 1,500-level chain and everything else in Trash', async () => {
    const { api: user } = await newUser(svc, 'deep');
    const me = (await user.get('/me')).body;
    const { rootId } = writeDeepChain(me.id, 1500);
    const loose = await createPage(user, { markdown: 'loose' });
    expectStatus(await user.del(`/folders/${rootId}/trash`), 200);
    expectStatus(await user.del(`/pages/${loose.id}/trash`), 200);
    const res = await user.del('/trash/empty');
    expectStatus(res, 200);
    expect(res.body).toEqual({ pagesDeleted: 1, foldersDeleted: 1500 });
    expect(await listAll(user, '/trash/folders')).toEqual([]);
    expect(await listAll(user, '/trash/pages')).toEqual([]);
  });
});
