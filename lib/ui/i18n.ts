import { browser } from 'wxt/browser';
import type en from '../../public/_locales/en/messages.json';

/** Every key of the English catalogue; `test/ui/locales.test.ts` keeps the other languages complete. */
export type MessageKey = keyof typeof en;

/**
 * The one way UI text is produced: `browser.i18n` with `_locales`. A key the
 * browser does not know yields the key itself, so a gap is visible instead of a blank.
 * Substitutions are passed through as text; the UI renders them as text nodes, never HTML.
 */
export function t(key: MessageKey, substitutions?: string | number | (string | number)[]): string {
  const subs =
    substitutions === undefined
      ? undefined
      : (Array.isArray(substitutions) ? substitutions : [substitutions]).map(String);
  // WXT types getMessage with one overload per key; a key held in a union needs the plain signature.
  const getMessage = browser.i18n.getMessage as (name: string, subs?: string[]) => string;
  const text = getMessage(key, subs);
  return text === '' ? key : text;
}

/**
 * The language the messages are shown in, for the document's `lang` (so screen readers
 * pronounce it right). Each catalogue names its own language: Chromium started with `--lang`
 * can report another locale from `getUILanguage()` than the one its messages come from.
 */
export function uiLanguage(): string {
  try {
    const lang = t('lang');
    return lang === 'lang' ? 'en' : lang;
  } catch {
    return 'en';
  }
}
