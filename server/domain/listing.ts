import type { PageRow } from '../db/pages';
import type { Repositories } from '../db/repositories';
import { ADMIN } from './access';

/**
 * What one user reaches, computed once per list request: every reachable folder with its
 * level (one recursive query), from which each listed item's permission follows without
 * further walking.
 */
export function reachOf(repos: Repositories, userId: string) {
  const folders = repos.folders.reachable(userId);
  const folderIds = JSON.stringify([...folders.keys()]);
  return {
    folders,
    scope: { userId, folderIds },
    pageLevel(row: PageRow): number {
      if (row.owner_id === userId) return ADMIN;
      const inherited = !row.restricted && row.parent_id ? (folders.get(row.parent_id) ?? 0) : 0;
      return Math.max(inherited, repos.grants.level(userId, row.id));
    },
    folderLevel(id: string): number {
      return folders.get(id) ?? 0;
    },
  };
}
