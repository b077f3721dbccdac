import { z } from 'zod';
import { ContentPosition } from '../contract/primitives';
import { EMBEDDED_IMAGE_LIMITS } from './extract/embedded-images';
import { EmbeddedImageSchema } from './extract/result';
import { HighlightChangeSchema } from './clip-markdown/highlight-schema';

/**
 * A write the user asked for, as plain data: minted at the click (with its `clipId`), stored
 * in the outbox before anything is sent, and replayed from there until the service confirms.
 *
 * `clipId` doubles as the `Idempotency-Key` and the content-operation `id` of appends, and is
 * written into a created page's frontmatter so an uncertain create can be found again
 * instead of being repeated (the spec gives `POST /pages` no idempotency key).
 */
const clipId = z.uuid();
const pageTitle = z.string().trim().min(1).max(500);
const operation = ContentPosition;

export const CreatePageWriteSchema = z.object({
  kind: z.literal('create-page'),
  clipId,
  title: pageTitle,
  markdown: z.string(),
  parentId: z.uuid().nullable(),
  /** Store the clip's images in the service (docs/architecture.md, "Kept images"). */
  keepImages: z.boolean().optional(),
  /**
   * The page's `data:` images the markdown embeds as `pageclip-image:N` (lib/images/embedded.ts):
   * only with `keepImages`; otherwise the popup removed those embeds before the write.
   */
  embeddedImages: z.array(EmbeddedImageSchema).max(EMBEDDED_IMAGE_LIMITS.maxCount).optional(),
});

/** One highlight of an append that adds only what the page does not hold yet. */
export const HighlightItemSchema = z.object({
  /** The selected text, compared with the page's text (`lib/known-clips/highlights.ts`). */
  quote: z.string().min(1).max(100_000),
  /** The quote as rendered with the highlight template. */
  content: z.string().min(1),
});

export const AddToPageWriteSchema = z.object({
  kind: z.literal('add-to-page'),
  clipId,
  pageId: z.uuid(),
  operation,
  content: z.string().min(1),
  /**
   * Highlights: only those not already in the page are appended. Delivery reads the page once,
   * fixes `content` to the new ones and records `highlightCounts` before sending anything, so
   * a retry sends the very same request.
   */
  highlights: z.array(HighlightItemSchema).min(1).max(500).optional(),
  highlightCounts: z
    .object({ added: z.number().int().nonnegative(), already: z.number().int().nonnegative() })
    .optional(),
});

/**
 * Add to the Inbox: the page `pageId` when it still exists, else the page with this exact
 * title in the folder, created first if none exists (docs/architecture.md, "The Inbox").
 */
export const AddToTitledPageWriteSchema = z.object({
  kind: z.literal('add-to-titled-page'),
  clipId,
  /** The page the Inbox was last found at; it may have been moved (still found) or deleted. */
  pageId: z.uuid().optional(),
  title: pageTitle,
  parentId: z.uuid().nullable(),
  operation,
  content: z.string().min(1),
});

/**
 * Replace a clip's content with a newer version (`PUT` with `If-Match: ifMatch`): the page must
 * still be at the revision the user decided on. See lib/outbox/deliver-update.ts.
 */
export const UpdatePageWriteSchema = z.object({
  kind: z.literal('update-page'),
  clipId,
  pageId: z.uuid(),
  markdown: z.string().min(1),
  ifMatch: z.string().min(1).max(200),
});

/**
 * Undo of an append: one exact edit taking the appended text out (computed from the page's
 * content when the user clicked Undo; the clipId is its Idempotency-Key, so a retry replays).
 */
export const EditPageWriteSchema = z.object({
  kind: z.literal('edit-page'),
  clipId,
  pageId: z.uuid(),
  oldText: z.string().min(1),
  newText: z.string(),
});

/** Undo of a clip that created a page: the page goes to the Trash (where it can be restored). */
export const TrashPageWriteSchema = z.object({
  kind: z.literal('trash-page'),
  clipId,
  pageId: z.uuid(),
  /** Trash only while the page is at this revision (checked by reading it: trash has no If-Match). */
  ifMatch: z.string().min(1).max(200).optional(),
});

/**
 * A highlight added, changed or removed in its page's `## Highlights` section: applied to the
 * page as it is at delivery, as an exact edit (lib/outbox/deliver-highlight.ts).
 */
export const HighlightPageWriteSchema = z.object({
  kind: z.literal('highlight-page'),
  clipId,
  pageId: z.uuid(),
  /** The web page's address, for the passage's text-fragment link. */
  pageUrl: z.string().max(8_192),
  change: HighlightChangeSchema,
});

export const WriteRequestSchema = z.discriminatedUnion('kind', [
  CreatePageWriteSchema,
  AddToPageWriteSchema,
  AddToTitledPageWriteSchema,
  UpdatePageWriteSchema,
  EditPageWriteSchema,
  TrashPageWriteSchema,
  HighlightPageWriteSchema,
]);

export type CreatePageWrite = z.infer<typeof CreatePageWriteSchema>;
export type AddToPageWrite = z.infer<typeof AddToPageWriteSchema>;
export type AddToTitledPageWrite = z.infer<typeof AddToTitledPageWriteSchema>;
export type UpdatePageWrite = z.infer<typeof UpdatePageWriteSchema>;
export type HighlightItem = z.infer<typeof HighlightItemSchema>;
export type EditPageWrite = z.infer<typeof EditPageWriteSchema>;
export type TrashPageWrite = z.infer<typeof TrashPageWriteSchema>;
export type HighlightPageWrite = z.infer<typeof HighlightPageWriteSchema>;
export type WriteRequest = z.infer<typeof WriteRequestSchema>;
