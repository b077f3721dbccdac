import type { Database } from './database';
import { cleanTitleOr } from '../domain/names';
import type { KeysetPosition } from './folders';
import { imageLinksRepository } from './image-links';

export interface PageRow {
  id: string;
  owner_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  etag: string;
  restricted: number;
  /** Microsecond stamps, unique and increasing across all pages (see `stamp`). */
  created_at: number;
  updated_at: number;
  /** Milliseconds. */
  deleted_at: number | null;
}

/** Whose pages a list shows; the user's `temp.reach` rows must be current (reach.ts). */
export interface ListScope {
  userId: string;
}

/** A position in a page listing, taken against the snapshot at stamp `asOf`. */
export interface SnapshotPosition extends KeysetPosition {
  asOf: number;
}

/** How long the previous updated_at of a changed page is kept for running listings. */
export const PAGE_CHANGE_RETENTION_MS = 60 * 60 * 1000;

// Metadata never selects `content`: a page may hold megabytes that a listing does not need.
const META =
  'id, owner_id, parent_id, title, icon, etag, restricted, created_at, updated_at, deleted_at';

// Pages the user owns, was granted directly, or reaches through a folder (restricted pages
// are reached only by owner or direct grant; docs/api.md, Permissions).
const VISIBLE = `(owner_id = @user
  OR id IN (SELECT item_id FROM grants WHERE user_id = @user)
  OR (restricted = 0 AND EXISTS (SELECT 1 FROM temp.reach r
        WHERE r.user_id = @user AND r.folder_id = pages.parent_id)))`;

export function pagesRepository(db: Database) {
  const get = db.prepare<[string], PageRow>(`SELECT ${META} FROM pages WHERE id = ?`);
  const links = imageLinksRepository(db);
  const content = db.prepare<[string], { content: string; etag: string }>(
    'SELECT content, etag FROM pages WHERE id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO pages (id, owner_id, parent_id, title, icon, content, etag, created_at, updated_at)
     VALUES (@id, @owner_id, @parent_id, @title, @icon, @content, @etag, @stamp, @stamp)`,
  );
  const remember = db.prepare(
    `INSERT INTO page_changes (page_id, changed_at, prev_updated_at)
     SELECT id, @stamp, updated_at FROM pages WHERE id = @id`,
  );
  const updateMeta = db.prepare(
    `UPDATE pages SET title = @title, icon = @icon, parent_id = @parent_id, updated_at = @stamp
     WHERE id = @id`,
  );
  const setContent = db.prepare(
    'UPDATE pages SET content = @content, etag = @etag, updated_at = @stamp WHERE id = @id',
  );
  const restrict = db.prepare('UPDATE pages SET restricted = 1 WHERE id = ?');
  const trash = db.prepare(
    'UPDATE pages SET deleted_at = ?, trash_root = id WHERE id = ? AND deleted_at IS NULL',
  );
  const restore = db.prepare(
    'UPDATE pages SET deleted_at = NULL, trash_root = NULL, parent_id = ? WHERE id = ?',
  );
  const removeAll = db.prepare('DELETE FROM pages WHERE id IN (SELECT value FROM json_each(?))');
  const moveToRoot = db.prepare('UPDATE pages SET parent_id = NULL WHERE id = ?');
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
  const latestStamp = db.prepare<[], { s: number | null }>(
    'SELECT max(max(coalesce(max(updated_at), 0), coalesce(max(created_at), 0)), (SELECT coalesce(max(changed_at), 0) FROM page_changes)) AS s FROM pages',
  );
  const sweepChanges = db.prepare('DELETE FROM page_changes WHERE changed_at < ?');

  // A listing is a snapshot at stamp `asOf`: pages unchanged since then come straight from
  // the (updated_at DESC, id) index; pages changed since are placed by the updated_at they
  // had at `asOf` (from page_changes); pages created since are not part of it.
  const PARENT = '(@parent IS NULL OR parent_id = @parent)';
  // One statement per shape, so each can use its index: the whole list walks the
  // (updated_at DESC, id) index; a folder's list looks up its pages by parent and sorts them.
  const unchangedQuery = (where: string, after: boolean) =>
    db.prepare(
      `SELECT ${META} FROM pages WHERE ${where} AND deleted_at IS NULL AND updated_at <= @asOf
        ${after ? 'AND updated_at <= @at AND (updated_at < @at OR id > @id)' : ''}
        AND ${VISIBLE} ORDER BY updated_at DESC, id LIMIT @limit`,
    );
  const unchanged = {
    first: unchangedQuery('1', false),
    after: unchangedQuery('1', true),
    firstIn: unchangedQuery('parent_id = @parent', false),
    afterIn: unchangedQuery('parent_id = @parent', true),
  };
  const changedSince = db.prepare(
    // SQLite returns the other columns of the row that holds min(): the first change after
    // the snapshot, whose prev_updated_at is the page's time as of the snapshot.
    `WITH firsts AS (
       SELECT page_id, prev_updated_at, min(changed_at) FROM page_changes
        WHERE changed_at > @asOf GROUP BY page_id
     )
     SELECT ${META}, firsts.prev_updated_at AS snapshot_at
       FROM pages LEFT JOIN firsts ON firsts.page_id = pages.id
      WHERE deleted_at IS NULL AND updated_at > @asOf AND created_at <= @asOf
        AND ${PARENT} AND ${VISIBLE}`,
  );
  const trashed = {
    first: db.prepare(
      `SELECT ${META} FROM pages WHERE deleted_at IS NOT NULL AND ${VISIBLE}
        ORDER BY deleted_at DESC, id LIMIT @limit`,
    ),
    after: db.prepare(
      `SELECT ${META} FROM pages WHERE deleted_at IS NOT NULL AND ${VISIBLE}
        AND deleted_at <= @at AND (deleted_at < @at OR id > @id)
        ORDER BY deleted_at DESC, id LIMIT @limit`,
    ),
  };

  // Strictly increasing across every page write of this process, so a snapshot stamp splits
  // "before" from "after" exactly even within one millisecond.
  let last = latestStamp.get()?.s ?? 0;
  const stamp = (): number => {
    last = Math.max(Date.now() * 1000, last + 1);
    return last;
  };

  return {
    get: (id: string): PageRow | undefined => get.get(id),
    content: (id: string) => content.get(id),
    /** The stamp a new listing snapshot is taken at. */
    currentStamp: (): number => last,
    insert(row: {
      id: string;
      owner_id: string;
      parent_id: string | null;
      title: string;
      icon: string | null;
      content: string;
      etag: string;
    }): void {
      insert.run({ ...row, title: cleanTitleOr(row.title, 'Untitled'), stamp: stamp() });
      links.set(row.id, row.content);
    },
    /** Saves title, icon and parent; returns the row as stored, with its new updated_at. */
    updateMeta(row: PageRow): PageRow {
      const now = stamp();
      const saved = { ...row, title: cleanTitleOr(row.title, 'Untitled'), updated_at: now };
      remember.run({ id: row.id, stamp: now });
      updateMeta.run({ ...saved, stamp: now });
      return saved;
    },
    /**
     * `added`: the write only added this text to the content (an append or prepend), so the
     * image links the content had stand and only its own are new (the hot path skips the rest).
     */
    setContent(id: string, text: string, etag: string, added?: string): void {
      const now = stamp();
      remember.run({ id, stamp: now });
      setContent.run({ id, content: text, etag, stamp: now });
      if (added === undefined) links.set(id, text);
      else links.add(id, added);
    },
    restrict: (id: string): boolean => restrict.run(id).changes > 0,
    trash: (id: string, now: number) => void trash.run(now, id),
    restore: (id: string, parentId: string | null) => void restore.run(parentId, id),
    removeAll: (ids: string[]) => void removeAll.run(JSON.stringify(ids)),
    /** The stored images these pages link. */
    linkedImages: (ids: string[]): string[] => links.ofPages(ids),
    /** Takes a page out of its folder, keeping its trash state. */
    moveToRoot: (id: string) => void moveToRoot.run(id),
    inFolder: (folderId: string): PageRow[] => inFolder.all(folderId),
    /** Live and trashed pages directly in the folder. */
    allIn: (folderId: string): PageRow[] => allIn.all(folderId),
    byTitle: (title: string): PageRow[] => byTitle.all(title),
    allTrashed: (): PageRow[] => allTrashed.all(),
    count: (): number => count.get()!.n,
    sweepChanges(nowMs: number): void {
      sweepChanges.run((nowMs - PAGE_CHANGE_RETENTION_MS) * 1000);
    },
    /**
     * Up to `limit` pages after `after` in the snapshot at `asOf`, newest first. Each row's
     * `updated_at` is replaced by its snapshot position (`at`) for the cursor.
     */
    list(
      scope: ListScope,
      limit: number,
      asOf: number,
      after?: KeysetPosition,
      parentId?: string,
    ): { row: PageRow; at: number }[] {
      const params = {
        user: scope.userId,
        limit,
        asOf,
        parent: parentId ?? null,
        ...after,
      };
      const stmt = parentId
        ? after
          ? unchanged.afterIn
          : unchanged.firstIn
        : after
          ? unchanged.after
          : unchanged.first;
      const stable = stmt.all(params) as PageRow[];
      const moved = (changedSince.all(params) as (PageRow & { snapshot_at: number | null })[])
        // A page whose earlier position is no longer remembered (listing older than the
        // retention) cannot be placed; it is left out rather than listed twice.
        .filter((r) => r.snapshot_at !== null)
        .map((r) => ({ row: r as PageRow, at: r.snapshot_at! }))
        .filter(({ row, at }) => !after || at < after.at || (at === after.at && row.id > after.id));
      if (moved.length === 0) return stable.map((row) => ({ row, at: row.updated_at }));
      return [...stable.map((row) => ({ row, at: row.updated_at })), ...moved]
        .sort((a, b) => b.at - a.at || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0))
        .slice(0, limit);
    },
    listTrash(scope: ListScope, limit: number, after?: KeysetPosition): PageRow[] {
      const params = { user: scope.userId, limit, ...after };
      return (after ? trashed.after : trashed.first).all(params) as PageRow[];
    },
  };
}

export type PagesRepository = ReturnType<typeof pagesRepository>;
