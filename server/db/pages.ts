import type { Database } from './database';
import type { KeysetPosition } from './folders';

export interface PageRow {
  id: string;
  owner_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  etag: string;
  restricted: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface ListScope {
  userId: string;
  /** JSON array of the folder ids whose pages the user reaches through ownership or grants. */
  folderIds: string;
}

// Metadata never selects `content`: a page may hold megabytes that a listing does not need.
const META =
  'id, owner_id, parent_id, title, icon, etag, restricted, created_at, updated_at, deleted_at';

// Pages the user owns, was granted directly, or reaches through a folder (restricted pages
// are reached only by owner or direct grant; decisions.md, Permissions).
const VISIBLE = `(owner_id = @user
  OR id IN (SELECT item_id FROM grants WHERE user_id = @user)
  OR (restricted = 0 AND parent_id IN (SELECT value FROM json_each(@folders))))`;

export function pagesRepository(db: Database) {
  const get = db.prepare<[string], PageRow>(`SELECT ${META} FROM pages WHERE id = ?`);
  const content = db.prepare<[string], { content: string; etag: string }>(
    'SELECT content, etag FROM pages WHERE id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO pages (id, owner_id, parent_id, title, icon, content, etag, created_at, updated_at)
     VALUES (@id, @owner_id, @parent_id, @title, @icon, @content, @etag, @created_at, @updated_at)`,
  );
  const updateMeta = db.prepare(
    `UPDATE pages SET title = @title, icon = @icon, parent_id = @parent_id, updated_at = @updated_at
     WHERE id = @id`,
  );
  const setContent = db.prepare(
    'UPDATE pages SET content = @content, etag = @etag, updated_at = @updated_at WHERE id = @id',
  );
  const restrict = db.prepare('UPDATE pages SET restricted = 1 WHERE id = ?');
  const trash = db.prepare(
    'UPDATE pages SET deleted_at = ?, trash_root = id WHERE id = ? AND deleted_at IS NULL',
  );
  const restore = db.prepare(
    'UPDATE pages SET deleted_at = NULL, trash_root = NULL, parent_id = ? WHERE id = ?',
  );
  const remove = db.prepare('DELETE FROM pages WHERE id = ?');
  const inFolder = db.prepare<[string], PageRow>(
    `SELECT ${META} FROM pages WHERE parent_id = ? AND deleted_at IS NULL`,
  );
  const allIn = db.prepare<[string], PageRow>(`SELECT ${META} FROM pages WHERE parent_id = ?`);
  const byTitle = db.prepare<[string], PageRow>(
    `SELECT ${META} FROM pages WHERE title = ? AND deleted_at IS NULL ORDER BY updated_at DESC, id`,
  );
  const allTrashed = db.prepare<[], PageRow>(
    `SELECT ${META} FROM pages WHERE deleted_at IS NOT NULL`,
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM pages');

  const live = {
    first: db.prepare(
      `SELECT ${META} FROM pages WHERE deleted_at IS NULL AND ${VISIBLE}
        ORDER BY updated_at DESC, id LIMIT @limit`,
    ),
    after: db.prepare(
      `SELECT ${META} FROM pages WHERE deleted_at IS NULL AND ${VISIBLE}
        AND (updated_at < @at OR (updated_at = @at AND id > @id))
        ORDER BY updated_at DESC, id LIMIT @limit`,
    ),
    firstIn: db.prepare(
      `SELECT ${META} FROM pages WHERE parent_id = @parent AND deleted_at IS NULL AND ${VISIBLE}
        ORDER BY updated_at DESC, id LIMIT @limit`,
    ),
    afterIn: db.prepare(
      `SELECT ${META} FROM pages WHERE parent_id = @parent AND deleted_at IS NULL AND ${VISIBLE}
        AND (updated_at < @at OR (updated_at = @at AND id > @id))
        ORDER BY updated_at DESC, id LIMIT @limit`,
    ),
  };
  const trashed = {
    first: db.prepare(
      `SELECT ${META} FROM pages WHERE deleted_at IS NOT NULL AND ${VISIBLE}
        ORDER BY deleted_at DESC, id LIMIT @limit`,
    ),
    after: db.prepare(
      `SELECT ${META} FROM pages WHERE deleted_at IS NOT NULL AND ${VISIBLE}
        AND (deleted_at < @at OR (deleted_at = @at AND id > @id))
        ORDER BY deleted_at DESC, id LIMIT @limit`,
    ),
  };

  return {
    get: (id: string): PageRow | undefined => get.get(id),
    content: (id: string) => content.get(id),
    insert(row: Omit<PageRow, 'restricted' | 'deleted_at'> & { content: string }): void {
      insert.run(row);
    },
    updateMeta(row: PageRow): void {
      updateMeta.run(row);
    },
    setContent(id: string, text: string, etag: string, now: number): void {
      setContent.run({ id, content: text, etag, updated_at: now });
    },
    restrict: (id: string): boolean => restrict.run(id).changes > 0,
    trash: (id: string, now: number) => void trash.run(now, id),
    restore: (id: string, parentId: string | null) => void restore.run(parentId, id),
    remove: (id: string) => void remove.run(id),
    inFolder: (folderId: string): PageRow[] => inFolder.all(folderId),
    /** Live and trashed pages directly in the folder. */
    allIn: (folderId: string): PageRow[] => allIn.all(folderId),
    byTitle: (title: string): PageRow[] => byTitle.all(title),
    allTrashed: (): PageRow[] => allTrashed.all(),
    count: (): number => count.get()!.n,
    list(scope: ListScope, limit: number, after?: KeysetPosition, parentId?: string): PageRow[] {
      const params = {
        user: scope.userId,
        folders: scope.folderIds,
        limit,
        ...after,
        parent: parentId,
      };
      const stmt = parentId
        ? after
          ? live.afterIn
          : live.firstIn
        : after
          ? live.after
          : live.first;
      return stmt.all(params) as PageRow[];
    },
    listTrash(scope: ListScope, limit: number, after?: KeysetPosition): PageRow[] {
      const params = { user: scope.userId, folders: scope.folderIds, limit, ...after };
      return (after ? trashed.after : trashed.first).all(params) as PageRow[];
    },
  };
}

export type PagesRepository = ReturnType<typeof pagesRepository>;
