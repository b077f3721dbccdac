/**
 * What templates may read from the page besides the article (docs/templates.md): its meta tags,
 * its JSON-LD objects and `@type`s, and the text of the CSS selectors the user's templates ask
 * for. Read from the live document in the tab; every part is bounded, since the page is
 * untrusted and its answer crosses into the background.
 */
import { jsonLdObjects } from './metadata';

export interface PageData {
  /** `<meta>` content by lowercased `property`, `name` or `itemprop` (first one wins). */
  meta: Record<string, string>;
  /** JSON-LD objects, `@graph` members flattened. */
  jsonLd: Record<string, unknown>[];
  /** Every JSON-LD `@type` on the page. */
  schemaTypes: string[];
  /** Per selector asked for: the text of each matching element. */
  selectors: Record<string, string[]>;
}

export const PAGE_DATA_LIMITS = {
  metaEntries: 200,
  metaValue: 2_000,
  jsonLdChars: 200_000,
  selectors: 32,
  selectorLength: 300,
  matches: 50,
  matchText: 10_000,
} as const;

const L = PAGE_DATA_LIMITS;

function metaTags(doc: Document): Record<string, string> {
  const out: Record<string, string> = {};
  let count = 0;
  for (const el of Array.from(doc.getElementsByTagName('meta'))) {
    const content = el.getAttribute('content')?.trim();
    if (!content) continue;
    for (const attr of ['property', 'name', 'itemprop']) {
      const key = el.getAttribute(attr)?.trim().toLowerCase().slice(0, 200);
      if (!key || Object.hasOwn(out, key)) continue;
      out[key] = content.slice(0, L.metaValue);
      if (++count >= L.metaEntries) return out;
    }
  }
  return out;
}

/** JSON-LD objects up to a total size; an object that would pass it is left out whole. */
function boundedJsonLd(objects: Record<string, unknown>[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let size = 0;
  for (const object of objects) {
    let text: string;
    try {
      text = JSON.stringify(object);
    } catch {
      continue;
    }
    if (size + text.length > L.jsonLdChars) continue;
    size += text.length;
    out.push(JSON.parse(text) as Record<string, unknown>);
  }
  return out;
}

function typesOf(objects: Record<string, unknown>[]): string[] {
  const types = new Set<string>();
  for (const object of objects) {
    const type = object['@type'];
    for (const t of Array.isArray(type) ? type : [type]) {
      if (typeof t === 'string' && t.trim()) types.add(t.trim().slice(0, 100));
    }
  }
  return [...types];
}

function selectorTexts(doc: Document, selectors: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const selector of selectors.slice(0, L.selectors)) {
    if (selector.length > L.selectorLength || Object.hasOwn(out, selector)) continue;
    let matches: Element[];
    try {
      matches = Array.from(doc.querySelectorAll(selector)).slice(0, L.matches);
    } catch {
      continue; // not a valid selector: the variable is empty
    }
    out[selector] = matches
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, L.matchText))
      .filter(Boolean);
  }
  return out;
}

export function readPageData(doc: Document, selectors: string[] = []): PageData {
  const jsonLd = boundedJsonLd(jsonLdObjects(doc));
  return {
    meta: metaTags(doc),
    jsonLd,
    schemaTypes: typesOf(jsonLd),
    selectors: selectorTexts(doc, selectors),
  };
}
