import type { Database } from './database';

export const LEVELS = { view: 1, edit: 2, admin: 3 } as const;
export type Level = keyof typeof LEVELS;

/** `changed` is called on every write, since grants decide who reaches which folder. */
export function grantsRepository(db: Database, changed: () => void = () => {}) {
  const get = db.prepare<[string, string], { level: number }>(
    'SELECT level FROM grants WHERE user_id = ? AND item_id = ?',
  );
  const set = db.prepare(
    `INSERT INTO grants (user_id, item_id, level) VALUES (?, ?, ?)
     ON CONFLICT (user_id, item_id) DO UPDATE SET level = excluded.level`,
  );
  const forItems = db.prepare(
    'DELETE FROM grants WHERE item_id IN (SELECT value FROM json_each(?))',
  );
  return {
    level: (userId: string, itemId: string): number => get.get(userId, itemId)?.level ?? 0,
    set(userId: string, itemId: string, level: Level): void {
      set.run(userId, itemId, LEVELS[level]);
      changed();
    },
    removeForItems(ids: string[]): void {
      forItems.run(JSON.stringify(ids));
      changed();
    },
  };
}

export type GrantsRepository = ReturnType<typeof grantsRepository>;
