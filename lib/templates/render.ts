/**
 * Applying a template to a clip (docs/templates.md): its title, body and typed properties from
 * the variables, with filters. Pure; the same input gives the same clip (golden tests in
 * test/templates/).
 */
import { compile, expressionsOf, type Compiled } from './expression';
import { applyFilter, asText, FILTERS, MAX_TEXT, type Value } from './filters';
import { propertyValue, type PropertyValue } from './properties';
import type { PropertyType, Template } from './schema';
import { isKnownVariable, lookupVariable, type TemplateContext } from './variables';

export interface RenderedProperty {
  name: string;
  type: PropertyType;
  /** null: empty, left out of the frontmatter. */
  value: PropertyValue | null;
}

export interface RenderedTemplate {
  title: string;
  body: string;
  properties: RenderedProperty[];
}

/** The value of a compiled text: a lone expression keeps a list a list; text joins it. */
function evaluate(compiled: Compiled, ctx: TemplateContext): Value {
  const values = compiled.parts.map((part): Value => {
    if ('text' in part) return part.text;
    let value = lookupVariable(ctx, part.expression.variable);
    for (const filter of part.expression.filters) {
      const next = applyFilter(value, filter.name, filter.args);
      if (typeof next === 'object' && !Array.isArray(next)) return '';
      value = next;
    }
    return value;
  });
  if (values.length === 1) return values[0]!;
  const text = values.map((v) => asText(v)).join('');
  return text.length > MAX_TEXT * 4 ? text.slice(0, MAX_TEXT * 4) : text;
}

export function renderText(source: string, ctx: TemplateContext): Value {
  return evaluate(compile(source), ctx);
}

export function renderTemplate(template: Template, ctx: TemplateContext): RenderedTemplate {
  // A title is one line, whatever the page's text holds.
  const title = asText(renderText(template.title, ctx)).replace(/\s+/g, ' ').trim();
  const body = asText(renderText(template.body, ctx), '\n');
  const properties = template.properties.map((p) => ({
    name: p.name,
    type: p.type,
    value: propertyValue(p.type, renderText(p.value, ctx)),
  }));
  return { title: title || ctx.title, body, properties };
}

/** Every problem in a template's texts, for the editor: syntax, unknown variables and filters. */
export function templateProblems(template: Template): string[] {
  const texts = [
    ['title', template.title],
    ['body', template.body],
    ...template.properties.map((p) => [`property "${p.name}"`, p.value]),
  ] as const;
  const problems: string[] = [];
  for (const [where, text] of texts) {
    const compiled = compile(text);
    for (const error of compiled.errors) problems.push(`${where}: ${error}`);
    for (const part of compiled.parts) {
      if (!('expression' in part)) continue;
      const { variable, filters } = part.expression;
      if (!isKnownVariable(variable)) problems.push(`${where}: unknown variable "${variable}"`);
      for (const f of filters) {
        if (!Object.hasOwn(FILTERS, f.name)) problems.push(`${where}: unknown filter "${f.name}"`);
      }
    }
  }
  return problems;
}

/** The CSS selectors the templates read, for the extraction in the tab to gather. */
export function templateSelectors(templates: Template[]): string[] {
  const selectors = new Set<string>();
  for (const t of templates) {
    for (const text of [t.title, t.body, ...t.properties.map((p) => p.value)]) {
      for (const e of expressionsOf(text)) {
        if (e.variable.startsWith('selector:')) selectors.add(e.variable.slice('selector:'.length));
      }
    }
  }
  return [...selectors];
}
