/**
 * Clipping: extracting the tab, submitting writes to the outbox and following them, the
 * highlight waiting for its page, and the popup's unsaved draft.
 */
import { z } from 'zod';
import { ClipModeSchema } from '../extract/result';
import { OutboxEntryViewSchema } from '../outbox/entry';
import { WriteRequestSchema } from '../write-request';
import { ClipExtractionSchema, PageDataSchema } from './extractor';
import { ProblemSchema } from './problem';
import { PropertyValueSchema, TagSchema } from './templates';

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

const empty = z.object({}).strict();
const id = z.string().min(1).max(200);
const label = z.string().min(1).max(500);
const entries = z.object({ entries: z.array(OutboxEntryViewSchema) });

export const clippingRequests = {
  /** Extract the active tab (or `tabId`) with the extraction script injected on demand. */
  'tab.extract': {
    request: z.object({ mode: ClipModeSchema.optional(), tabId: z.number().int().optional() }),
    response: z.discriminatedUnion('ok', [
      z.object({
        ok: z.literal(true),
        tabId: z.number().int(),
        selectionAvailable: z.boolean(),
        result: ClipExtractionSchema,
        /** The selected text and what templates read from the page (docs/templates.md). */
        selectionText: z.string().optional(),
        page: PageDataSchema.optional(),
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
      label,
      note: z.string().max(100_000).optional(),
      /** Folder name for recents when the write creates a page. */
      folderName: z.string().max(500).optional(),
      /** A template's typed properties for a new page's frontmatter (docs/templates.md). */
      properties: z.record(z.string().min(1).max(100), PropertyValueSchema.nullable()).optional(),
      /** The clip's tags, a YAML list `tags:` in a new page's frontmatter. */
      tags: z.array(TagSchema).max(50).optional(),
      /** Wait up to this long for the first attempt's answer (saved, failed or waiting). */
      waitMs: z.number().int().min(0).max(30_000).optional(),
    }),
    response: OutboxEntryViewSchema,
  },
  /** A highlight waiting for "Choose…" from the context menu, if any (cleared on submit). */
  'highlight.pending': {
    request: empty,
    response: z.object({ pending: PendingHighlightSchema.nullable() }),
  },
  'highlight.discard': { request: empty, response: z.object({ ok: z.literal(true) }) },

  'outbox.list': { request: empty, response: entries },
  'outbox.retry': { request: z.object({ id }), response: entries },
  /** "Retry all" of the notice: every entry that failed with the previous connection. */
  'outbox.retryPreviousConnection': { request: empty, response: entries },
  'outbox.discard': { request: z.object({ id }), response: entries },
  /** "Edit destination": replace the write of a failed entry (same clipId). */
  'outbox.retarget': {
    request: z.object({ id, write: WriteRequestSchema, label: label.optional() }),
    response: entries,
  },
  'outbox.wait': {
    request: z.object({ id, timeoutMs: z.number().int().min(0).max(30_000) }),
    response: OutboxEntryViewSchema,
  },

  /**
   * The popup's unsaved draft, kept in `storage.session` by the background so closing the popup
   * loses nothing; cleared once the outbox holds the clip.
   */
  'draft.get': { request: empty, response: z.object({ draft: PopupDraftSchema.nullable() }) },
  'draft.set': {
    request: z.object({ draft: PopupDraftSchema.nullable() }),
    response: z.object({ ok: z.literal(true) }),
  },
} as const;
