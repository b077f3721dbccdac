/** Trash: the lists of trashed pages and folders, and emptying it (the spec, Lifecycle). */
import { z } from 'zod';
import { Folder } from './folders';
import { defineOperation } from './operation';
import { ListQuery, listOf, Timestamp, UuidString } from './primitives';
import { PageMeta } from './pages';
import {
  anyRecord,
  listReading,
  optionalPermission,
  optionalString,
  optionalUuidOrNull,
} from './tolerant';

const TrashedPage = PageMeta.extend({ deletedAt: Timestamp }).meta({ id: 'TrashedPage' });
const TrashedFolder = Folder.extend({ deletedAt: Timestamp }).meta({ id: 'TrashedFolder' });

// Trash list items: shapes "not shown"; an id is the least a list of items can carry.
const trashedItem = {
  id: UuidString,
  parentId: optionalUuidOrNull,
  deletedAt: optionalString,
  updatedAt: optionalString,
  permission: optionalPermission,
};
export const TrashedPageReading = z.object({ ...trashedItem, title: optionalString });
export type TrashedPage = z.output<typeof TrashedPageReading>;
export const TrashedFolderReading = z.object({ ...trashedItem, name: optionalString });
export type TrashedFolder = z.output<typeof TrashedFolderReading>;

const tag = 'Trash';

export const trashOperations = {
  listTrashedPages: defineOperation({
    method: 'get',
    path: '/trash/pages',
    tag,
    summary: 'List pages in Trash, most recently trashed first',
    access: 'read',
    query: ListQuery,
    status: 200,
    answer: {
      type: 'json',
      schema: listOf(TrashedPage).meta({ id: 'TrashedPageList' }),
      description: 'A page of trashed pages',
    },
    reading: listReading(TrashedPageReading),
    doc: 'list, items carry `deletedAt`',
  }),
  listTrashedFolders: defineOperation({
    method: 'get',
    path: '/trash/folders',
    tag,
    summary: 'List folders in Trash, most recently trashed first',
    access: 'read',
    query: ListQuery,
    status: 200,
    answer: {
      type: 'json',
      schema: listOf(TrashedFolder).meta({ id: 'TrashedFolderList' }),
      description: 'A page of trashed folders',
    },
    reading: listReading(TrashedFolderReading),
    doc: 'list, items carry `deletedAt`',
  }),
  emptyTrash: defineOperation({
    method: 'delete',
    path: '/trash/empty',
    tag,
    summary: 'Permanently delete everything in Trash that the caller administers',
    access: 'write',
    status: 200,
    answer: {
      type: 'json',
      schema: z
        .object({ pagesDeleted: z.number().int(), foldersDeleted: z.number().int() })
        .meta({ id: 'EmptyTrashResult' }),
      description: 'What was deleted',
    },
    // "Not shown" in the spec: counts when they are numbers, else absent.
    reading: anyRecord.transform((v) => ({
      pagesDeleted: typeof v.pagesDeleted === 'number' ? v.pagesDeleted : undefined,
      foldersDeleted: typeof v.foldersDeleted === 'number' ? v.foldersDeleted : undefined,
    })),
    doc: '`{ pagesDeleted, foldersDeleted }`',
  }),
};
