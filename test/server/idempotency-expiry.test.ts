// Idempotency time limits (spec "States and transitions" and "Limits": replay for 24 hours, an
// incomplete reservation expires after 5 minutes; docs/api.md "Idempotency"; expired
// entries are swept). The CLI has no clock to inject, so the tests age the stored records in
// the service's SQLite file (WAL lets a second connection write while the service runs).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createPage,
  expectError,
  expectStatus,
  getContent,
  tokenClient,
  uuid,
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

const MINUTE = 60_000;

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(svc.dataDir, 'pageclip.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

/** Rewrites the stored record of `key` as a reservation made `ageMs` ago that never completed. */
function ageIntoPending(key: string, ageMs: number): void {
  const changed = withDb(
    (db) =>
      db
        .prepare(
          `UPDATE idempotency SET state = 'pending', status = NULL, body = NULL, etag = NULL,
             completed_at = NULL, created_at = ? WHERE key = ?`,
        )
        .run(Date.now() - ageMs, key).changes,
  );
  expect(changed, `stored record for ${key}`).toBe(1);
}

/** Moves the completion of `key`'s stored response `ageMs` into the past. */
function ageCompleted(key: string, ageMs: number): void {
  const at = Date.now() - ageMs;
  const changed = withDb(
    (db) =>
      db
        .prepare('UPDATE idempotency SET created_at = ?, completed_at = ? WHERE key = ?')
        .run(at, at, key).changes,
  );
  expect(changed, `stored record for ${key}`).toBe(1);
}

const countKey = (key: string): number =>
  withDb(
    (db) =>
      (db.prepare('SELECT count(*) AS n FROM idempotency WHERE key = ?').get(key) as { n: number })
        .n,
  );

async function appendWithKey(pageId: string, key: string) {
  return api.post(
    `/pages/${pageId}/content-operations`,
    { id: key, operation: 'append', content: `mark-${key}` },
    { headers: { 'idempotency-key': key } },
  );
}

const copies = async (pageId: string, key: string) =>
  (await getContent(api, pageId)).markdown.split(`mark-${key}`).length - 1;

describe('idempotency time limits', () => {
  it('a reservation younger than 5 minutes answers 409 idempotency_key_in_use', async () => {
    const page = await createPage(api);
    const key = uuid();
    expectStatus(await appendWithKey(page.id, key), 200);
    ageIntoPending(key, 4 * MINUTE);
    expectError(await appendWithKey(page.id, key), 409, 'idempotency_key_in_use');
    expect(await copies(page.id, key)).toBe(1);
  });

  it('a reservation older than 5 minutes has expired: the next request runs as new', async () => {
    const page = await createPage(api);
    const key = uuid();
    expectStatus(await appendWithKey(page.id, key), 200);
    ageIntoPending(key, 6 * MINUTE);
    const res = await appendWithKey(page.id, key);
    expectStatus(res, 200);
    expect(res.headers.get('idempotent-replayed')).not.toBe('true');
    expect(await copies(page.id, key)).toBe(2);
  });

  it('a completed response is replayed within 24 hours', async () => {
    const page = await createPage(api);
    const key = uuid();
    expectStatus(await appendWithKey(page.id, key), 200);
    ageCompleted(key, 23 * 60 * MINUTE);
    const res = await appendWithKey(page.id, key);
    expectStatus(res, 200);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(await copies(page.id, key)).toBe(1);
  });

  it('a completed response older than 24 hours is no longer replayed', async () => {
    const page = await createPage(api);
    const key = uuid();
    expectStatus(await appendWithKey(page.id, key), 200);
    ageCompleted(key, 24 * 60 * MINUTE + MINUTE);
    const res = await appendWithKey(page.id, key);
    expectStatus(res, 200);
    expect(res.headers.get('idempotent-replayed')).not.toBe('true');
    expect(await copies(page.id, key)).toBe(2);
  });

  it('sweeps expired records and keeps live ones', async () => {
    const page = await createPage(api);
    const [oldDone, oldPending, live] = [uuid(), uuid(), uuid()];
    for (const key of [oldDone, oldPending, live]) {
      expectStatus(await appendWithKey(page.id, key), 200);
    }
    ageCompleted(oldDone, 25 * 60 * MINUTE);
    ageIntoPending(oldPending, 10 * MINUTE);
    await svc.restart();
    expect(countKey(oldDone)).toBe(0);
    expect(countKey(oldPending)).toBe(0);
    expect(countKey(live)).toBe(1);
    const replay = await appendWithKey(page.id, live);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});
