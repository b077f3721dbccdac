/** The popup's requests about the on-page highlighter (lib/background/highlighter.ts). */
import { z } from 'zod';
import { HighlighterModeSchema } from './highlighter';

const url = z.string().min(1).max(10_000);

/** The page a site's highlights go to when the page in the tab has no clip. */
export const HighlightSitePageSchema = z.object({
  pageId: z.uuid(),
  title: z.string().min(1).max(500),
});
export type HighlightSitePage = z.infer<typeof HighlightSitePageSchema>;

/** Where the tab's highlights go: `site` is null for a page that is not on an http(s) site. */
const DestinationSchema = z.object({
  site: z.string().max(300).nullable(),
  /** The page has a clip (or one is being saved): its highlights go there, whatever is chosen. */
  clipped: z.boolean(),
  chosen: HighlightSitePageSchema.nullable(),
});

export const highlighterRequests = {
  /**
   * Draw the page's highlights in the tab (`draw`, as the popup opens), or turn highlighter
   * mode on (`on`, the popup's button). False when the page cannot be scripted.
   */
  'highlighter.start': {
    request: z.object({ tabId: z.number().int().nonnegative(), mode: HighlighterModeSchema }),
    response: z.object({ started: z.boolean() }),
  },

  /** Where highlights made on this page go: its clip, else the page chosen for its site. */
  'highlighter.destination': {
    request: z.object({ url, canonical: url.optional(), title: z.string().max(1_000) }),
    response: DestinationSchema,
  },

  /**
   * Remember a page for the site of `url` (its host), or forget the site's page (`page: null`):
   * without one, the first highlight on a page without a clip clips the page first.
   */
  'highlighter.chooseDestination': {
    request: z.object({ url, page: HighlightSitePageSchema.nullable() }),
    response: z.object({ site: z.string().max(300), chosen: HighlightSitePageSchema.nullable() }),
  },
} as const;
