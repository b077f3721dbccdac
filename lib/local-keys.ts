/**
 * The names of the items in `storage.local`, without reading their values. Kept images make
 * some items tens of megabytes: in Chromium, `get(null)` over 30 MB of them took 1.6 s, and
 * the worker's other storage reads waited behind it; `getKeys` took 3 ms. `getKeys` is Chrome
 * 130 and Firefox 143; where it is missing or refuses (older Firefox, the test browser), the
 * values are read after all.
 */
import { browser } from 'wxt/browser';

type WithGetKeys = { getKeys?: () => Promise<string[]> };

export async function localKeys(): Promise<string[]> {
  const getKeys = (browser.storage.local as WithGetKeys).getKeys;
  if (typeof getKeys === 'function') {
    try {
      return await getKeys.call(browser.storage.local);
    } catch {
      // Not implemented here: fall through to reading everything.
    }
  }
  return Object.keys(await browser.storage.local.get(null));
}
