import { readFrontmatter } from './frontmatter';

/**
 * The `pageclip_id` frontmatter field: how an uncertain page creation is found again instead
 * of repeated (the spec gives `POST /pages` no Idempotency-Key; docs/api.md, Content writes).
 * Added only here, by the background when it composes a new page and again by the outbox
 * before a write is stored, whoever built the markdown.
 */
export const PAGECLIP_ID_FIELD = 'pageclip_id';

/** The `pageclip_id` of a page's markdown, or null when it has none (or the YAML is broken). */
export function readPageclipId(markdown: string): string | null {
  const read = readFrontmatter(markdown);
  if (read.kind !== 'frontmatter') return null;
  const value = read.data[PAGECLIP_ID_FIELD];
  return typeof value === 'string' ? value : null;
}

/**
 * Returns `markdown` with `pageclip_id: <clipId>` in its frontmatter (adding a block when
 * there is none). A different `pageclip_id` already present, or a block whose YAML is broken,
 * is an error: the write would be found under the wrong clip, or not at all.
 */
export function withPageclipId(markdown: string, clipId: string): string {
  const read = readFrontmatter(markdown);
  if (read.kind === 'invalid') {
    throw new Error(
      `the page's frontmatter is not valid YAML (${read.message}), so ${PAGECLIP_ID_FIELD} cannot be added`,
    );
  }
  const line = `${PAGECLIP_ID_FIELD}: ${clipId}`;
  if (read.kind === 'none') return `---\n${line}\n---\n\n${markdown}`;
  const existing = read.data[PAGECLIP_ID_FIELD];
  if (existing === clipId) return markdown;
  if (existing !== undefined) {
    throw new Error(
      `the page's frontmatter has ${PAGECLIP_ID_FIELD} ${String(existing)}, not ${clipId}`,
    );
  }
  // Right after the opening line, so the rest of the block stays byte for byte.
  const openEnd = markdown.indexOf('\n') + 1;
  const out = `${markdown.slice(0, openEnd)}${line}\n${markdown.slice(openEnd)}`;
  if (readPageclipId(out) !== clipId) {
    throw new Error(`${PAGECLIP_ID_FIELD} cannot be added to this page's frontmatter`);
  }
  return out;
}
