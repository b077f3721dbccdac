/** Pages: metadata, listing, resolve, copy, move and lifecycle (the spec, Pages and Lifecycle). */
import { z } from 'zod';
import { defineOperation } from './operation';
import { IdResult, ListQuery, listOf, Permission, Timestamp, Uuid, UuidString } from './primitives';
import {
  listReading,
  looseIdReading,
  optionalPermission,
  optionalString,
  optionalUuidOrNull,
  resolveReading,
} from './tolerant';

// Limits the spec leaves open (docs/api.md, Limits).
export const Title = z.string().min(1).max(1000);
export const Icon = z.string().max(100).nullable();

/** Page metadata as the local service sends it (docs/api.md, General). */
export const PageMeta = z
  .object({
    id: UuidString,
    title: z.string(),
    icon: z.string().nullable(),
    parentId: UuidString.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    permission: Permission,
  })
  .meta({ id: 'Page' });

/** The spec, Page metadata: id, title, createdAt, updatedAt and permission; the rest not shown. */
export const PageReading = PageMeta.extend({ icon: optionalString, parentId: optionalUuidOrNull });
export type Page = z.output<typeof PageReading>;

/** Resolve results: exact-title matches; the spec shows their shape no further than identity. */
export const ResolvedPageReading = z.object({
  id: UuidString,
  title: z.string(),
  parentId: optionalUuidOrNull,
  createdAt: optionalString,
  updatedAt: optionalString,
  permission: optionalPermission,
  icon: optionalString,
});
export type ResolvedPage = z.output<typeof ResolvedPageReading>;

/** Page move: "not shown"; the local service answers page metadata. Keep what parses. */
export const MovedPageReading = z.unknown().transform((v) => {
  const parsed = PageReading.safeParse(v);
  return parsed.success ? parsed.data : null;
});

/** Resolve's `parentId`: a folder id, or `root` for the top level; omitted: anywhere. */
export const ROOT_PARENT_QUERY = 'root';
export const ResolveParent = z
  .union([z.literal(ROOT_PARENT_QUERY), Uuid])
  .optional()
  .meta({ description: 'a folder id, or `root` for the top level' });

const PageIdParams = z.object({ pageId: Uuid });
const TargetBody = (id: string) => z.object({ parentId: Uuid.nullable() }).meta({ id });
const tag = 'Pages';

export const pageOperations = {
  // Declared before getPage: the service registers it first, or `resolve` would be taken for an id.
  resolvePages: defineOperation({
    method: 'get',
    path: '/pages/resolve',
    tag,
    summary: 'Find pages by exact title',
    access: 'read',
    query: z.object({ title: z.string().min(1), parentId: ResolveParent }),
    status: 200,
    answer: { type: 'json', schema: z.object({ data: z.array(PageMeta) }), description: 'Matches' },
    reading: resolveReading(ResolvedPageReading),
    doc: '`{ data: [page] }`, newest first',
  }),
  listPages: defineOperation({
    method: 'get',
    path: '/pages',
    tag,
    summary: 'List pages, most recently updated first',
    access: 'read',
    query: ListQuery.extend({ parentId: Uuid.optional() }),
    status: 200,
    answer: {
      type: 'json',
      schema: listOf(PageMeta).meta({ id: 'PageList' }),
      description: 'A page of pages',
    },
    reading: listReading(PageReading),
    doc: 'list of pages',
  }),
  createPage: defineOperation({
    method: 'post',
    path: '/pages',
    tag,
    summary: 'Create a page',
    access: 'write',
    body: {
      type: 'json',
      schema: z
        .object({ title: Title, markdown: z.string().default(''), parentId: Uuid.nullish() })
        .meta({ id: 'CreatePage' }),
    },
    status: 201,
    answer: { type: 'json', schema: PageMeta, description: 'The created page' },
    reading: PageReading,
    otherAnswers: { 413: 'payload_too_large', 415: 'unsupported_media_type' },
    doc: 'page, header `ETag`',
  }),
  getPage: defineOperation({
    method: 'get',
    path: '/pages/{pageId}',
    tag,
    summary: 'Read page metadata',
    access: 'read',
    params: PageIdParams,
    status: 200,
    answer: { type: 'json', schema: PageMeta, description: 'The page' },
    reading: PageReading,
    doc: 'page',
  }),
  updatePage: defineOperation({
    method: 'patch',
    path: '/pages/{pageId}',
    tag,
    summary: 'Update title and/or icon',
    access: 'write',
    params: PageIdParams,
    body: {
      type: 'json',
      schema: z
        .object({ title: Title.optional(), icon: Icon.optional() })
        .refine((b) => b.title !== undefined || b.icon !== undefined, {
          message: 'at least one of title, icon is required',
        })
        .meta({ id: 'UpdatePage' }),
    },
    status: 200,
    answer: { type: 'json', schema: PageMeta, description: 'The updated page' },
    reading: PageReading,
    doc: 'page',
  }),
  movePage: defineOperation({
    method: 'patch',
    path: '/pages/{pageId}/move',
    tag,
    summary: 'Move a page to a folder (null: the root)',
    access: 'write',
    params: PageIdParams,
    body: { type: 'json', schema: TargetBody('MovePage') },
    status: 200,
    answer: { type: 'json', schema: PageMeta, description: 'The moved page' },
    reading: MovedPageReading,
    doc: 'page',
  }),
  copyPage: defineOperation({
    method: 'post',
    path: '/pages/{pageId}/copy',
    tag,
    summary: 'Copy a page (title, icon, content) into a folder',
    access: 'write',
    params: PageIdParams,
    body: { type: 'json', schema: TargetBody('CopyPage') },
    status: 201,
    answer: { type: 'json', schema: IdResult, description: 'The id of the copy' },
    doc: '`{ id }`',
  }),
  trashPage: defineOperation({
    method: 'delete',
    path: '/pages/{pageId}/trash',
    tag,
    summary: 'Move a page to Trash',
    access: 'write',
    params: PageIdParams,
    status: 200,
    answer: { type: 'json', schema: IdResult, description: 'The trashed page id' },
    reading: looseIdReading,
    doc: '`{ id }`',
  }),
  restorePage: defineOperation({
    method: 'patch',
    path: '/pages/{pageId}/restore',
    tag,
    summary: 'Restore a page from Trash (to the root if its folder is still in Trash)',
    access: 'write',
    params: PageIdParams,
    status: 200,
    answer: { type: 'json', schema: IdResult, description: 'The restored page id' },
    reading: looseIdReading,
    doc: '`{ id }`',
  }),
  deletePagePermanently: defineOperation({
    method: 'delete',
    path: '/pages/{pageId}/permanent',
    tag,
    summary: 'Delete a page permanently (admin)',
    access: 'write',
    params: PageIdParams,
    status: 204,
    answer: { type: 'none', description: 'Deleted' },
    doc: 'no content',
  }),
};
