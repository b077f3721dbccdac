/**
 * `browser.i18n` for tests, backed by the real `_locales` catalogues (fakeBrowser leaves
 * i18n unimplemented). It follows the browser's rules: named `$PLACEHOLDER$`s resolve to
 * their `content` (`$1`…`$9` are the substitutions), `$$` is a dollar sign, and an unknown
 * key yields ''.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeBrowser } from 'wxt/testing/fake-browser';

export interface CatalogueEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type Catalogue = Record<string, CatalogueEntry>;

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export function localesDir(): string {
  // Not `new URL(…, import.meta.url)`: happy-dom replaces the global URL in component tests.
  return `${join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', '_locales')}/`;
}

export function loadCatalogue(lang: string): Catalogue {
  return JSON.parse(readFileSync(`${localesDir()}${lang}/messages.json`, 'utf8')) as Catalogue;
}

export function formatMessage(entry: CatalogueEntry, substitutions: string[] = []): string {
  const positional = (text: string) =>
    text.replace(/\$(\d)/g, (_, n: string) => substitutions[Number(n) - 1] ?? '');
  const placeholders = Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([name, p]) => [
      name.toLowerCase(),
      positional(p.content),
    ]),
  );
  return entry.message
    .replace(
      /\$([A-Za-z0-9_@]+)\$/g,
      (whole, name: string) => placeholders[name.toLowerCase()] ?? whole,
    )
    .replace(/\$\$/g, '$');
}

export function installI18n(lang: Language = 'en'): Catalogue {
  const catalogue = loadCatalogue(lang);
  const i18n = fakeBrowser.i18n as unknown as Record<string, unknown>;
  i18n.getMessage = (key: string, subs?: string | string[]) => {
    const entry = catalogue[key];
    if (!entry) return '';
    return formatMessage(entry, subs === undefined ? [] : Array.isArray(subs) ? subs : [subs]);
  };
  i18n.getUILanguage = () => lang;
  return catalogue;
}
