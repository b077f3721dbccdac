/**
 * The variables a template reads (docs/templates.md): what extraction found, the selection, the
 * clip time, and the page's meta tags, JSON-LD fields and CSS selector texts (gathered in the tab
 * by `lib/extract/page-data.ts`). Looked up by name in plain data; never evaluated.
 */
import type { PageData } from '../extract/page-data';
import { MAX_ITEMS, MAX_TEXT, type Value } from './filters';

export interface TemplateContext {
  title: string;
  url: string;
  site: string;
  author: string;
  published: string;
  description: string;
  /** The selected text, '' when nothing is selected. */
  selection: string;
  /** The extracted markdown body. */
  content: string;
  /** The clip's time (ISO). */
  date: string;
  page: PageData;
}

export const PLAIN_VARIABLES = [
  'title',
  'url',
  'domain',
  'site',
  'author',
  'published',
  'description',
  'selection',
  'content',
  'date',
] as const;

function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** JSON-LD scalars as text; objects by their `name` (an author, a publisher). */
function textsOf(value: unknown, out: string[]): void {
  if (out.length >= MAX_ITEMS) return;
  if (typeof value === 'string') out.push(value.slice(0, MAX_TEXT));
  else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) textsOf(v, out);
  else if (value && typeof value === 'object' && 'name' in value) {
    textsOf((value as { name: unknown }).name, out);
  }
}

/**
 * `schema:author.name`: the path followed through each JSON-LD object (lists are walked item by
 * item); the first object that has it gives the value. `schema:Recipe.recipeYield` looks only
 * at objects of that `@type`.
 */
function schemaValue(objects: Record<string, unknown>[], path: string): Value {
  const keys = path.split('.').filter(Boolean);
  const typed = keys.length > 1 && /^[A-Z]/.test(keys[0]!) ? keys.shift()! : null;
  for (const object of objects) {
    if (typed) {
      const t = object['@type'];
      if (!(Array.isArray(t) ? t : [t]).includes(typed)) continue;
    }
    let current: unknown[] = [object];
    for (const key of keys) {
      current = current.flatMap((v) => {
        if (!v || typeof v !== 'object') return [];
        const items = Array.isArray(v) ? v : [v];
        return items.flatMap((item) =>
          item && typeof item === 'object' && Object.hasOwn(item, key)
            ? [(item as Record<string, unknown>)[key]]
            : [],
        );
      });
    }
    const texts: string[] = [];
    for (const v of current) textsOf(v, texts);
    if (texts.length === 1 && !Array.isArray(current[0])) return texts[0]!;
    if (texts.length > 0) return texts;
  }
  return '';
}

/** The value of a variable; an unknown one is empty. */
export function lookupVariable(ctx: TemplateContext, variable: string): Value {
  const colon = variable.indexOf(':');
  if (colon >= 0) {
    const kind = variable.slice(0, colon);
    const key = variable.slice(colon + 1);
    if (kind === 'meta') {
      const k = key.toLowerCase();
      return Object.hasOwn(ctx.page.meta, k) ? ctx.page.meta[k]! : '';
    }
    if (kind === 'schema') return schemaValue(ctx.page.jsonLd, key);
    if (kind === 'selector') {
      return Object.hasOwn(ctx.page.selectors, key) ? ctx.page.selectors[key]! : [];
    }
    return '';
  }
  if (variable === 'domain') return domainOf(ctx.url);
  if ((PLAIN_VARIABLES as readonly string[]).includes(variable)) {
    return ctx[variable as Exclude<(typeof PLAIN_VARIABLES)[number], 'domain'>];
  }
  return '';
}

export function isKnownVariable(variable: string): boolean {
  const colon = variable.indexOf(':');
  if (colon >= 0) return ['meta', 'schema', 'selector'].includes(variable.slice(0, colon));
  return (PLAIN_VARIABLES as readonly string[]).includes(variable);
}
