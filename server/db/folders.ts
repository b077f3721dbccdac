import { cleanTitleOr } from '../domain/names';
import type { Database } from './database';

export interface FolderRow {
  id: string;
  owner_id: string;
  parent_id: string | null;
  name: string;
  icon: string | null;
  restricted: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  trash_root: string | null;
}

export interface KeysetPosition {
  at: number;
  id: string;
}

const COLUMNS =
  'id, owner_id, parent_id, name, icon, restricted, created_at, updated_at, deleted_at, trash_root';

/** `changed` is called on every write that can change who reaches which folder. */
export function foldersRepository(db: Database, changed: () => void = () => {}) {
  const get = db.prepare<[string], FolderRow>(`SELECT ${COLUMNS} FROM folders WHERE id = ?`);
  const insert = db.prepare(
    `INSERT INTO folders (id, owner_id, parent_id, name, icon, created_at, updated_at)
     VALUES (@id, @owner_id, @parent_id, @name, @icon, @created_at, @updated_at)`,
  );
  const update = db.prepare(
    `UPDATE folders SET name = @name, icon = @icon, parent_id = @parent_id, updated_at = @updated_at
     WHERE id = @id`,
  );
  const restrict = db.prepare('UPDATE folders SET restricted = 1 WHERE id = ?');
  const children = db.prepare<[string], FolderRow>(
    `SELECT ${COLUMNS} FROM folders WHERE parent_id = ? ORDER BY created_at, id`,
  );
  const subtree = db.prepare<[string], { id: string }>(
    `WITH RECURSIVE sub(id) AS (
       SELECT ? UNION SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
     ) SELECT id FROM sub`,
  );
  const trashSubtree = db.prepare(
    `WITH RECURSIVE sub(id) AS (
       SELECT @root UNION SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
        WHERE f.deleted_at IS NULL
     )
     UPDATE folders SET deleted_at = @now, trash_root = @root
      WHERE id IN (SELECT id FROM sub) AND deleted_at IS NULL`,
  );
  const trashSubtreePages = db.prepare(
    `WITH RECURSIVE sub(id) AS (
       SELECT @root UNION SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
        WHERE f.deleted_at IS NULL OR f.trash_root = @root
     )
     UPDATE pages SET deleted_at = @now, trash_root = @root
      WHERE parent_id IN (SELECT id FROM sub) AND deleted_at IS NULL`,
  );
  // The folder and what went to Trash together with it: descendants carrying the same
  // trash_root. Pages first, while the folders still carry their trash_root.
  const SUBTREE_TRASHED_WITH = `WITH RECURSIVE sub(id) AS (
       SELECT @id UNION SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
        WHERE f.trash_root = @root
     )`;
  const restorePages = db.prepare(
    `${SUBTREE_TRASHED_WITH}
     UPDATE pages SET deleted_at = NULL, trash_root = NULL
      WHERE parent_id IN (SELECT id FROM sub) AND trash_root = @root`,
  );
  const restoreFolders = db.prepare(
    `${SUBTREE_TRASHED_WITH}
     UPDATE folders SET deleted_at = NULL, trash_root = NULL WHERE id IN (SELECT id FROM sub)`,
  );
  const moveToRoot = db.prepare('UPDATE folders SET parent_id = NULL WHERE id = ?');
  // Levels from the top: a top-level folder is at 1.
  const depth = db.prepare<[string], { n: number | null }>(
    `WITH RECURSIVE up(id, n) AS (
       SELECT parent_id, 1 FROM folders WHERE id = ?
       UNION ALL SELECT f.parent_id, up.n + 1 FROM folders f JOIN up ON f.id = up.id
     ) SELECT max(n) AS n FROM up`,
  );
  // Levels of a subtree: a folder without subfolders is 1 tall.
  const height = db.prepare<[string], { n: number | null }>(
    `WITH RECURSIVE sub(id, n) AS (
       SELECT ?, 1 UNION ALL SELECT f.id, sub.n + 1 FROM folders f JOIN sub ON f.parent_id = sub.id
     ) SELECT max(n) AS n FROM sub`,
  );
  // Set-based removal: detaching first means no row has a child when it is deleted, so the
  // ON DELETE CASCADE never recurses (SQLite stops recursive cascades at 1000 levels).
  const detachAll = db.prepare(
    'UPDATE folders SET parent_id = NULL WHERE id IN (SELECT value FROM json_each(?))',
  );
  const removeAll = db.prepare('DELETE FROM folders WHERE id IN (SELECT value FROM json_each(?))');
  const remove = db.prepare('DELETE FROM folders WHERE id = ?');
  const byName = db.prepare<[string], FolderRow>(
    `SELECT ${COLUMNS} FROM folders WHERE name = ? AND deleted_at IS NULL ORDER BY created_at, id`,
  );
  // Lists read the user's rows of `temp.reach` (see reach.ts) in index order, so a page of
  // results costs its own size, however many folders the user reaches.
  const F_COLUMNS = COLUMNS.split(', ')
    .map((column) => `f.${column}`)
    .join(', ');
  const listQuery = (where: string, order: string) =>
    db.prepare<[{ user: string; limit: number; at?: number; id?: string }], FolderRow>(
      `SELECT ${F_COLUMNS} FROM temp.reach r JOIN folders f ON f.id = r.folder_id
        WHERE r.user_id = @user AND ${where} ORDER BY ${order} LIMIT @limit`,
    );
  const LIVE_ORDER = 'r.created_at, r.folder_id';
  const listFirst = listQuery('r.deleted_at IS NULL', LIVE_ORDER);
  const listAfter = listQuery(
    'r.deleted_at IS NULL AND r.created_at >= @at AND (r.created_at > @at OR r.folder_id > @id)',
    LIVE_ORDER,
  );
  const TRASH_ORDER = 'r.deleted_at DESC, r.folder_id';
  const trashFirst = listQuery('r.deleted_at IS NOT NULL', TRASH_ORDER);
  const trashAfter = listQuery(
    'r.deleted_at IS NOT NULL AND r.deleted_at <= @at AND (r.deleted_at < @at OR r.folder_id > @id)',
    TRASH_ORDER,
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM folders');
  const allTrashed = db.prepare<[], FolderRow>(
    `SELECT ${COLUMNS} FROM folders WHERE deleted_at IS NOT NULL`,
  );

  return {
    get: (id: string): FolderRow | undefined => get.get(id),
    /** Names are stored without control characters (docs/api.md, Limits). */
    insert(row: Omit<FolderRow, 'restricted' | 'deleted_at' | 'trash_root'>): void {
      insert.run({ ...row, name: cleanTitleOr(row.name, 'Folder') });
      changed();
    },
    /** Saves name, icon and parent; returns the row as stored. */
    update(row: FolderRow): FolderRow {
      const saved = { ...row, name: cleanTitleOr(row.name, 'Folder') };
      update.run(saved);
      changed();
      return saved;
    },
    restrict(id: string): boolean {
      changed();
      return restrict.run(id).changes > 0;
    },
    children: (id: string): FolderRow[] => children.all(id),
    subtreeIds: (id: string): string[] => subtree.all(id).map((r) => r.id),
    /** Moves the folder and its live subtree to Trash, remembering they went together. */
    trash(root: string, now: number): void {
      trashSubtreePages.run({ root, now });
      trashSubtree.run({ root, now });
      changed();
    },
    /** Restores the folder and its subtree that went to Trash with it (items trashed on their own stay there). */
    restore(folder: FolderRow): void {
      const params = { id: folder.id, root: folder.trash_root ?? folder.id };
      restorePages.run(params);
      restoreFolders.run(params);
      changed();
    },
    moveToRoot(id: string): void {
      moveToRoot.run(id);
      changed();
    },
    /** How many levels from the top the folder is (1: top level). */
    depth: (id: string): number => depth.get(id)?.n ?? 0,
    /** How many levels the folder's subtree spans, the folder included. */
    height: (id: string): number => height.get(id)?.n ?? 1,
    /** Deletes these folders, which must hold no pages and no folders outside the set. */
    removeAll(ids: string[]): void {
      const json = JSON.stringify(ids);
      detachAll.run(json);
      removeAll.run(json);
      changed();
    },
    remove(id: string): void {
      remove.run(id);
      changed();
    },
    byName: (name: string): FolderRow[] => byName.all(name),
    /** Live folders the user reaches, oldest first; `reach.ensure(userId)` must run first. */
    list(scope: { userId: string }, limit: number, after?: KeysetPosition): FolderRow[] {
      const user = scope.userId;
      return after ? listAfter.all({ user, limit, ...after }) : listFirst.all({ user, limit });
    },
    /** Trashed folders the user reaches, most recently trashed first. */
    listTrash(scope: { userId: string }, limit: number, after?: KeysetPosition): FolderRow[] {
      const user = scope.userId;
      return after ? trashAfter.all({ user, limit, ...after }) : trashFirst.all({ user, limit });
    },
    allTrashed: (): FolderRow[] => allTrashed.all(),
    count: (): number => count.get()!.n,
  };
}

export type FoldersRepository = ReturnType<typeof foldersRepository>;
