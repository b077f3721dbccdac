/**
 * What "Keep images" records in the outbox: the progress of an entry being delivered (shown as
 * "Saving images… 7 of 12") and, once saved, which images the service stores and which kept
 * their remote links, and why (docs/architecture.md, "Kept images").
 */
import { z } from 'zod';

export const ImageProgressSchema = z.object({
  /** fetching: images being read from the web; importing: the import was (or is being) sent; placing: the page is being moved into its folder. */
  phase: z.enum(['fetching', 'importing', 'placing']),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ImageProgress = z.infer<typeof ImageProgressSchema>;

export const ImageLinkSchema = z.object({
  url: z.string().max(2000),
  /** A short reason: "HTTP 404", "too large", "no access", "unsupported format", … */
  reason: z.string().max(200),
});
export type ImageLink = z.infer<typeof ImageLinkSchema>;

export const ImageReportSchema = z.object({
  /** Images the service now stores for the page. */
  stored: z.number().int().nonnegative(),
  /** Tracking pixels and icons, left as they were. */
  skipped: z.number().int().nonnegative(),
  /** Images that failed and kept their remote links, each named with its reason. */
  links: z.array(ImageLinkSchema).max(500),
});
export type ImageReport = z.infer<typeof ImageReportSchema>;
