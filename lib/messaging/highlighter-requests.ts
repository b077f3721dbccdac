/** The popup's requests about the on-page highlighter (lib/background/highlighter.ts). */
import { z } from 'zod';
import { HighlighterModeSchema } from './highlighter';

export const highlighterRequests = {
  /**
   * Draw the page's highlights in the tab (`draw`, as the popup opens), or turn highlighter
   * mode on (`on`, the popup's button). False when the page cannot be scripted.
   */
  'highlighter.start': {
    request: z.object({ tabId: z.number().int().nonnegative(), mode: HighlighterModeSchema }),
    response: z.object({ started: z.boolean() }),
  },
} as const;
