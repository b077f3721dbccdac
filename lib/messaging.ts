/**
 * The one message contract between Pageclip's contexts.
 *
 * Directions:
 * - UI (popup, options) → background: `sendToBackground(type, data)` (from
 *   `lib/messaging-client.ts`, zod-free for the popup's size); every request and response is a
 *   zod schema below, validated by the background's router on the way in and on the way out.
 * - background → UI: broadcast events (`BackgroundEventSchema`), e.g. "the folder cache
 *   was refreshed", "an outbox entry changed". UI pages listen with `onBackgroundEvent`.
 * - extractor → background: the on-demand extraction script's return value from
 *   `scripting.executeScript`, parsed with `ExtractionResultSchema`. Content scripts never
 *   send runtime messages; the background rejects any message that does not come from one
 *   of our own extension pages.
 *
 * Why not `@webext-core/messaging`: its v4 calls the global `chrome.runtime` directly
 * (bypassing `wxt/browser`, so `fakeBrowser` cannot exercise it in unit tests) and offers no
 * hook to validate data or check the sender before dispatch. A small wrapper over
 * `browser.runtime.sendMessage` keeps one place for both.
 *
 * The API token never appears in a response: only the background holds it.
 */
import { z } from 'zod';
import {
  EVENT_CHANNEL,
  HighlightTemplateDefault,
  MESSAGE_CHANNEL,
  MessageError,
  onBackgroundEvent,
  sendToBackground,
} from './messaging-client';
import { WriteRequestSchema } from './write-request';

// The zod-free runtime helpers for the UI (see messaging-client.ts), re-exported for callers
// that already load zod (the background).
export {
  EVENT_CHANNEL,
  HighlightTemplateDefault,
  MESSAGE_CHANNEL,
  MessageError,
  onBackgroundEvent,
  sendToBackground,
};

// ---------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------

export const ClipModeSchema = z.enum(['article', 'selection', 'full', 'bookmark']);
export type ClipMode = z.infer<typeof ClipModeSchema>;

export const UserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** Why the background cannot talk to the service, in words a person can act on. */
export const ProblemCodeSchema = z.enum([
  'not-configured', // no token stored
  'no-permission', // host permission for the service origin not granted
  'unreachable', // network error or timeout
  'unauthenticated', // 401: token revoked, expired or unknown
  'insufficient-scope', // 403 naming the missing scope
  'sign-in-required', // sign-in: no session with the service yet
  'invalid-url', // the service URL does not parse
  'server-error', // 5xx or an unparseable response
  'other',
]);
export type ProblemCode = z.infer<typeof ProblemCodeSchema>;
export const ProblemSchema = z.object({
  code: ProblemCodeSchema,
  message: z.string(),
  status: z.number().int().nullable(),
});
export type Problem = z.infer<typeof ProblemSchema>;

export const ConnectionStateSchema = z.object({
  serviceUrl: z.string(),
  /** `http://127.0.0.1:8787/*`-style pattern the options page passes to `permissions.request`. */
  originPattern: z.string().nullable(),
  permissionGranted: z.boolean(),
  hasToken: z.boolean(),
  user: UserSchema.nullable(),
  problem: ProblemSchema.nullable(),
  /** True while a sign-in tab is open and the background waits for the user to sign in. */
  signInPending: z.boolean(),
  /**
   * Sign-in found a browser session: the account it is signed in as. No token is minted for
   * it until the user confirmed it is theirs (`connection.confirmSignIn`), so a session
   * someone else planted (login CSRF) never silently receives the user's clips.
   */
  signInAccount: UserSchema.nullable(),
});
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

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
  parentId: z.string().nullable(),
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
    operation: z.enum(['append', 'prepend']),
  }),
]);
export type Destination = z.infer<typeof DestinationSchema>;

export const ExtractResultSchema = z.object({
  mode: ClipModeSchema,
  title: z.string(),
  byline: z.string().nullable(),
  siteName: z.string().nullable(),
  published: z.string().nullable(),
  excerpt: z.string().nullable(),
  lang: z.string().nullable(),
  wordCount: z.number(),
  url: z.string(),
  isProbablyArticle: z.boolean(),
  frontmatter: z.record(z.string(), z.unknown()),
  body: z.string(),
  markdown: z.string(),
});
export type ExtractResultData = z.infer<typeof ExtractResultSchema>;

/** What the injected extraction script returns (extractor → background). */
export const ExtractionResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    selectionAvailable: z.boolean(),
    /** The selected text alone (for highlights); empty when nothing is selected. */
    selectionText: z.string(),
    result: ExtractResultSchema,
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type ExtractionResult = z.infer<typeof ExtractionResultSchema>;

/** Options the background passes into the extraction script (background → extractor). */
export const ExtractorOptionsSchema = z.object({
  mode: ClipModeSchema,
  now: z.string(), // ISO; the clipped time from the background's clock
  extraFrontmatter: z.record(z.string(), z.string()),
});
export type ExtractorOptions = z.infer<typeof ExtractorOptionsSchema>;

export const OutboxEntrySchema = z.object({
  id: z.string(),
  write: WriteRequestSchema,
  status: z.enum(['queued', 'sending', 'saved', 'failed']),
  attempts: z.number(),
  createdAt: z.number(),
  nextAttemptAt: z.number().nullable(),
  lastError: z
    .object({
      status: z.number().nullable(),
      code: z.string(),
      message: z.string(),
      retryable: z.boolean(),
    })
    .nullable(),
  result: z.object({ pageId: z.string(), etag: z.string().optional() }).nullable(),
  label: z.string(),
  /** Set by the outbox when a retry could now apply the write twice (24-hour replay window). */
  replayWindowWarning: z.boolean().optional(),
});
export type OutboxEntryData = z.infer<typeof OutboxEntrySchema>;

export const ClipDefaultsSchema = z.object({
  mode: ClipModeSchema,
  operation: z.enum(['append', 'prepend']),
  highlightTemplate: z.string().min(1),
  inboxTitle: z.string().trim().min(1).max(500),
});
export type ClipDefaults = z.infer<typeof ClipDefaultsSchema>;

/** The link shown after a save, with `{origin}` and `{id}` placeholders (`lib/ui/page-link.ts`). */
export const PageLinkTemplateSchema = z.string().trim().min(1).max(2000);

/** Settings the UI may read and change (never the token). */
export const PublicSettingsSchema = z.object({
  serviceUrl: z.string(),
  clipDefaults: ClipDefaultsSchema,
  pageLinkTemplate: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** A highlight waiting for the user to choose its page (context menu "Choose…"). */
export const PendingHighlightSchema = z.object({
  clipId: z.uuid(),
  quote: z.string(),
  content: z.string(), // the quote rendered with the template
  sourceTitle: z.string(),
  sourceUrl: z.string(),
  createdAt: z.number(),
});
export type PendingHighlight = z.infer<typeof PendingHighlightSchema>;

/** The popup's unsaved work: the clip being edited for `url`, and the quick note. */
export const PopupDraftSchema = z.object({
  url: z.string().max(10_000),
  title: z.string().max(1_000),
  mode: ClipModeSchema,
  note: z.string().max(100_000),
  body: z.string().max(5_000_000),
  quickNote: z.string().max(100_000),
  savedAt: z.number(),
});
export type PopupDraft = z.infer<typeof PopupDraftSchema>;

// ---------------------------------------------------------------------------------------
// UI → background requests
// ---------------------------------------------------------------------------------------

const empty = z.object({}).strict();
const id = z.string().min(1).max(200);
const parentId = z.string().min(1).max(200).nullable();

export const RequestSchemas = {
  /** Connection state: who is connected, service URL, host permission, current problem. */
  'connection.get': {
    request: z.object({ check: z.boolean().optional() }), // check: re-run GET /me now
    response: ConnectionStateSchema,
  },
  /** Save the service URL (clears the token when the origin changes). */
  'connection.setServiceUrl': {
    request: z.object({ serviceUrl: z.string().min(1).max(2000) }),
    response: ConnectionStateSchema,
  },
  /** Check a pasted token with GET /me; stored only when it works. */
  'connection.connectToken': {
    request: z.object({
      serviceUrl: z.string().min(1).max(2000),
      token: z.string().min(1).max(4096),
    }),
    response: ConnectionStateSchema,
  },
  /**
   * Sign in: read the account of the browser's session with the service (GET /me) and answer
   * it as `signInAccount`, to be confirmed. Without a session the background opens the
   * service's sign-in page (the response has `signInPending: true`) and, once the user signed
   * in there, pushes the account in a `connection-changed` event.
   */
  'connection.signIn': {
    request: z.object({ serviceUrl: z.string().min(1).max(2000) }),
    response: ConnectionStateSchema,
  },
  /**
   * The user confirmed `signInAccount`: mint a token with the session (POST /tokens), kept
   * only when it belongs to that same account.
   */
  'connection.confirmSignIn': {
    request: z.object({ userId: id }),
    response: ConnectionStateSchema,
  },
  /** The user refused `signInAccount`: forget it, mint nothing. */
  'connection.cancelSignIn': { request: empty, response: ConnectionStateSchema },
  'connection.disconnect': { request: empty, response: ConnectionStateSchema },

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

  /** Extract the active tab (or `tabId`) with the extraction script injected on demand. */
  'tab.extract': {
    request: z.object({ mode: ClipModeSchema.optional(), tabId: z.number().int().optional() }),
    response: z.discriminatedUnion('ok', [
      z.object({
        ok: z.literal(true),
        tabId: z.number().int(),
        selectionAvailable: z.boolean(),
        result: ExtractResultSchema,
      }),
      z.object({
        ok: z.literal(false),
        tabId: z.number().int().nullable(),
        problem: ProblemSchema,
      }),
    ]),
  },

  /**
   * Submit a clip, quick note or highlight. The background composes the final markdown
   * (the note on top of the body; `pageclip_id: <clipId>` in a new page's frontmatter),
   * remembers the destination, and enqueues the write in the outbox. The response is the
   * outbox entry: "saved" only when its status is `saved`.
   */
  'clip.submit': {
    request: z.object({
      write: WriteRequestSchema,
      label: z.string().min(1).max(500),
      note: z.string().max(100_000).optional(),
      /** Folder name for recents when the write creates a page. */
      folderName: z.string().max(500).optional(),
      /** Wait up to this long for the outbox to deliver before answering. */
      waitMs: z.number().int().min(0).max(30_000).optional(),
    }),
    response: OutboxEntrySchema,
  },
  /** A highlight waiting for "Choose…" from the context menu, if any (cleared on submit). */
  'highlight.pending': {
    request: empty,
    response: z.object({ pending: PendingHighlightSchema.nullable() }),
  },
  'highlight.discard': { request: empty, response: z.object({ ok: z.literal(true) }) },

  'outbox.list': { request: empty, response: z.object({ entries: z.array(OutboxEntrySchema) }) },
  'outbox.retry': {
    request: z.object({ id }),
    response: z.object({ entries: z.array(OutboxEntrySchema) }),
  },
  'outbox.discard': {
    request: z.object({ id }),
    response: z.object({ entries: z.array(OutboxEntrySchema) }),
  },
  /** "Edit destination": replace the write of a failed entry (same clipId). */
  'outbox.retarget': {
    request: z.object({
      id,
      write: WriteRequestSchema,
      label: z.string().min(1).max(500).optional(),
    }),
    response: z.object({ entries: z.array(OutboxEntrySchema) }),
  },
  'outbox.wait': {
    request: z.object({ id, timeoutMs: z.number().int().min(0).max(30_000) }),
    response: OutboxEntrySchema,
  },

  // The popup's unsaved draft, kept in `storage.session` by the background so closing the
  // popup loses nothing. Cleared once the outbox holds the clip.
  'draft.get': { request: empty, response: z.object({ draft: PopupDraftSchema.nullable() }) },
  'draft.set': {
    request: z.object({ draft: PopupDraftSchema.nullable() }),
    response: z.object({ ok: z.literal(true) }),
  },
  // --- end of B's addition

  'settings.get': { request: empty, response: PublicSettingsSchema },
  'settings.set': {
    request: z.object({
      clipDefaults: ClipDefaultsSchema.partial(),
      /** Empty restores the default. */
      pageLinkTemplate: z.string().trim().max(2000).optional(),
    }),
    response: PublicSettingsSchema,
  },
} as const;

export type MessageType = keyof typeof RequestSchemas;
export type RequestOf<T extends MessageType> = z.input<(typeof RequestSchemas)[T]['request']>;
export type ParsedRequestOf<T extends MessageType> = z.output<
  (typeof RequestSchemas)[T]['request']
>;
export type ResponseOf<T extends MessageType> = z.output<(typeof RequestSchemas)[T]['response']>;

/** The envelope on the wire. */
export const RequestEnvelopeSchema = z.object({
  channel: z.literal(MESSAGE_CHANNEL),
  type: z.string(),
  data: z.unknown(),
});

export const ResponseEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ProblemSchema }),
]);
export type ResponseEnvelope = z.infer<typeof ResponseEnvelopeSchema>;

// ---------------------------------------------------------------------------------------
// background → UI events
// ---------------------------------------------------------------------------------------

export const BackgroundEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connection-changed'), state: ConnectionStateSchema }),
  z.object({ type: z.literal('folders-changed') }),
  z.object({ type: z.literal('pages-changed'), parentId: z.string().nullable() }),
  z.object({ type: z.literal('outbox-changed'), entries: z.array(OutboxEntrySchema) }),
]);
export type BackgroundEvent = z.infer<typeof BackgroundEventSchema>;

export const EventEnvelopeSchema = z.object({
  channel: z.literal(EVENT_CHANNEL),
  event: BackgroundEventSchema,
});
