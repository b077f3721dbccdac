/**
 * Highlights shown on load: on the sites whose host access the user granted (per site from the
 * popup, or all sites, opt-in in the options), `highlighter.js` is registered as a content
 * script (`scripting.registerContentScripts`), kept in step with the granted origins. It only
 * asks the background for the page's highlights; a page without any is left alone. The
 * service's own origin (its page view shows the user's notes) is never matched.
 */
import { browser } from 'wxt/browser';
import { readItem, serviceUrlItem } from '../settings';

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

/**
 * The service's origin with its port (`http://127.0.0.1:8787/*`): other servers on the same
 * host keep their highlights. Chromium matches the port; a browser that refuses a port in a
 * pattern gets the script registered without the exclusion.
 */
function serviceExclusion(serviceUrl: string): { excludeMatches: string[] } | null {
  try {
    const u = new URL(serviceUrl);
    return /^https?:$/.test(u.protocol) ? { excludeMatches: [`${u.protocol}//${u.host}/*`] } : null;
  } catch {
    return null;
  }
}

type Registration = Parameters<typeof browser.scripting.registerContentScripts>[0][number];

/** The script's registration for the granted origins, or null when there are none. */
export function autoloadRegistration(
  origins: readonly string[],
  serviceUrl: string,
): Registration | null {
  const matches = origins.filter((o) => /^https?:\/\/|^\*:\/\//.test(o) || o === '<all_urls>');
  if (matches.length === 0) return null;
  return {
    id: AUTOLOAD_ID,
    js: ['/highlighter.js', '/highlighter-autoload.js'],
    matches,
    ...(serviceExclusion(serviceUrl) ?? {}),
    runAt: 'document_idle',
    allFrames: false,
    persistAcrossSessions: true,
  };
}

let syncing: Promise<void> = Promise.resolve();

/** Registers the script for exactly the granted origins (none: unregistered). */
export function syncAutoload(): Promise<void> {
  const run = async () => {
    const { origins = [] } = await browser.permissions.getAll();
    const registration = autoloadRegistration(origins, await readItem(serviceUrlItem));
    const registered = await browser.scripting.getRegisteredContentScripts({ ids: [AUTOLOAD_ID] });
    if (registered.length) await browser.scripting.unregisterContentScripts({ ids: [AUTOLOAD_ID] });
    if (!registration) return;
    await browser.scripting.registerContentScripts([registration]).catch(() => {
      const { excludeMatches: _unsupported, ...plain } = registration;
      return browser.scripting.registerContentScripts([plain]);
    });
  };
  syncing = syncing.then(run, run).catch((err: unknown) => {
    console.error('pageclip highlighter autoload:', err);
  });
  return syncing;
}

export function wireAutoload(): void {
  browser.permissions.onAdded.addListener(() => void syncAutoload());
  browser.permissions.onRemoved.addListener(() => void syncAutoload());
  serviceUrlItem.watch(() => void syncAutoload());
  void syncAutoload();
}
