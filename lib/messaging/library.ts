/**
 * Where clips go: the folder tree and pages as the background caches them, the recent
 * destinations, and the requests that read them.
 */
import { z } from 'zod';
import { ContentPosition } from '../../contract/primitives';
import { ProblemSchema } from './problem';

export const FolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  permission: z.string().nullable(),
});
export type Folder = z.infer<typeof FolderSchema>;

export const PageSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  parentId: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PageSummary = z.infer<typeof PageSummarySchema>;

export const RecentFolderSchema = z.object({
  id: z.string().nullable(), // null = root
  name: z.string(),
  usedAt: z.number(),
});
export type RecentFolder = z.infer<typeof RecentFolderSchema>;

export const RecentPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The page's folder (null: the top level); trusted only with `folderPath`. */
  parentId: z.string().nullable(),
  /** Folder names from the top level down; absent while the folder is not known yet. */
  folderPath: z.array(z.string()).optional(),
  usedAt: z.number(),
});
export type RecentPage = z.infer<typeof RecentPageSchema>;

/** Where the last clip went: quick-clip and "Clip page to <last folder>" reuse it. */
export const DestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('folder'), folderId: z.string().nullable(), name: z.string() }),
  z.object({
    kind: z.literal('page'),
    pageId: z.string(),
    title: z.string(),
    operation: ContentPosition,
  }),
]);
export type Destination = z.infer<typeof DestinationSchema>;

const empty = z.object({}).strict();
const parentId = z.string().min(1).max(200).nullable();

export const libraryRequests = {
  /** The folder tree from the cache, at once; a stale cache is refreshed in the background (`folders-changed`). */
  'folders.get': {
    request: z.object({ refresh: z.boolean().optional() }),
    response: z.object({
      folders: z.array(FolderSchema),
      fetchedAt: z.number().nullable(),
      refreshing: z.boolean(),
      problem: ProblemSchema.nullable(),
    }),
  },
  /** Create a folder at once (not a clip, so not through the outbox); added to the cache. */
  'folders.create': {
    request: z.object({ name: z.string().trim().min(1).max(500), parentId }),
    response: FolderSchema,
  },
  /** Pages directly in a folder (null = root), cached per folder, most recently updated first. */
  'pages.list': {
    request: z.object({ parentId, refresh: z.boolean().optional() }),
    response: z.object({
      pages: z.array(PageSummarySchema),
      fetchedAt: z.number().nullable(),
      complete: z.boolean(), // false when the list was cut at the cache limit
      problem: ProblemSchema.nullable(),
    }),
  },
  /** Search pages by title: substring among cached pages of the folder plus exact-title resolve. */
  'pages.search': {
    request: z.object({ query: z.string().max(500), parentId: parentId.optional() }),
    response: z.object({ pages: z.array(PageSummarySchema), problem: ProblemSchema.nullable() }),
  },
  /** Exact-title resolve (GET /pages/resolve). */
  'pages.resolve': {
    request: z.object({ title: z.string().min(1).max(500), parentId: parentId.optional() }),
    response: z.object({ pages: z.array(PageSummarySchema) }),
  },
  /** Recent folders and pages, and the last destination. */
  'recent.get': {
    request: empty,
    response: z.object({
      folders: z.array(RecentFolderSchema),
      pages: z.array(RecentPageSchema),
      lastDestination: DestinationSchema.nullable(),
    }),
  },
} as const;
