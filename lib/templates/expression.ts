/**
 * The variable language's syntax (docs/templates.md): text with `{{ variable | filter:arg }}`
 * expressions. Parsed by hand into plain data, never evaluated as code; a malformed expression
 * is reported, and renders as nothing.
 */

export interface FilterCall {
  name: string;
  args: string[];
}

export interface Expression {
  variable: string;
  filters: FilterCall[];
}

export type Part = { text: string } | { expression: Expression };

export interface Compiled {
  parts: Part[];
  errors: string[];
}

const MAX_PARTS = 500;

/** Splits `source` at `sep` outside single or double quotes. */
function splitOutsideQuotes(source: string, sep: string): string[] {
  const out: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === sep) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

/** A quoted argument loses its quotes (and `\` escapes); a bare one is trimmed. */
function unquote(raw: string): string {
  const s = raw.trim();
  const q = s[0];
  if ((q === '"' || q === "'") && s.length >= 2 && s.endsWith(q)) {
    return s.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return s;
}

const NAME = /^[a-z][a-z_]*$/;
/** Variables that take a key after a colon: `meta:og:type`, `schema:author.name`, `selector:h1`. */
export const KEYED_VARIABLES = ['meta', 'schema', 'selector'] as const;

function parseVariable(raw: string): string {
  const s = raw.trim();
  const colon = s.indexOf(':');
  if (colon < 0) return s;
  return `${s.slice(0, colon).trim()}:${unquote(s.slice(colon + 1))}`;
}

export function parseExpression(source: string): Expression | { error: string } {
  const [head = '', ...rest] = splitOutsideQuotes(source, '|');
  const variable = parseVariable(head);
  const prefix = variable.includes(':') ? variable.slice(0, variable.indexOf(':')) : variable;
  if (!NAME.test(prefix)) return { error: `"${head.trim()}" is not a variable name` };
  if (variable.includes(':') && !(KEYED_VARIABLES as readonly string[]).includes(prefix)) {
    return { error: `"${prefix}" takes no key` };
  }
  const filters: FilterCall[] = [];
  for (const segment of rest) {
    const [name = '', ...args] = splitOutsideQuotes(segment, ':');
    const filter = name.trim();
    if (!NAME.test(filter)) return { error: `"${segment.trim()}" is not a filter` };
    filters.push({ name: filter, args: args.map(unquote) });
  }
  return { variable, filters };
}

/** Text with `{{ … }}` expressions, as parts. `{{` without its `}}` is kept as text. */
export function compile(source: string): Compiled {
  const parts: Part[] = [];
  const errors: string[] = [];
  let at = 0;
  while (at < source.length && parts.length < MAX_PARTS) {
    const open = source.indexOf('{{', at);
    const close = open < 0 ? -1 : source.indexOf('}}', open + 2);
    if (open < 0 || close < 0) {
      parts.push({ text: source.slice(at) });
      break;
    }
    if (open > at) parts.push({ text: source.slice(at, open) });
    const parsed = parseExpression(source.slice(open + 2, close));
    if ('error' in parsed) errors.push(parsed.error);
    else parts.push({ expression: parsed });
    at = close + 2;
  }
  return { parts, errors };
}

/** Every expression of a text, e.g. to find the CSS selectors a template reads. */
export function expressionsOf(source: string): Expression[] {
  return compile(source).parts.flatMap((p) => ('expression' in p ? [p.expression] : []));
}
