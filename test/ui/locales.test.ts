import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadCatalogue, localesDir } from './fake-i18n';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_DIRS = ['components', 'entrypoints', 'lib'];
const SOURCE_FILES = ['wxt.config.ts'];
const SOURCE = /\.(ts|tsx|html)$/;

/**
 * Every i18n key the code refers to: `t('key'`, `getMessage('key'`, `__MSG_key__`, and
 * `key: 'key'` (a message a UI reducer keeps in its state, shown later with `t`).
 */
const KEY_PATTERNS = [
  /\bt\(\s*['"]([A-Za-z0-9_]+)['"]/g,
  /\bkey:\s*['"]([A-Za-z0-9_]+)['"]/g,
  /getMessage\(\s*['"]([A-Za-z0-9_]+)['"]/g,
  /__MSG_([A-Za-z0-9_]+)__/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

export function referencedKeys(): Map<string, string[]> {
  const files = [
    ...SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir))),
    ...SOURCE_FILES.map((f) => join(root, f)),
  ];
  const keys = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of KEY_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const key = match[1] as string;
        keys.set(key, [...(keys.get(key) ?? []), file.slice(root.length)]);
      }
    }
  }
  return keys;
}

const placeholdersIn = (message: string) =>
  [...message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((m) => (m[1] as string).toLowerCase()).sort();

describe('_locales', () => {
  const catalogues = Object.fromEntries(LANGUAGES.map((lang) => [lang, loadCatalogue(lang)]));
  const english = catalogues.en!;
  const used = referencedKeys();

  it('has a catalogue for every language and no other', () => {
    expect(readdirSync(localesDir()).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s defines exactly the English keys', (lang) => {
    const keys = Object.keys(catalogues[lang]!).sort();
    const missing = Object.keys(english).filter((k) => !(k in catalogues[lang]!));
    const extra = keys.filter((k) => !(k in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES)('%s: every message is non-empty and its placeholders are defined', (lang) => {
    for (const [key, entry] of Object.entries(catalogues[lang]!)) {
      expect(entry.message.trim(), `${lang}.${key}`).not.toBe('');
      const defined = Object.keys(entry.placeholders ?? {})
        .map((n) => n.toLowerCase())
        .sort();
      expect(placeholdersIn(entry.message), `${lang}.${key} placeholders`).toEqual(defined);
      expect(defined, `${lang}.${key} has the same placeholders as English`).toEqual(
        Object.keys(english[key]?.placeholders ?? {})
          .map((n) => n.toLowerCase())
          .sort(),
      );
    }
  });

  it('German is a translation, not a copy of English', () => {
    const same = Object.keys(english).filter(
      (k) => english[k]!.message === catalogues.de![k]?.message,
    );
    // Brand names and formats may stay the same; a handful at most.
    expect(
      same.filter((k) => !['extName', 'popupTitle', 'fieldPreview', 'errorOther'].includes(k)),
    ).toEqual([]);
  });

  it('every key the code uses exists', () => {
    const unknown = [...used.keys()].filter((key) => !(key in english));
    expect(unknown.map((key) => `${key} (${used.get(key)!.join(', ')})`)).toEqual([]);
  });

  it('every key is used somewhere in the code', () => {
    const unused = Object.keys(english).filter((key) => !used.has(key));
    expect(unused).toEqual([]);
  });
});
