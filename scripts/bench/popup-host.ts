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
 *
 * The moments the benchmark times are watched from inside the popup, by a probe the host adds
 * to every popup document before its own scripts run: on each animation frame it checks the
 * moments not yet reached, and reports each one on the console with its `performance.now()`.
 * Playwright's `waitForFunction` checks the same way, but it first injects its own script into
 * the page, which then ran in the popup's renderer while the popup was starting: the popup was
 * usable about 55 ms later when watched that way (median 351 ms against 294 ms, nine popups
 * each, alternated, on one build).
 */

/** Moments of the popup's start, each checked on every frame until it holds. */
const POPUP_MOMENTS = {
  /** Usable for clipping: the title field and the markdown filled with the extraction. */
  usable: `(() => {
    const title = document.querySelector('#clip-title');
    const body = document.querySelector('#clip-body');
    return !!(title && title.value && body && body.value && body.getAttribute('aria-busy') !== 'true');
  })()`,
  /** The popup's own readiness flag (set with its `pageclip:interactive` mark). */
  ready: `document.documentElement.dataset.ready === 'true'`,
  /** The "Clipped on …" notice of a known clip. */
  knownClip: `document.querySelector('.known-clip') !== null`,
} as const;

export type PopupMoment = keyof typeof POPUP_MOMENTS;

const REPORT = 'pageclip-moment';

/**
 * The probe, as source: Playwright serializes a function with `toString()`, and the helpers
 * that tsx adds to compiled functions do not exist in the page.
 */
function probeSource(): string {
  const checks = Object.entries(POPUP_MOMENTS)
    .map(([name, test]) => `[${JSON.stringify(name)}, () => ${test}]`)
    .join(',\n');
  return `if (location.pathname.endsWith('/popup.html')) {
  let pending = [${checks}];
  const frame = () => {
    pending = pending.filter(([name, holds]) => {
      if (!holds()) return true;
      console.debug(${JSON.stringify(REPORT)}, name, performance.now());
      return false;
    });
    if (pending.length) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}`;
}

export interface PopupHost {
  /**
   * A fresh popup document for `path` (`popup.html?…`), once `moment` holds: the page, and the
   * time from the popup's navigation start to the first frame it held in.
   */
  showUntil(path: string, moment: PopupMoment): Promise<{ page: Page; at: number }>;
  /** Ends the popup document, as closing the popup does. */
  hide(): Promise<void>;
  close(): Promise<void>;
}

export async function openPopupHost(h: ExtensionHarness): Promise<PopupHost> {
  const page = await h.context.newPage();
  await page.addInitScript(probeSource());
  const idle = h.extensionUrl('manifest.json');
  await page.goto(idle);
  return {
    async showUntil(path, moment) {
      const reported = page.waitForEvent('console', {
        predicate: (message) => message.text().startsWith(`${REPORT} ${moment} `),
        timeout: 60_000,
      });
      // A tab in the background gets no animation frames and slowed timers; a popup is seen.
      await page.bringToFront();
      await page.goto(h.extensionUrl(path));
      const at = Number((await reported).text().split(' ')[2]);
      return { page, at };
    },
    async hide() {
      await page.goto(idle);
    },
    close: () => page.close(),
  };
}
