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
import { UserSchema, WriteAccessSchema } from './messaging/connection';
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
import { HighlightSitePageSchema, type HighlightSitePage } from './messaging/highlighter-requests';
import { ManyTabsJobSchema, type ManyTabsJob } from './messaging/many-tabs';
import { InboxSchema, type Inbox } from './messaging/notes';
import { ProblemSchema } from './messaging/problem';
import { KnownTagSchema, type KnownTagList } from './messaging/templates';
import { TemplateListSchema, type Template } from './templates/schema';

/** The project's own builds talk to the local service by default (docs/api.md). */
export const DEFAULT_SERVICE_URL =
  (import.meta.env?.WXT_SERVICE_URL as string | undefined) ?? 'http://127.0.0.1:8787/api/v1';

export const DEFAULT_CLIP_DEFAULTS: ClipDefaults = {
  mode: 'article',
  operation: 'append',
  highlightTemplate: HighlightTemplateDefault,
  inboxTitle: 'Inbox',
  noteSource: true,
  keepImages: false,
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
  version: 4,
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
    // v3 added `noteSource`: notes written before carried no source, later ones do by default.
    3: (old: Record<string, unknown>) => ({ noteSource: true, ...old }),
    // v4 added `keepImages`: off until the user turns it on (it asks for access to image hosts).
    4: (old: Record<string, unknown>) => ({ keepImages: false, ...old }),
  },
});

/**
 * The Inbox quick notes (and highlights with no page yet) are added to (docs/architecture.md,
 * "The Inbox"): the page's id once known, and the exact title and folder it is found by (or
 * created in) when there is no id yet or that page is gone. `chosen`: picked in the options;
 * otherwise the default, a page titled `clipDefaults.inboxTitle` at the top level.
 */
export const inboxItem = storage.defineItem<Inbox | null>('local:inbox', {
  fallback: null,
  version: 1,
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

/** What the stored token may do (the write check), kept with the token and cleared with it. */
export const WriteAccessStateSchema = z.object({ access: WriteAccessSchema, at: z.number() });
export const writeAccessItem = storage.defineItem<z.infer<typeof WriteAccessStateSchema> | null>(
  'local:writeAccess',
  { fallback: null },
);

/** The popup's unsaved clip and quick note (session only: a browser restart may drop a draft, never a submitted clip). */
export const popupDraftItem = storage.defineItem<z.infer<typeof PopupDraftSchema> | null>(
  'session:popupDraft',
  { fallback: null },
);

/** The many-tabs job running or last finished (session only: its writes are in the outbox). */
export const manyTabsJobItem = storage.defineItem<ManyTabsJob | null>('session:manyTabsJob', {
  fallback: null,
});

/** Context-menu clicks already handled (clipId per click), so a repeated event appends once. */
export const HandledClickSchema = z.array(
  z.object({ key: z.string(), clipId: z.string(), at: z.number() }),
);
export const handledClicksItem = storage.defineItem<z.infer<typeof HandledClickSchema>>(
  'local:handledClicks',
  { fallback: [] },
);

/**
 * "Mark pages I have clipped" as the user last set it. The option is the `tabs` permission, which
 * a many-tabs job may also have asked for; the job gives it back at its end only while this is off.
 */
export const markClippedItem = storage.defineItem<boolean>('local:markClipped', {
  fallback: false,
});

/** The options page's suggestion to pin the toolbar button and try a clip, once dismissed. */
export const pinTipDismissedItem = storage.defineItem<boolean>('local:pinTipDismissed', {
  fallback: false,
});

/**
 * The user's templates, in rule order (docs/templates.md). Version 1; a later shape adds a
 * migration here.
 */
export const templatesItem = storage.defineItem<Template[]>('local:templates', {
  fallback: [],
  version: 1,
});

/** Tags seen in the user's clips, most recently used first, bounded (lib/tags/known-tags.ts). */
export const knownTagsItem = storage.defineItem<KnownTagList>('local:knownTags', {
  fallback: [],
});

/**
 * The page the user picked for a site's highlights, by host (docs/architecture.md, "The
 * highlighter"). Parsed entry by entry: an entry that does not parse is no choice for that
 * site only, and the other sites keep theirs.
 */
const HighlightSitesSchema = z.record(z.string().max(300), z.unknown()).transform((sites) =>
  Object.fromEntries(
    Object.entries(sites).flatMap(([site, page]) => {
      const parsed = HighlightSitePageSchema.safeParse(page);
      return parsed.success ? [[site, parsed.data] as const] : [];
    }),
  ),
);
export const highlightSitesItem = storage.defineItem<Record<string, HighlightSitePage>>(
  'local:highlightSites',
  { fallback: {}, version: 1 },
);

const schemas = new Map<unknown, z.ZodType>([
  [templatesItem, TemplateListSchema],
  [knownTagsItem, z.array(KnownTagSchema)],
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
  [writeAccessItem, WriteAccessStateSchema.nullable()],
  [popupDraftItem, PopupDraftSchema.nullable()],
  [inboxItem, InboxSchema.nullable()],
  [pinTipDismissedItem, z.boolean()],
  [markClippedItem, z.boolean()],
  [manyTabsJobItem, ManyTabsJobSchema.nullable()],
  [highlightSitesItem, HighlightSitesSchema],
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
