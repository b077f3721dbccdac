import type { PageRow } from '../db/pages';
import type { Repositories } from '../db/repositories';
import { ADMIN } from './access';

/**
 * What one user reaches, for a list request: the user's rows of the reach table, rebuilt
 * only when folders or grants changed since (server/db/reach.ts), from which each listed
 * item's permission follows by one lookup.
 */
export function reachOf(repos: Repositories, userId: string) {
  repos.reach.ensure(userId);
  const folderLevel = (id: string): number => repos.reach.level(userId, id);
  return {
    scope: { userId },
    /** Every reachable folder with its level (exports read the whole tree). */
    folders: () => repos.reach.all(userId),
    pageLevel(row: PageRow): number {
      if (row.owner_id === userId) return ADMIN;
      const inherited = !row.restricted && row.parent_id ? folderLevel(row.parent_id) : 0;
      return Math.max(inherited, repos.grants.level(userId, row.id));
    },
    folderLevel,
  };
}
