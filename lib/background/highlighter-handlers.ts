/** The background's answer to `highlighter.start` (lib/messaging/highlighter-requests.ts). */
import type { Handlers } from './router';
import type { BackgroundContext } from './context';
import { startHighlighter } from './highlighter';

export function highlighterHandlers(ctx: BackgroundContext): Pick<Handlers, 'highlighter.start'> {
  return {
    'highlighter.start': async ({ tabId, mode }) => ({
      started: await startHighlighter(ctx, tabId, mode),
    }),
  };
}
