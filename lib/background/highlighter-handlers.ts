/** The background's answers to the popup's highlighter requests (lib/messaging/highlighter-requests.ts). */
import type { Handlers } from './router';
import type { BackgroundContext } from './context';
import { retargetSite, startHighlighter } from './highlighter';
import { pendingClipFor } from './highlighter-pending';
import { chooseSiteDestination, siteDestination, siteOf } from './highlighter-sites';
import { findPageClip, pageKey } from './highlighter-target';
import { ProblemError } from './router';
import { t } from './i18n';
import { problem } from './problems';

type HighlighterHandlers = Pick<
  Handlers,
  'highlighter.start' | 'highlighter.destination' | 'highlighter.chooseDestination'
>;

export function highlighterHandlers(ctx: BackgroundContext): HighlighterHandlers {
  return {
    'highlighter.start': async ({ tabId, mode }) => ({
      started: await startHighlighter(ctx, tabId, mode),
    }),
    'highlighter.destination': async (page) => {
      const site = siteOf(page.url);
      const clip = await findPageClip(ctx, page).catch(() => null);
      const clipped = clip !== null || (await pendingClipFor(pageKey(page))) !== null;
      return { site, clipped, chosen: site ? await siteDestination(site) : null };
    },
    'highlighter.chooseDestination': async ({ url, page }) => {
      const site = siteOf(url);
      if (!site)
        throw new ProblemError(
          problem(
            'other',
            t('highlighterNoSite', 'Highlights on this page cannot go to a chosen page.'),
          ),
        );
      await chooseSiteDestination(site, page);
      // The tabs redraw on their own; the popup need not wait for the service.
      void retargetSite(ctx, site, page);
      return { site, chosen: page };
    },
  };
}
