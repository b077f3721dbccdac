import type { Database } from './database';

/**
 * Which folders each user reaches, and at what level (docs/api.md, Permissions), kept in a
 * connection-private table so a list request costs what it returns rather than a walk over
 * every folder the user can reach. A user's rows are rebuilt on their next list after any
 * change to folders or grants: changes made through this connection call `touch`, and
 * changes by another process (the command line's `grant`, `restrict`) move SQLite's
 * `data_version`.
 */
export function reachRepository(db: Database) {
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS reach (
      user_id TEXT NOT NULL,
      folder_id TEXT NOT NULL,
      level INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      deleted_at INTEGER,
      PRIMARY KEY (user_id, folder_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS temp.reach_live ON reach(user_id, created_at, folder_id)
      WHERE deleted_at IS NULL;
    CREATE INDEX IF NOT EXISTS temp.reach_trash ON reach(user_id, deleted_at DESC, folder_id)
      WHERE deleted_at IS NOT NULL;
  `);
  const clear = db.prepare('DELETE FROM temp.reach WHERE user_id = ?');
  // Owned folders count as an admin grant; grants flow down to children unless a child is
  // restricted. UNION (not ALL) keeps each (id, level) once, so an owner's own tree is
  // walked once per level, not once per ancestor.
  const fill = db.prepare(
    `INSERT INTO temp.reach (user_id, folder_id, level, created_at, deleted_at)
     WITH RECURSIVE acc(id, lvl) AS (
       SELECT id, 3 FROM folders WHERE owner_id = @user
       UNION
       SELECT g.item_id, g.level FROM grants g JOIN folders f ON f.id = g.item_id
        WHERE g.user_id = @user
       UNION
       SELECT c.id, acc.lvl FROM folders c JOIN acc ON c.parent_id = acc.id
        WHERE c.restricted = 0
     )
     SELECT @user, f.id, max(acc.lvl), f.created_at, f.deleted_at
       FROM acc JOIN folders f ON f.id = acc.id GROUP BY f.id`,
  );
  const level = db.prepare<[string, string], { level: number }>(
    'SELECT level FROM temp.reach WHERE user_id = ? AND folder_id = ?',
  );
  const all = db.prepare<[string], { folder_id: string; level: number }>(
    'SELECT folder_id, level FROM temp.reach WHERE user_id = ?',
  );

  /** Users whose rows are current, with the change count they were built at. */
  const built = new Map<string, string>();
  const MAX_USERS = 64;
  let changes = 0;
  const version = () => `${changes}:${db.pragma('data_version', { simple: true }) as number}`;

  return {
    /** Marks every user's rows stale; folders and grants call it on each change. */
    touch(): void {
      changes++;
    },
    /** Rebuilds the user's rows if anything changed since they were built. */
    ensure(userId: string): void {
      const now = version();
      if (built.get(userId) === now) return;
      db.transaction(() => {
        clear.run(userId);
        fill.run({ user: userId });
      })();
      built.delete(userId);
      // Rebuilt inside a caller's transaction, the rows go if it rolls back: only rows
      // committed with the rebuild may be trusted on the next call.
      if (db.inTransaction) return;
      built.set(userId, now);
      if (built.size > MAX_USERS) {
        const oldest = built.keys().next().value!;
        built.delete(oldest);
        clear.run(oldest);
      }
    },
    level: (userId: string, folderId: string): number => level.get(userId, folderId)?.level ?? 0,
    all: (userId: string): Map<string, number> =>
      new Map(all.all(userId).map((r) => [r.folder_id, r.level])),
  };
}

export type ReachRepository = ReturnType<typeof reachRepository>;
