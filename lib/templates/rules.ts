/**
 * Which template a clip uses (docs/templates.md, Rules): the first template, in the user's
 * order, with a rule the page matches: its URL against a pattern, or a JSON-LD `@type`.
 */
import type { Template, TemplateRule } from './schema';

/**
 * `*` matches any run of characters, everything else itself; a pattern without `://` is matched
 * against the URL without its scheme (`*.example.com/blog/*`). Linear in practice, and at worst
 * the product of the two lengths (no backtracking regular expression on page data).
 */
export function urlMatches(pattern: string, url: string): boolean {
  const subject = pattern.includes('://') ? url : url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const p = pattern.toLowerCase();
  const s = subject.toLowerCase();
  let pi = 0;
  let si = 0;
  let star = -1;
  let mark = 0;
  while (si < s.length) {
    if (pi < p.length && p[pi] !== '*' && p[pi] === s[si]) {
      pi++;
      si++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      mark = si;
    } else if (star >= 0) {
      pi = star + 1;
      si = ++mark;
    } else return false;
  }
  while (p[pi] === '*') pi++;
  return pi === p.length;
}

export function ruleMatches(rule: TemplateRule, url: string, schemaTypes: string[]): boolean {
  if (rule.kind === 'url') return urlMatches(rule.pattern, url);
  const wanted = rule.type.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase();
  return schemaTypes.some(
    (t) => t.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase() === wanted,
  );
}

export function matchTemplate(
  templates: Template[],
  url: string,
  schemaTypes: string[],
): Template | null {
  return templates.find((t) => t.rules.some((rule) => ruleMatches(rule, url, schemaTypes))) ?? null;
}
