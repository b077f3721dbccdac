import { z } from '@hono/zod-openapi';
import { Permission, Timestamp, Uuid } from './common';

// Limits the spec leaves open (docs/api.md, Limits).
export const Title = z.string().min(1).max(1000);
export const FolderName = z.string().min(1).max(255);
export const Icon = z.string().max(100).nullable();

export const PageMeta = z
  .object({
    id: Uuid,
    title: z.string(),
    icon: z.string().nullable(),
    parentId: Uuid.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    permission: Permission,
  })
  .openapi('Page');

export const TrashedPage = PageMeta.extend({ deletedAt: Timestamp }).openapi('TrashedPage');

export const Folder = z
  .object({
    id: Uuid,
    parentId: Uuid.nullable(),
    name: z.string(),
    icon: z.string().nullable(),
    ownerId: Uuid,
    permission: Permission,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Folder');

export const TrashedFolder = Folder.extend({ deletedAt: Timestamp }).openapi('TrashedFolder');

export const listOf = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() }).openapi(name);

export const PageList = listOf(PageMeta, 'PageList');
export const FolderList = listOf(Folder, 'FolderList');
export const TrashedPageList = listOf(TrashedPage, 'TrashedPageList');
export const TrashedFolderList = listOf(TrashedFolder, 'TrashedFolderList');
