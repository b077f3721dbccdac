import { readFrontmatter, renderFrontmatter } from './frontmatter';
import { PAGECLIP_ID_FIELD } from './pageclip-id';

/** A typed frontmatter property: text, number, checkbox, or a list (tags too). */
export type FrontmatterProperty = string | number | boolean | string[];

/**
 * The clip with a template's typed properties and the user's tags in its frontmatter, written by
 * the one frontmatter writer (numbers and checkboxes plain, text double-quoted, lists as YAML
 * lists). They replace keys of the same name the extraction wrote; `pageclip_id` stays
 * Pageclip's. Markdown without frontmatter gets a block; invalid YAML is left as it is.
 */
export function withProperties(
  markdown: string,
  properties: Record<string, FrontmatterProperty | null>,
): string {
  const entries = Object.entries(properties).filter(([key]) => key !== PAGECLIP_ID_FIELD);
  if (entries.length === 0) return markdown;
  const read = readFrontmatter(markdown);
  if (read.kind === 'invalid') return markdown;
  const data = read.kind === 'frontmatter' ? { ...read.data } : {};
  for (const [key, value] of entries) {
    if (value === null) delete data[key];
    else data[key] = value;
  }
  const block = renderFrontmatter(data);
  if (read.kind === 'frontmatter') return block + read.body;
  return block ? `${block}\n${markdown}` : markdown;
}
