/** Background strings through `browser.i18n` (catalogue in `public/_locales`, owned by the UI), English if a key is missing. */
import { browser } from 'wxt/browser';

export function t(key: string, english: string, substitutions: string[] = []): string {
  try {
    const message = browser.i18n.getMessage(key as never, substitutions);
    if (message) return message;
  } catch {
    // No catalogue (unit tests) or an unknown key: English below.
  }
  return substitutions.reduce((text, value, i) => text.replace(`$${i + 1}`, value), english);
}
