/**
 * Only in the e2e build (`wxt build --mode e2e`): what the end-to-end tests call inside the
 * service worker with `worker.evaluate`, because Playwright cannot click a context menu, press
 * an extension shortcut or the toolbar button (docs/development.md, "End-to-end tests in
 * Chromium").
 */
import { browser } from 'wxt/browser';
import { setDismissAfter } from './append-confirmation';
import { onCommand } from './commands';
import type { BackgroundContext } from './context';
import { extractTab } from './extraction';
import {
  EXTRACTION_IDLE_ALARM,
  onExtractionIdleAlarm,
  openExtractionDocument,
} from './extraction-document';
import { createHandlers } from './handlers';
import { onMenuClicked, refreshMenus, type MenuClick, type MenuTab } from './menus';

export function e2eHooks(ctx: BackgroundContext) {
  const handlers = createHandlers(ctx);
  return {
    ctx,
    handlers,
    menuClick: (info: MenuClick, tab?: MenuTab) => onMenuClicked(ctx, info, tab),
    command: (name: string, tabId?: number) => onCommand(ctx, name, tabId),
    refreshMenus,
    setConfirmationDismissAfter: setDismissAfter,
    /** An article clip of the tab as the handlers get it, saying where it was extracted. */
    extractTab: (tabId: number) => extractTab({ tabId, mode: 'article', now: new Date(ctx.now()) }),
    /** Resolves once the extraction document is open (opening it if it is not). */
    extractionDocumentOpen: () => openExtractionDocument(),
    /** The extraction document's idle alarm, as if it went off at `now`. */
    extractionIdle: (now: number) => onExtractionIdleAlarm({ name: EXTRACTION_IDLE_ALARM }, now),
    browser,
  };
}
export type E2eHooks = ReturnType<typeof e2eHooks>;
