/**
 * A rendered value as a typed frontmatter property (docs/templates.md, Properties). What cannot
 * be read as its type is left out rather than written wrong.
 */
import { formatDate, MAX_ITEMS, type Value } from './filters';
import type { PropertyType } from './schema';

export type PropertyValue = string | number | boolean | string[];

const TRUE = new Set(['true', 'yes', 'on', '1', 'x', 'checked']);

export function propertyValue(type: PropertyType, value: Value): PropertyValue | null {
  const text = (Array.isArray(value) ? value.join(', ') : value).trim();
  switch (type) {
    case 'text':
      return text === '' ? null : text;
    case 'list': {
      const items = (Array.isArray(value) ? value : value.split(/[,\n]/))
        .map((s) => s.trim())
        .filter(Boolean);
      const unique = [...new Set(items)].slice(0, MAX_ITEMS);
      return unique.length ? unique : null;
    }
    case 'number': {
      if (text === '') return null;
      const n = Number(text.replace(/[\s,](?=\d{3}\b)/g, ''));
      return Number.isFinite(n) ? n : null;
    }
    case 'date': {
      const day = formatDate(text, 'YYYY-MM-DD');
      return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
    }
    case 'checkbox':
      return TRUE.has(text.toLowerCase());
  }
}
