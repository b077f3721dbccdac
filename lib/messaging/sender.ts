/** Who sent a runtime message, and whether it is one of our own extension pages. */
import { browser } from 'wxt/browser';

export interface Sender {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number };
}

/**
 * Our own extension pages and worker (popup, options, background): same extension id, and a
 * sender URL inside the extension. Content scripts run with the page's URL and are rejected;
 * web pages cannot reach `runtime.onMessage` at all (no `externally_connectable`).
 */
export function isOwnExtensionPage(sender: Sender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  const base = browser.runtime.getURL('/');
  if (!sender.url || !sender.url.startsWith(base)) return false;
  if (sender.origin !== undefined && `${sender.origin}/` !== base) return false;
  return true;
}
