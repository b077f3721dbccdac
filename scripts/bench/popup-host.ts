import type { Page } from 'playwright-core';
import type { ExtensionHarness } from '../../test/e2e/harness';

/**
 * Where `bench:extension` opens the popup: one extension tab kept for the whole run, navigated
 * to each popup document in turn. Chromium opens the toolbar popup as a new document in the
 * extension's renderer process, which is already running (it holds the extraction document).
 * A new Playwright tab starts as `about:blank` in a renderer process of its own, and that
 * process's start-up competes with the popup for the processor until the navigation moves the
 * tab into the extension's process: about 50 ms more until the popup was usable, on this
 * two-core machine, than the same popup opened in a tab already in that process.
 */
export interface PopupHost {
  /** A fresh popup document for `path` (`popup.html?…`); its `performance.now()` starts at zero. */
  show(path: string): Promise<Page>;
  /** Ends the popup document, as closing the popup does. */
  hide(): Promise<void>;
  close(): Promise<void>;
}

export async function openPopupHost(h: ExtensionHarness): Promise<PopupHost> {
  const page = await h.context.newPage();
  const idle = h.extensionUrl('manifest.json');
  await page.goto(idle);
  return {
    async show(path) {
      // A tab in the background gets no animation frames and slowed timers; a popup is seen.
      await page.bringToFront();
      await page.goto(h.extensionUrl(path));
      return page;
    },
    async hide() {
      await page.goto(idle);
    },
    close: () => page.close(),
  };
}
