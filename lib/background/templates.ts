/**
 * The background's side of templates and tags (docs/templates.md): the stored templates, their
 * export and import, and the tags collected from the frontmatter of clips Pageclip writes and
 * reads.
 */
import { splitFrontmatter } from '../clip-markdown';
import { knownTagsItem, readItem, templatesItem } from '../settings';
import { addKnownTags, tagsOfFrontmatter } from '../tags/known-tags';
import type { Template } from '../templates/schema';
import { templateSelectors } from '../templates/render';
import { exportTemplatesFile, mergeTemplates, parseTemplatesFile } from '../templates/transfer';

export async function getTemplates(): Promise<{ templates: Template[] }> {
  return { templates: await readItem(templatesItem) };
}

export async function setTemplates(templates: Template[]): Promise<{ templates: Template[] }> {
  await templatesItem.setValue(templates);
  return getTemplates();
}

export async function importTemplates(text: string) {
  const file = parseTemplatesFile(text);
  if (!file.ok) return file;
  const merged = mergeTemplates(await readItem(templatesItem), file.templates);
  if (!merged.ok) return merged;
  await templatesItem.setValue(merged.templates);
  return { ok: true as const, templates: merged.templates, imported: file.templates.length };
}

export async function exportTemplates(): Promise<{ text: string }> {
  return { text: exportTemplatesFile(await readItem(templatesItem)) };
}

/** The CSS selectors the extraction in the tab gathers for the user's templates. */
export async function selectorsToGather(): Promise<string[]> {
  return templateSelectors(await readItem(templatesItem));
}

let tagWrites: Promise<unknown> = Promise.resolve();

/** Counts these tags as used now; writes are serialised so two clips at once both count. */
export function rememberTags(tags: string[], now: number): Promise<void> {
  if (tags.length === 0) return tagWrites.then(() => undefined);
  const next = tagWrites.then(async () => {
    await knownTagsItem.setValue(addKnownTags(await readItem(knownTagsItem), tags, now));
  });
  tagWrites = next.catch(() => undefined);
  return next;
}

/** The tags in a markdown document's frontmatter, remembered; broken YAML is skipped. */
export function rememberTagsOf(markdown: string, now: number): Promise<void> {
  let tags: string[];
  try {
    tags = tagsOfFrontmatter(splitFrontmatter(markdown).data);
  } catch {
    tags = [];
  }
  return rememberTags(tags, now);
}

export async function knownTags() {
  return { tags: await readItem(knownTagsItem) };
}
