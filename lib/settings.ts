/**
 * Every value Pageclip keeps in extension storage, as `storage.defineItem` items.
 *
 * Values are parsed with zod on read (`readItem`): data written by an older version, another
 * build or a hand edit falls back to the default instead of crashing the worker. Items that
 * changed shape carry a `version` and `migrations`.
 *
 * The token is in `local:` (never `sync:`: it must not leave this browser) and only the
 * background reads it; the UI asks the background through `lib/messaging/`.
 */
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { z } from 'zod';
import { HighlightTemplateDefault } from './highlight-template';
import { PendingHighlightSchema, PopupDraftSchema } from './messaging/clipping';
import { UserSchema } from './messaging/connection';
import {
  DestinationSchema,
  FolderSchema,
  PageSummarySchema,
  RecentFolderSchema,
  RecentPageSchema,
} from './messaging/library';
import {
  type ClipDefaults,
  ClipDefaultsSchema,
  PageLinkTemplateSchema,
} from './messaging/preferences';
import { ProblemSchema } from './messaging/problem';

/** The project's own builds talk to the local service by default (docs/api.md). */
export const DEFAULT_SERVICE_URL =
  (import.meta.env?.WXT_SERVICE_URL as string | undefined) ?? 'http://127.0.0.1:8787/api/v1';

export const DEFAULT_CLIP_DEFAULTS: ClipDefaults = {
  mode: 'article',
  operation: 'append',
  highlightTemplate: HighlightTemplateDefault,
  inboxTitle: 'Inbox',
};

export const RECENT_LIMIT = 8;

/** The link shown after a save: the local service's page view (see `lib/ui/page-link.ts`). */
export const DEFAULT_PAGE_LINK_TEMPLATE = '{origin}/view/pages/{id}';

export const serviceUrlItem = storage.defineItem<string>('local:serviceUrl', {
  fallback: DEFAULT_SERVICE_URL,
});

export const tokenItem = storage.defineItem<string | null>('local:token', { fallback: null });

export const connectedUserItem = storage.defineItem<z.infer<typeof UserSchema> | null>(
  'local:connectedUser',
  { fallback: null },
);

export const clipDefaultsItem = storage.defineItem<ClipDefaults>('local:clipDefaults', {
  fallback: DEFAULT_CLIP_DEFAULTS,
  version: 2,
  migrations: {
    // v1 stored the highlight template under `template`.
    2: (old: Record<string, unknown>) => {
      const { template, ...rest } = old ?? {};
      return {
        ...DEFAULT_CLIP_DEFAULTS,
        ...rest,
        highlightTemplate: template ?? rest.highlightTemplate,
      };
    },
  },
});

/** `{origin}` and `{id}` placeholders; a new item with a fallback, so it needs no migration. */
export const pageLinkTemplateItem = storage.defineItem<string>('local:pageLinkTemplate', {
  fallback: DEFAULT_PAGE_LINK_TEMPLATE,
});

export const recentFoldersItem = storage.defineItem<z.infer<typeof RecentFolderSchema>[]>(
  'local:recentFolders',
  { fallback: [] },
);
export const recentPagesItem = storage.defineItem<z.infer<typeof RecentPageSchema>[]>(
  'local:recentPages',
  { fallback: [] },
);
export const lastDestinationItem = storage.defineItem<z.infer<typeof DestinationSchema> | null>(
  'local:lastDestination',
  { fallback: null },
);

/** The folder tree as last fetched, tagged with the service and user it belongs to. */
export const FolderCacheSchema = z.object({
  owner: z.string(), // `${serviceUrl} ${userId}`: a cache of another account is ignored
  fetchedAt: z.number(),
  folders: z.array(FolderSchema),
});
export type FolderCache = z.infer<typeof FolderCacheSchema>;
export const folderCacheItem = storage.defineItem<FolderCache | null>('local:cache:folders', {
  fallback: null,
});

/** Revision of the stored folder cache, alone: a cheap check that the worker's in-memory copy is current. */
export const folderCacheStampItem = storage.defineItem<string | null>('local:cache:foldersStamp', {
  fallback: null,
});

/** Pages per folder (`root` for the top level), most recently used folders kept. */
export const PageCacheSchema = z.object({
  owner: z.string(),
  folders: z.record(
    z.string(),
    z.object({
      fetchedAt: z.number(),
      complete: z.boolean(),
      pages: z.array(PageSummarySchema),
    }),
  ),
});
export type PageCache = z.infer<typeof PageCacheSchema>;
export const pageCacheItem = storage.defineItem<PageCache | null>('local:cache:pages', {
  fallback: null,
});

export const pendingHighlightItem = storage.defineItem<z.infer<
  typeof PendingHighlightSchema
> | null>('local:pendingHighlight', { fallback: null });

/**
 * A sign-in in progress: the tab the background waits on (-1 when none was needed), then the
 * session's account, which is held until the user confirms it before a token is minted.
 */
export const SignInPendingSchema = z.object({
  serviceUrl: z.string(),
  tabId: z.number().int(),
  startedAt: z.number(),
  account: UserSchema.nullable().optional(),
});
export const signInPendingItem = storage.defineItem<z.infer<typeof SignInPendingSchema> | null>(
  'local:signInPending',
  { fallback: null },
);

/** The last problem talking to the service (a failed check, a 401 or missing scope on a write). */
export const ConnectionProblemSchema = z.object({ problem: ProblemSchema, at: z.number() });
export const connectionProblemItem = storage.defineItem<z.infer<
  typeof ConnectionProblemSchema
> | null>('local:connectionProblem', { fallback: null });

/** The popup's unsaved clip and quick note (session only: a browser restart may drop a draft, never a submitted clip). */
export const popupDraftItem = storage.defineItem<z.infer<typeof PopupDraftSchema> | null>(
  'session:popupDraft',
  { fallback: null },
);

/** Context-menu clicks already handled (clipId per click), so a repeated event appends once. */
export const HandledClickSchema = z.array(
  z.object({ key: z.string(), clipId: z.string(), at: z.number() }),
);
export const handledClicksItem = storage.defineItem<z.infer<typeof HandledClickSchema>>(
  'local:handledClicks',
  { fallback: [] },
);

const schemas = new Map<unknown, z.ZodType>([
  [serviceUrlItem, z.string().min(1)],
  [tokenItem, z.string().min(1).nullable()],
  [connectedUserItem, UserSchema.nullable()],
  [clipDefaultsItem, ClipDefaultsSchema],
  [pageLinkTemplateItem, PageLinkTemplateSchema],
  [recentFoldersItem, z.array(RecentFolderSchema)],
  [recentPagesItem, z.array(RecentPageSchema)],
  [lastDestinationItem, DestinationSchema.nullable()],
  [folderCacheItem, FolderCacheSchema.nullable()],
  [folderCacheStampItem, z.string().nullable()],
  [pageCacheItem, PageCacheSchema.nullable()],
  [pendingHighlightItem, PendingHighlightSchema.nullable()],
  [signInPendingItem, SignInPendingSchema.nullable()],
  [handledClicksItem, HandledClickSchema],
  [connectionProblemItem, ConnectionProblemSchema.nullable()],
  [popupDraftItem, PopupDraftSchema.nullable()],
]);

/**
 * Read an item and validate it. A value that does not parse is treated as absent: the item's
 * fallback is returned (and, for `clipDefaults`, missing fields are filled from the defaults).
 */
export async function readItem<T>(item: WxtStorageItem<T, Record<string, unknown>>): Promise<T> {
  const value = await item.getValue();
  const schema = schemas.get(item);
  if (!schema) return value;
  if (item === (clipDefaultsItem as unknown)) {
    const merged = ClipDefaultsSchema.safeParse({ ...DEFAULT_CLIP_DEFAULTS, ...(value as object) });
    return (merged.success ? merged.data : DEFAULT_CLIP_DEFAULTS) as T;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as T) : item.fallback;
}
