// The command line (`grant`, `user add`, `token`) writes the service's database while the
// service runs (docs/api.md, Command line). A request must never fail because another process
// wrote at the same moment: it waits for the write lock instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase, writeTransaction } from '../../server/db/database';
import { startService, type RunningService } from '../helpers/service';
import { createFolder, createPage, expectStatus, tokenClient, type Client } from './support/http';

describe('a write transaction and another connection writing the same database', () => {
  it('commits even when the other connection tries to write between its read and its write', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pageclip-write-tx-'));
    const service = openDatabase(dir);
    const cli = openDatabase(dir);
    try {
      service.exec('CREATE TABLE marks (who TEXT NOT NULL)');
      // No waiting on the other side: it either writes at once or is refused.
      cli.pragma('busy_timeout = 0');
      let cliWrote = false;
      const run = () =>
        writeTransaction(service, () => {
          service.prepare('SELECT count(*) FROM marks').get();
          try {
            cli.prepare("INSERT INTO marks VALUES ('cli')").run();
            cliWrote = true;
          } catch (error) {
            expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
          }
          service.prepare("INSERT INTO marks VALUES ('service')").run();
        });
      // A deferred transaction holds only a read snapshot here: the other write lands,
      // and this transaction's own write then fails at once with SQLITE_BUSY.
      expect(run).not.toThrow();
      expect(cliWrote).toBe(false);
      const rows = cli.prepare('SELECT who FROM marks').all();
      expect(rows).toEqual([{ who: 'service' }]);
    } finally {
      cli.close();
      service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the service while another process writes its database', () => {
  let svc: RunningService;
  let owner: Client;

  beforeAll(async () => {
    svc = await startService();
    owner = await tokenClient(svc);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('answers every move, rename and append without an internal error', async () => {
    const a = await createFolder(owner, { name: 'A' });
    const b = await createFolder(owner, { name: 'B' });
    const page = await createPage(owner, { parentId: a.id, markdown: 'start' });
    // Stands for the command line: another process committing small writes back to back.
    const other = new BetterSqlite3(join(svc.dataDir, DATABASE_FILE));
    other.pragma('busy_timeout = 5000');
    const touch = other.prepare('UPDATE users SET name = name');
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        touch.run();
        writes++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      for (let i = 0; i < 100; i++) {
        const [moved, renamed, appended] = await Promise.all([
          owner.patch(`/pages/${page.id}/move`, { parentId: i % 2 ? a.id : b.id }),
          owner.patch(`/folders/${b.id}`, { name: `B ${i}` }),
          owner.post(`/pages/${page.id}/content-operations`, {
            id: crypto.randomUUID(),
            operation: 'append',
            content: `line ${i}`,
          }),
        ]);
        expectStatus(moved, 200);
        expectStatus(renamed, 200);
        expectStatus(appended, 200);
      }
    } finally {
      writing = false;
      await writer;
      other.close();
    }
    // The other process really did write throughout.
    expect(writes).toBeGreaterThan(100);
  });
});
