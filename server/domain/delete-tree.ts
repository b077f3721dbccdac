import { writeTransaction } from '../db/database';
import type { FolderRow } from '../db/folders';
import type { Deps } from '../http/env';
import { ADMIN } from './access';
import { removePages, removeUnlinkedImages } from './remove-pages';

/**
 * Permanently deletes a folder and what the caller administers below it (docs/api.md,
 * Lifecycle). Items below it that the caller does not administer (restricted ones, reached
 * by their owner and their own grants only) are never removed: they are taken out of the
 * tree to the top level, keeping their subtree and their trash state, so their owner finds
 * them in Trash. The tree is walked level by level and deleted with set-based statements, so
 * no depth of nesting reaches a recursion limit. The stored images its pages linked are added
 * to `linkedImages` (remove-pages.ts).
 */
export function deleteFolderTree(
  deps: Deps,
  userId: string,
  folder: FolderRow,
  level: number,
  linkedImages: Set<string>,
): { pages: number; folders: number } {
  const { repos } = deps;
  const levelBelow = (owner: string, restricted: number, id: string, parentLevel: number) => {
    if (owner === userId) return ADMIN;
    return Math.max(restricted ? 0 : parentLevel, repos.grants.level(userId, id));
  };
  const folderIds: string[] = [folder.id];
  const pageIds: string[] = [];
  let frontier: { id: string; level: number }[] = [{ id: folder.id, level }];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const parent of frontier) {
      for (const page of repos.pages.allIn(parent.id)) {
        if (levelBelow(page.owner_id, page.restricted, page.id, parent.level) >= ADMIN) {
          pageIds.push(page.id);
        } else {
          repos.pages.moveToRoot(page.id);
        }
      }
      for (const child of repos.folders.children(parent.id)) {
        const childLevel = levelBelow(child.owner_id, child.restricted, child.id, parent.level);
        if (childLevel >= ADMIN) {
          folderIds.push(child.id);
          next.push({ id: child.id, level: childLevel });
        } else {
          repos.folders.moveToRoot(child.id);
        }
      }
    }
    frontier = next;
  }
  repos.grants.removeForItems([...folderIds, ...pageIds]);
  removePages(repos, pageIds, linkedImages);
  repos.folders.removeAll(folderIds);
  return { pages: pageIds.length, folders: folderIds.length };
}

/**
 * Empty Trash: every trashed item the caller administers, each in its own savepoint, so an
 * item that fails to delete stays in Trash (and is logged) instead of blocking the rest.
 */
export function emptyTrash(
  deps: Deps,
  userId: string,
): { pagesDeleted: number; foldersDeleted: number } {
  const { repos, access } = deps;
  let pagesDeleted = 0;
  let foldersDeleted = 0;
  // Checked once at the end: a deletion that failed leaves its pages, which still show theirs.
  const linkedImages = new Set<string>();
  const attempt = (what: string, remove: () => void) => {
    try {
      writeTransaction(repos.db, remove);
    } catch (error) {
      console.error(`empty trash: ${what} could not be deleted and stays in Trash:`, error);
    }
  };
  // Folders trashed on their own first: deleting them takes most of the rest along.
  const trashedFolders = repos.folders
    .allTrashed()
    .sort((a, b) => Number(b.trash_root === b.id) - Number(a.trash_root === a.id));
  for (const trashed of trashedFolders) {
    // A folder already removed with a trashed ancestor is gone by the time we reach it.
    const folder = repos.folders.get(trashed.id);
    if (!folder) continue;
    const level = access.folderLevel(userId, folder);
    if (level < ADMIN) continue;
    attempt(`folder ${folder.id}`, () => {
      const removed = deleteFolderTree(deps, userId, folder, level, linkedImages);
      pagesDeleted += removed.pages;
      foldersDeleted += removed.folders;
    });
  }
  for (const trashed of repos.pages.allTrashed()) {
    const page = repos.pages.get(trashed.id);
    if (!page || access.pageLevel(userId, page) < ADMIN) continue;
    attempt(`page ${page.id}`, () => {
      removePages(repos, [page.id], linkedImages);
      repos.grants.removeForItems([page.id]);
      pagesDeleted++;
    });
  }
  removeUnlinkedImages(repos, linkedImages);
  return { pagesDeleted, foldersDeleted };
}
