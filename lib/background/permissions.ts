/**
 * Host access to the configured service only, granted at run time. The UI calls
 * `browser.permissions.request({ origins: [originPattern] })` inside the click handler (a user
 * gesture is required, https://developer.chrome.com/docs/extensions/reference/api/permissions);
 * the background only checks with `permissions.contains`.
 */
import { browser } from 'wxt/browser';

/** `http://127.0.0.1:8787/api/v1` → `http://127.0.0.1/*` (match patterns ignore the port). */
export function originPatternOf(serviceUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(serviceUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return `${url.protocol}//${url.hostname}/*`;
}

/** The service URL's origin, for messages and same-origin checks, or null when it does not parse. */
export function originOf(serviceUrl: string): string | null {
  try {
    const url = new URL(serviceUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export async function hasHostPermission(serviceUrl: string): Promise<boolean> {
  const pattern = originPatternOf(serviceUrl);
  if (!pattern) return false;
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}
