import { z } from 'zod';

/**
 * What Pageclip remembers of a page it clipped: where the clip is, and the page's `ETag` right
 * after Pageclip last wrote its content (a clip or an update), so a later update can tell
 * whether the user edited the page since.
 */
export const KnownClipSchema = z.object({
  /** The normalised URL (`normalise-url.ts`). */
  url: z.string().min(1),
  pageId: z.string().min(1),
  title: z.string(),
  folderId: z.string().nullable(),
  /** When it was clipped (ms since the epoch). */
  clippedAt: z.number(),
  /** When Pageclip last wrote it (the clip itself, an update, a rename or move). */
  at: z.number(),
  /** The page's ETag after Pageclip's last clip or update; null when not known. */
  etag: z.string().nullable(),
  /** Found through the service rather than clipped in this browser. */
  found: z.boolean().optional(),
});
export type KnownClip = z.infer<typeof KnownClipSchema>;
