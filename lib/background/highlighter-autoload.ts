/**
 * Highlights shown on load: on the sites whose host access the user granted (per site from the
 * popup, or all sites, opt-in in the options), `highlighter.js` is registered as a content
 * script (`scripting.registerContentScripts`), kept in step with the granted origins. It only
 * asks the background for the page's highlights; a page without any is left alone.
 */
import { browser } from 'wxt/browser';

export const AUTOLOAD_ID = 'pageclip-highlighter';

/** The match pattern of a page's origin (`https://e.x/*`), or null for a page that is no web page. */
export function originPattern(url: string): string | null {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? `${u.protocol}//${u.hostname}/*` : null;
  } catch {
    return null;
  }
}

export async function hostGranted(url: string): Promise<boolean> {
  const pattern = originPattern(url);
  if (!pattern) return false;
  return browser.permissions.contains({ origins: [pattern] }).catch(() => false);
}

let syncing: Promise<void> = Promise.resolve();

/** Registers the script for exactly the granted origins (none: unregistered). */
export function syncAutoload(): Promise<void> {
  const run = async () => {
    const { origins = [] } = await browser.permissions.getAll();
    const matches = origins.filter((o) => /^https?:\/\/|^\*:\/\//.test(o) || o === '<all_urls>');
    const registered = await browser.scripting.getRegisteredContentScripts({ ids: [AUTOLOAD_ID] });
    if (registered.length) await browser.scripting.unregisterContentScripts({ ids: [AUTOLOAD_ID] });
    if (matches.length === 0) return;
    await browser.scripting.registerContentScripts([
      {
        id: AUTOLOAD_ID,
        js: ['/highlighter.js', '/highlighter-autoload.js'],
        matches,
        runAt: 'document_idle',
        allFrames: false,
        persistAcrossSessions: true,
      },
    ]);
  };
  syncing = syncing.then(run, run).catch((err: unknown) => {
    console.error('pageclip highlighter autoload:', err);
  });
  return syncing;
}

export function wireAutoload(): void {
  browser.permissions.onAdded.addListener(() => void syncAutoload());
  browser.permissions.onRemoved.addListener(() => void syncAutoload());
  void syncAutoload();
}
