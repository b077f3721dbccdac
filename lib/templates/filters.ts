/**
 * The filters of the variable language (docs/templates.md). Each is a plain function of a value
 * and its string arguments: no code from the template or the page is ever run. A value is text
 * or a list of texts; filters on text apply to each item of a list.
 */

export type Value = string | string[];

/** Bounds: page content is untrusted and a template runs on every clip. */
export const MAX_TEXT = 100_000;
export const MAX_ITEMS = 500;

const bound = (s: string) => (s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s);

const each =
  (f: (s: string, args: string[]) => string) =>
  (v: Value, args: string[]): Value =>
    Array.isArray(v) ? v.map((s) => f(s, args)) : f(v, args);

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY`, `MM`, `DD`, `HH`, `mm`, `ss` in local time; unparseable text is left as it is. */
export function formatDate(text: string, format = 'YYYY-MM-DD'): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  // A bare day is that day wherever the user is, not midnight UTC.
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const date = day
    ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
    : new Date(trimmed);
  if (Number.isNaN(date.getTime())) return text;
  const tokens: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => tokens[t]!);
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const asText = (v: Value, sep = ', ') => (Array.isArray(v) ? v.join(sep) : v);
const isEmpty = (v: Value) => (Array.isArray(v) ? v.length === 0 : v.trim() === '');

export const FILTERS: Record<string, (value: Value, args: string[]) => Value> = {
  lower: each((s) => s.toLowerCase()),
  upper: each((s) => s.toUpperCase()),
  trim: each((s) => s.trim()),
  slug: each(slug),
  date: each((s, [format]) => formatDate(s, format || undefined)),
  replace: each((s, [from = '', to = '']) => (from === '' ? s : bound(s.split(from).join(to)))),
  truncate: each((s, [n]) => {
    const max = Math.max(0, Math.min(MAX_TEXT, Number.parseInt(n ?? '', 10) || 0));
    return max > 0 && s.length > max ? `${s.slice(0, max).trimEnd()}…` : s;
  }),
  first: (v) => (Array.isArray(v) ? (v[0] ?? '') : v),
  last: (v) => (Array.isArray(v) ? (v.at(-1) ?? '') : v),
  join: (v, [sep = ', ']) => asText(v, sep),
  split: (v, [sep = ',']) =>
    asText(v)
      .split(sep === '' ? ',' : sep)
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, MAX_ITEMS),
  default: (v, [fallback = '']) => (isEmpty(v) ? fallback : v),
};

export const FILTER_NAMES = Object.keys(FILTERS);

export function applyFilter(value: Value, name: string, args: string[]): Value | { error: string } {
  const filter = Object.hasOwn(FILTERS, name) ? FILTERS[name] : undefined;
  if (!filter) return { error: `unknown filter "${name}"` };
  return filter(value, args);
}

export { asText, isEmpty };
