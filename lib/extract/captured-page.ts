import { z } from 'zod';
import { CAPTURED_PAGE_MAX_CHARS } from './capture';

/**
 * The page as the tab hands it over to the extension's extraction document (capture.ts): the
 * marked copy serialized, and the little the later steps read from the live page itself.
 * Declared once: the background parses the tab's answer with it (the page is untrusted) and
 * the extraction document parses the background's request with it; the pipeline takes only
 * the type, so the script injected into pages carries no zod.
 */

export const CapturedPageSchema = z.object({
  /** The page's copy as an HTML document, hidden elements marked (`HIDDEN_MARK`). */
  html: z.string().max(CAPTURED_PAGE_MAX_CHARS),
  url: z.string().max(100_000),
  /** Length of the live body's text, hidden parts included: Readability's retry measure. */
  textLength: z.number().int().nonnegative(),
  /** For a selection clip, the selected ranges' blocks as HTML; else null. */
  selection: z.string().max(CAPTURED_PAGE_MAX_CHARS).nullable(),
});
export type CapturedPage = z.infer<typeof CapturedPageSchema>;
