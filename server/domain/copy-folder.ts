import crypto from 'node:crypto';
import type { FolderRow } from '../db/folders';
import type { Deps } from '../http/env';
import { ADMIN, VIEW } from './access';
import { newEtag } from './content';
import { assertFolderFits } from './folder-depth';

/**
 * Copies a folder's accessible, live subtree under `targetId` for `userId`, who owns every
 * copy (docs/api.md, Lifecycle). The source tree is read in full before anything is
 * written, so copying a folder into itself cannot recurse into its own copy. Items the
 * caller cannot reach (restricted, or simply not visible) are skipped and reported.
 */
export function copyFolderTree(
  deps: Deps,
  userId: string,
  source: FolderRow,
  sourceLevel: number,
  targetId: string | null,
): { id: string; skippedRestrictedItems: boolean } {
  const { repos } = deps;
  let skipped = false;

  interface Node {
    folder: FolderRow;
    pages: { id: string; title: string; icon: string | null }[];
    children: Node[];
  }

  const levelBelow = (owner: string, restricted: number, itemId: string, parentLevel: number) => {
    if (owner === userId) return ADMIN;
    const inherited = restricted ? 0 : parentLevel;
    return Math.max(inherited, repos.grants.level(userId, itemId));
  };

  const snapshot = (folder: FolderRow, level: number): Node => {
    const pages = repos.pages.inFolder(folder.id).filter((page) => {
      const ok = levelBelow(page.owner_id, page.restricted, page.id, level) >= VIEW;
      if (!ok) skipped = true;
      return ok;
    });
    const children: Node[] = [];
    for (const child of repos.folders.children(folder.id)) {
      if (child.deleted_at !== null) continue;
      const childLevel = levelBelow(child.owner_id, child.restricted, child.id, level);
      if (childLevel < VIEW) {
        skipped = true;
        continue;
      }
      children.push(snapshot(child, childLevel));
    }
    return { folder, pages, children };
  };

  const tree = snapshot(source, sourceLevel);
  const height = (node: Node): number =>
    1 + node.children.reduce((tallest, child) => Math.max(tallest, height(child)), 0);
  assertFolderFits(repos, targetId, height(tree));
  const now = deps.now();
  const write = (node: Node, parentId: string | null): string => {
    const id = crypto.randomUUID();
    repos.folders.insert({
      id,
      owner_id: userId,
      parent_id: parentId,
      name: node.folder.name,
      icon: node.folder.icon,
      created_at: now,
      updated_at: now,
    });
    for (const page of node.pages) {
      repos.pages.insert({
        id: crypto.randomUUID(),
        owner_id: userId,
        parent_id: id,
        title: page.title,
        icon: page.icon,
        content: repos.pages.content(page.id)!.content,
        etag: newEtag(),
      });
    }
    for (const child of node.children) write(child, id);
    return id;
  };
  return { id: write(tree, targetId), skippedRestrictedItems: skipped };
}
