/**
 * Known clips: whether the page in the tab was clipped before (this browser's index, else the
 * service), and updating such a clip safely.
 */
import { z } from 'zod';
import { KnownClipSchema } from '../known-clips/known-clip';
import { OutboxEntryViewSchema } from '../outbox/entry';

const url = z.string().min(1).max(10_000);

/** What changed between the page as it is now and the new version, in lines. */
export const ClipChangesSchema = z.object({
  /** Lines only in the page as it is now (the user's edits, or text the new version dropped). */
  onlyInPage: z.array(z.string()),
  onlyInPageCount: z.number().int().nonnegative(),
  /** Lines only in the new version. */
  onlyInNew: z.array(z.string()),
  onlyInNewCount: z.number().int().nonnegative(),
});
export type ClipChanges = z.infer<typeof ClipChangesSchema>;

export const UpdateChoiceSchema = z.enum(['replace', 'section']);
export type UpdateChoice = z.infer<typeof UpdateChoiceSchema>;

export const knownClipRequests = {
  /**
   * The clip of this page, if any: the index first; when it does not know the page, the
   * service (pages with this title, confirmed by the `source:` in their frontmatter).
   */
  'known.lookup': {
    request: z.object({
      url,
      canonical: url.optional(),
      title: z.string().max(1_000),
      /** Ask only the index (the toolbar mark, a quick check). */
      localOnly: z.boolean().optional(),
    }),
    response: z.object({ clip: KnownClipSchema.nullable() }),
  },

  /**
   * Update the clip with a new extraction. Without `choice`, it is replaced only if the page is
   * still at the revision Pageclip wrote; otherwise the answer is `edited` with what changed,
   * and the user picks `replace` or `section` for that revision (`etag`). A page changed again
   * meanwhile answers `edited` again.
   */
  'known.update': {
    request: z.object({
      clipId: z.uuid(),
      pageId: z.uuid(),
      url,
      title: z.string().min(1).max(500),
      /** The new version: the clip document (frontmatter and body). */
      document: z.string().min(1).max(5_000_000),
      choice: UpdateChoiceSchema.optional(),
      etag: z.string().max(200).optional(),
      waitMs: z.number().int().min(0).max(30_000).optional(),
    }),
    response: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('queued'), entry: OutboxEntryViewSchema }),
      z.object({ kind: z.literal('edited'), etag: z.string(), changes: ClipChangesSchema }),
      z.object({ kind: z.literal('gone') }),
    ]),
  },
} as const;
