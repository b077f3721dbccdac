import { ApiError, forbidden, notFound } from '../http/api-error';
import type { FolderRow } from '../db/folders';
import type { PageRow } from '../db/pages';
import type { Repositories } from '../db/repositories';

/**
 * Permissions in the local service (docs/api.md, Permissions): the creator of an item holds
 * `admin` on it; grants (`view` 1, `edit` 2, `admin` 3) on an item or an ancestor folder
 * reach it, and owning a folder counts as an `admin` grant on it; a restricted item stops
 * everything from above. Single-item checks walk the ancestor chain by primary key (a few
 * lookups, never a scan); lists use the reach table (server/db/reach.ts).
 */
export const VIEW = 1;
export const EDIT = 2;
export const ADMIN = 3;

export const levelName = (level: number) =>
  level >= ADMIN ? 'admin' : level >= EDIT ? 'edit' : 'view';

export function accessControl(repos: Repositories) {
  const { folders, grants } = repos;

  function folderLevel(userId: string, folder: FolderRow): number {
    let level = 0;
    let node: FolderRow | undefined = folder;
    // Bounded by the depth of the tree; a cycle cannot exist (moves into a subtree are refused).
    while (node) {
      if (node.owner_id === userId) return ADMIN;
      level = Math.max(level, grants.level(userId, node.id));
      if (node.restricted || !node.parent_id || level === ADMIN) break;
      node = folders.get(node.parent_id);
    }
    return level;
  }

  function pageLevel(userId: string, page: PageRow): number {
    if (page.owner_id === userId) return ADMIN;
    let level = grants.level(userId, page.id);
    if (!page.restricted && page.parent_id && level < ADMIN) {
      const parent = folders.get(page.parent_id);
      if (parent) level = Math.max(level, folderLevel(userId, parent));
    }
    return level;
  }

  /** The error for a caller whose level is below `needed` (404 hides items they cannot see). */
  function refuse(level: number, needed: number, what: string): ApiError {
    if (level === 0) return notFound(what);
    return forbidden(
      `${what}: this operation needs ${levelName(needed)} permission; the caller has ${levelName(level)}`,
    );
  }

  /**
   * An `edit` grant moves an item only within the folder tree it was granted on, and never
   * to where the caller would hold more than they do now (a folder they own or administer):
   * otherwise a move is the way from `edit` to `admin`. Anything else needs `admin` on the
   * item (docs/api.md, Permissions).
   */
  function assertMove(
    userId: string,
    item: { id: string; parent_id: string | null; restricted: number },
    level: number,
    target: FolderRow | null,
    what: string,
  ): void {
    if (level >= ADMIN) return;
    const needsAdmin = (why: string) =>
      forbidden(`${what}: ${why} needs admin permission on it; the caller has ${levelName(level)}`);
    if (target === null) throw needsAdmin('moving it to the top level');
    // The folders above the item whose grant reaches it.
    const grantRoots = new Set<string>();
    let node = item.restricted || !item.parent_id ? undefined : folders.get(item.parent_id);
    while (node) {
      if (grants.level(userId, node.id) >= EDIT) grantRoots.add(node.id);
      if (node.restricted || !node.parent_id) break;
      node = folders.get(node.parent_id);
    }
    let inside = false;
    for (let up: FolderRow | undefined = target; up && !inside;) {
      inside = grantRoots.has(up.id);
      if (up.restricted || !up.parent_id) break;
      up = folders.get(up.parent_id);
    }
    if (!inside) throw needsAdmin('moving it out of the folder tree shared with the caller');
    const after = item.restricted
      ? grants.level(userId, item.id)
      : Math.max(grants.level(userId, item.id), folderLevel(userId, target));
    if (after > level) {
      throw needsAdmin(`moving it into folder ${target.id}, where the caller has more permission,`);
    }
  }

  return {
    folderLevel,
    pageLevel,
    assertMove,
    /** A live (not trashed) page with at least `needed` permission, else 404/403. */
    page(userId: string, id: string, needed: number, opts: { trashed?: boolean } = {}) {
      const what = `page ${id}`;
      const page = repos.pages.get(id);
      if (!page || (opts.trashed === undefined && page.deleted_at !== null)) throw notFound(what);
      const level = pageLevel(userId, page);
      if (level < needed) throw refuse(level, needed, what);
      return { page, level };
    },
    folder(userId: string, id: string, needed: number, opts: { trashed?: boolean } = {}) {
      const what = `folder ${id}`;
      const folder = folders.get(id);
      if (!folder || (opts.trashed === undefined && folder.deleted_at !== null)) {
        throw notFound(what);
      }
      const level = folderLevel(userId, folder);
      if (level < needed) throw refuse(level, needed, what);
      return { folder, level };
    },
    /** A target folder for creating, copying or moving into: null is the caller's root. */
    target(userId: string, parentId: string | null, field = 'parentId'): FolderRow | null {
      if (parentId === null) return null;
      const folder = folders.get(parentId);
      const what = `${field}: folder ${parentId}`;
      if (!folder || folder.deleted_at !== null) throw notFound(what);
      const level = folderLevel(userId, folder);
      if (level < EDIT) throw refuse(level, EDIT, what);
      return folder;
    },
  };
}

export type AccessControl = ReturnType<typeof accessControl>;
