// The reach table (server/db/reach.ts) caches which folders each user reaches. Whatever
// happens to a transaction it was rebuilt in, and whoever granted, a user's next list sees
// the grants as they are.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { createRepositories, type Repositories } from '../../server/db/repositories';

let dir: string;
let db: Database;
let repos: Repositories;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pageclip-reach-'));
  db = openDatabase(dir);
  repos = createRepositories(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ownerWithFolder(label: string) {
  const user = await repos.users.create({ email: `${label}@example.test`, password: 'pw-1234567' });
  const folder = { id: crypto.randomUUID(), owner_id: user.id, parent_id: null, name: label };
  const now = Date.now();
  repos.folders.insert({ ...folder, icon: null, created_at: now, updated_at: now });
  return { user, folderId: folder.id };
}

describe('the reach cache', () => {
  it('is rebuilt after a transaction it was rebuilt in rolls back', async () => {
    const owner = await ownerWithFolder('owner');
    const { user: reader } = await ownerWithFolder('reader');
    repos.reach.ensure(reader.id);
    repos.grants.set(reader.id, owner.folderId, 'view');
    expect(() =>
      db.transaction(() => {
        repos.reach.ensure(reader.id);
        expect(repos.reach.level(reader.id, owner.folderId)).toBe(1);
        throw new Error('refused later in the same request');
      })(),
    ).toThrow('refused later');
    // The rollback took the rebuilt rows with it; the cache must not claim they are current.
    repos.reach.ensure(reader.id);
    expect(repos.reach.level(reader.id, owner.folderId)).toBe(1);
  });

  it('sees a grant another connection committed', async () => {
    const owner = await ownerWithFolder('owner');
    const { user: reader } = await ownerWithFolder('reader');
    repos.reach.ensure(reader.id);
    expect(repos.reach.level(reader.id, owner.folderId)).toBe(0);
    // As the command line's `grant` does: its own connection and repositories.
    const cli = openDatabase(dir);
    try {
      createRepositories(cli).grants.set(reader.id, owner.folderId, 'edit');
    } finally {
      cli.close();
    }
    repos.reach.ensure(reader.id);
    expect(repos.reach.level(reader.id, owner.folderId)).toBe(2);
  });
});
