/**
 * The template a clip uses in the popup (docs/templates.md), pure: the variables from the
 * extraction, the template the rules choose, what applying it gives the form, and the folder
 * its destination names. `use-clip-template.ts` runs it.
 */
import type { FrontmatterProperty } from '../clip-markdown/properties';
import type { Folder } from '../messaging/library';
import { renderTemplate } from '../templates/render';
import { matchTemplate } from '../templates/rules';
import type { Template, TemplateDestination } from '../templates/schema';
import type { TemplateContext } from '../templates/variables';
import type { Extraction } from './clip-form';

type Extracted = Extract<Extraction, { ok: true }>;

const NO_PAGE_DATA = { meta: {}, jsonLd: [], schemaTypes: [], selectors: {} };

export function templateContext(answer: Extracted, now: Date): TemplateContext {
  const { result } = answer;
  return {
    title: result.title || result.url,
    url: result.url,
    site: result.siteName ?? '',
    author: result.byline ?? '',
    published: result.published ?? '',
    description: result.excerpt ?? '',
    selection: answer.selectionText ?? '',
    content: result.body,
    date: now.toISOString(),
    page: answer.page ?? NO_PAGE_DATA,
  };
}

/** The template the rules pick for this page, or null. */
export function ruleTemplate(templates: Template[], answer: Extracted): Template | null {
  return matchTemplate(templates, answer.result.url, answer.page?.schemaTypes ?? []);
}

export interface AppliedTemplate {
  title: string;
  body: string;
  /** Typed properties for the new page's frontmatter; null: left out. */
  properties: Record<string, FrontmatterProperty | null>;
  destination: TemplateDestination;
}

export function applyTemplate(template: Template, ctx: TemplateContext): AppliedTemplate {
  const rendered = renderTemplate(template, ctx);
  const properties: Record<string, FrontmatterProperty | null> = {};
  for (const p of rendered.properties) properties[p.name] = p.value;
  return {
    title: rendered.title,
    body: rendered.body,
    properties,
    destination: template.destination,
  };
}

/**
 * The folder a path names (`Reading/Articles`, matched by name case-insensitively, level by
 * level): its id, null for the top level (''), undefined when there is no such folder.
 */
export function folderByPath(path: string, folders: Folder[]): string | null | undefined {
  const names = path
    .split('/')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  let parentId: string | null = null;
  for (const name of names) {
    const found = folders.find(
      (f): boolean => f.parentId === parentId && f.name.trim().toLowerCase() === name,
    );
    if (!found) return undefined;
    parentId = found.id;
  }
  return parentId;
}
