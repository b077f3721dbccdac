/**
 * Why Pageclip cannot read a tab, in one short line for the popup: browsers keep their own
 * pages, their extension stores and their PDF viewer closed to extensions, and a page may
 * refuse the injected script (an error page, one still loading). Told from the tab's address,
 * since the browser's own error text means nothing to the user.
 */
import type { MessageKey } from './i18n';

export interface UnreadableReason {
  key: MessageKey;
}

const BROWSER_PAGE =
  /^(about|chrome|chrome-extension|chrome-search|chrome-untrusted|devtools|edge|brave|opera|vivaldi|moz-extension|extension|view-source|resource):/i;

/** Add-on stores: the browser refuses every extension there. */
const STORES: { host: string; path?: string }[] = [
  { host: 'chromewebstore.google.com' },
  { host: 'chrome.google.com', path: '/webstore' },
  { host: 'microsoftedge.microsoft.com', path: '/addons' },
  { host: 'addons.mozilla.org' },
];

export function unreadableReason(url: string | null): UnreadableReason {
  if (url === null || url === '') return { key: 'unreadableBlocked' };
  if (BROWSER_PAGE.test(url)) return { key: 'unreadableBrowserPage' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { key: 'unreadableBlocked' };
  }
  const host = parsed.hostname.toLowerCase();
  if (STORES.some((s) => s.host === host && (!s.path || parsed.pathname.startsWith(s.path))))
    return { key: 'unreadableStore' };
  if (/\.pdf$/i.test(parsed.pathname)) return { key: 'unreadablePdf' };
  return { key: 'unreadableBlocked' };
}
