import type { Permission } from '../../contract';
import type { FolderRow } from '../db/folders';
import type { PageRow } from '../db/pages';
import { iso } from '../http/env';
import { levelName } from './access';

/** Page metadata as responses carry it (docs/api.md, General). */
export function presentPage(row: PageRow, level: number) {
  return {
    id: row.id,
    title: row.title,
    icon: row.icon,
    parentId: row.parent_id,
    // Page times are microsecond stamps (db/pages.ts); responses carry milliseconds.
    createdAt: iso(Math.floor(row.created_at / 1000)),
    updatedAt: iso(Math.floor(row.updated_at / 1000)),
    permission: levelName(level) as Permission,
  };
}

export function presentFolder(row: FolderRow, level: number) {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    icon: row.icon,
    ownerId: row.owner_id,
    permission: levelName(level) as Permission,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const withDeletedAt = <T extends object>(item: T, row: { deleted_at: number | null }) => ({
  ...item,
  deletedAt: iso(row.deleted_at ?? 0),
});
