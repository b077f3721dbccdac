import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate } from './migrations';

export type { Database };

export const DATABASE_FILE = 'pageclip.sqlite';

/**
 * Opens (creating if needed) the service database in `dataDir`: WAL so the CLI can write
 * while the service runs (docs/api.md, Command line), foreign keys on, and
 * `synchronous=NORMAL`, which in WAL mode keeps every commit durable across a process crash
 * while avoiding an fsync per append.
 */
export function openDatabase(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Checkpoints copy the WAL back with fsyncs; doing that every 64 MiB instead of every
  // 4 MiB keeps them off most appends. A larger page cache and mmap serve reads from memory.
  db.pragma('wal_autocheckpoint = 16384');
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  db.pragma('temp_store = MEMORY');
  migrate(db);
  return db;
}

/**
 * Runs `fn` as one write transaction begun with BEGIN IMMEDIATE, so it takes the write lock
 * before its first read. The command line writes the same database while the service runs;
 * a deferred transaction that reads and then writes cannot wait for that writer (in WAL, a
 * snapshot another connection has since changed cannot be upgraded, so SQLite answers
 * SQLITE_BUSY at once, without the busy timeout). Taking the lock first makes it wait for
 * the busy timeout instead, and its reads are then current when it writes. Nested inside
 * another transaction it becomes a savepoint, as any better-sqlite3 transaction does.
 */
export function writeTransaction<T>(db: Database, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/** Checkpoints the WAL into the main file and closes, so a stopped service leaves one file. */
export function closeDatabase(db: Database): void {
  if (!db.open) return;
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
