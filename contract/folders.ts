/** Folders: listing, resolve, create, update and move, copy and lifecycle (the spec, Folders). */
import { z } from 'zod';
import { defineOperation } from './operation';
import { IdResult, ListQuery, listOf, Permission, Timestamp, Uuid, UuidString } from './primitives';
import { Icon, ResolveParent } from './pages';
import { alternativeString, listReading, looseIdReading, resolveReading } from './tolerant';

// Limits the spec leaves open (docs/api.md, Limits).
export const FolderName = z.string().min(1).max(255);

/** A folder as the local service sends it. */
export const Folder = z
  .object({
    id: UuidString,
    parentId: UuidString.nullable(),
    name: z.string(),
    icon: z.string().nullable(),
    ownerId: UuidString,
    permission: Permission,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Folder' });

/** The spec, Folder (as returned by the folder list): fields with alternatives keep the string. */
export const FolderReading = Folder.extend({
  icon: alternativeString.optional(),
  ownerId: alternativeString.optional(),
  permission: z
    .unknown()
    .transform((v) => {
      const parsed = Permission.safeParse(v);
      return parsed.success ? parsed.data : undefined;
    })
    .optional(),
  createdAt: alternativeString.optional(),
  updatedAt: alternativeString.optional(),
});
export type FolderReading = z.output<typeof FolderReading>;

/**
 * Folder creation answers "at least `id` and `name`" (the spec, POST /folders); get and patch
 * answers are "not shown". Everything but id and name is optional here.
 */
export const FolderResultReading = FolderReading.extend({
  parentId: UuidString.nullable().optional(),
});
export type FolderResult = z.output<typeof FolderResultReading>;

const FolderIdParams = z.object({ folderId: Uuid });
const tag = 'Folders';

export const folderOperations = {
  // Declared before getFolder: the service registers it first, or `resolve` would be taken for an id.
  resolveFolders: defineOperation({
    method: 'get',
    path: '/folders/resolve',
    tag,
    summary: 'Find folders by exact name',
    access: 'read',
    query: z.object({ name: z.string().min(1), parentId: ResolveParent }),
    status: 200,
    answer: { type: 'json', schema: z.object({ data: z.array(Folder) }), description: 'Matches' },
    reading: resolveReading(FolderResultReading),
    doc: '`{ data: [folder] }`, oldest first',
  }),
  listFolders: defineOperation({
    method: 'get',
    path: '/folders',
    tag,
    summary: 'List folders, oldest first',
    access: 'read',
    query: ListQuery,
    status: 200,
    answer: {
      type: 'json',
      schema: listOf(Folder).meta({ id: 'FolderList' }),
      description: 'A page of folders',
    },
    reading: listReading(FolderReading),
    doc: 'list of folders',
  }),
  createFolder: defineOperation({
    method: 'post',
    path: '/folders',
    tag,
    summary: 'Create a folder',
    access: 'write',
    body: {
      type: 'json',
      schema: z
        .object({ name: FolderName, parentId: Uuid.nullish(), icon: Icon.optional() })
        .meta({ id: 'CreateFolder' }),
    },
    status: 201,
    answer: { type: 'json', schema: Folder, description: 'The created folder' },
    reading: FolderResultReading,
    doc: 'folder',
  }),
  getFolder: defineOperation({
    method: 'get',
    path: '/folders/{folderId}',
    tag,
    summary: 'Read a folder',
    access: 'read',
    params: FolderIdParams,
    status: 200,
    answer: { type: 'json', schema: Folder, description: 'The folder' },
    reading: FolderResultReading,
    doc: 'folder',
  }),
  updateFolder: defineOperation({
    method: 'patch',
    path: '/folders/{folderId}',
    tag,
    summary: 'Rename, set the icon, or move (parentId) a folder',
    access: 'write',
    params: FolderIdParams,
    body: {
      type: 'json',
      schema: z
        .object({
          name: FolderName.optional(),
          icon: Icon.optional(),
          parentId: Uuid.nullable().optional(),
        })
        .refine((b) => b.name !== undefined || b.icon !== undefined || b.parentId !== undefined, {
          message: 'at least one of name, icon, parentId is required',
        })
        .meta({ id: 'UpdateFolder' }),
    },
    status: 200,
    answer: { type: 'json', schema: Folder, description: 'The updated folder' },
    reading: FolderResultReading,
    otherAnswers: { 409: 'conflict: moving a folder into its own subtree' },
    doc: 'folder',
  }),
  copyFolder: defineOperation({
    method: 'post',
    path: '/folders/{folderId}/copy',
    tag,
    summary: 'Copy a folder and its accessible subtree',
    access: 'write',
    params: FolderIdParams,
    body: {
      type: 'json',
      schema: z.object({ parentId: Uuid.nullable() }).meta({ id: 'CopyFolder' }),
    },
    status: 201,
    answer: {
      type: 'json',
      schema: z
        .object({ id: UuidString, skippedRestrictedItems: z.boolean() })
        .meta({ id: 'CopyFolderResult' }),
      description: 'The copy',
    },
    doc: '`{ id, skippedRestrictedItems }`',
  }),
  trashFolder: defineOperation({
    method: 'delete',
    path: '/folders/{folderId}/trash',
    tag,
    summary: 'Move a folder and its subtree to Trash',
    access: 'write',
    params: FolderIdParams,
    status: 200,
    answer: { type: 'json', schema: IdResult, description: 'The trashed folder id' },
    reading: looseIdReading,
    doc: '`{ id }`',
  }),
  restoreFolder: defineOperation({
    method: 'patch',
    path: '/folders/{folderId}/restore',
    tag,
    summary: 'Restore a folder and the subtree trashed with it',
    access: 'write',
    params: FolderIdParams,
    status: 200,
    answer: { type: 'json', schema: IdResult, description: 'The restored folder id' },
    doc: '`{ id }`',
  }),
  deleteFolderPermanently: defineOperation({
    method: 'delete',
    path: '/folders/{folderId}/permanent',
    tag,
    summary: 'Delete a folder and its subtree permanently (admin)',
    access: 'write',
    params: FolderIdParams,
    status: 204,
    answer: { type: 'none', description: 'Deleted' },
    doc: 'no content',
  }),
};
