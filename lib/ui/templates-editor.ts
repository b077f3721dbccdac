/**
 * The options page's template editor (docs/templates.md), pure: a new or duplicated template,
 * the list's edits, and rules written one per line.
 */
import type { Template, TemplateRule } from '../templates/schema';

export function newTemplate(id: string, name: string): Template {
  return {
    id,
    name,
    destination: { kind: 'ask' },
    title: '{{title}}',
    properties: [],
    body: '{{content}}',
    rules: [],
  };
}

export function duplicateTemplate(template: Template, id: string, suffix: string): Template {
  return { ...structuredClone(template), id, name: `${template.name} ${suffix}`.slice(0, 100) };
}

/** The list with this template in place of the one with its id, or added at the end. */
export function putTemplate(list: Template[], template: Template): Template[] {
  const at = list.findIndex((t) => t.id === template.id);
  return at < 0 ? [...list, template] : list.map((t, i) => (i === at ? template : t));
}

export function removeTemplate(list: Template[], id: string): Template[] {
  return list.filter((t) => t.id !== id);
}

/** Rules apply in list order: moving a template earlier makes it win over later ones. */
export function moveTemplate(list: Template[], id: string, by: -1 | 1): Template[] {
  const at = list.findIndex((t) => t.id === id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

const SCHEMA_PREFIX = 'schema:';

/** One rule a line: a URL pattern, or `schema:Type`. */
export function rulesToText(rules: TemplateRule[]): string {
  return rules.map((r) => (r.kind === 'url' ? r.pattern : `${SCHEMA_PREFIX}${r.type}`)).join('\n');
}

export function rulesFromText(text: string): TemplateRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) =>
      line.toLowerCase().startsWith(SCHEMA_PREFIX)
        ? { kind: 'schema' as const, type: line.slice(SCHEMA_PREFIX.length).trim() }
        : { kind: 'url' as const, pattern: line },
    );
}
