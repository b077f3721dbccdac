import { parse } from 'yaml';

/**
 * The `pageclip_id` frontmatter field: how an uncertain page creation is found again instead of
 * repeated (the spec gives `POST /pages` no Idempotency-Key). The extension writes it through
 * `extract({ extraFrontmatter: { pageclip_id } })`; the outbox makes sure it is there before the
 * write is stored, whoever built the markdown.
 */
export const PAGECLIP_ID_FIELD = 'pageclip_id';

// decisions.md, "Content": the frontmatter is a leading YAML block between `---` lines.
const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** The `pageclip_id` of a page's markdown, or null when it has none (or the YAML is broken). */
export function readPageclipId(markdown: string): string | null {
  const match = FRONTMATTER.exec(markdown);
  if (!match) return null;
  try {
    const data: unknown = parse(match[1] ?? '');
    if (typeof data !== 'object' || data === null) return null;
    const value = (data as Record<string, unknown>)[PAGECLIP_ID_FIELD];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Returns `markdown` with `pageclip_id: <clipId>` in its frontmatter (adding the block when
 * there is none). A different `pageclip_id` already present is an error: the write would be
 * found under the wrong clip.
 */
export function withPageclipId(markdown: string, clipId: string): string {
  const existing = readPageclipId(markdown);
  if (existing === clipId) return markdown;
  if (existing !== null) {
    throw new Error(`the page's frontmatter has ${PAGECLIP_ID_FIELD} ${existing}, not ${clipId}`);
  }
  const line = `${PAGECLIP_ID_FIELD}: ${clipId}`;
  // Insert right after the opening line, so the rest of the block stays byte for byte.
  const openEnd = markdown.indexOf('\n') + 1;
  const out = FRONTMATTER.test(markdown)
    ? `${markdown.slice(0, openEnd)}${line}\n${markdown.slice(openEnd)}`
    : `---\n${line}\n---\n\n${markdown}`;
  // A broken YAML block would hide the id from the lookup, and a retry could then duplicate.
  if (readPageclipId(out) !== clipId) {
    throw new Error(
      `the page's frontmatter is not valid YAML, so ${PAGECLIP_ID_FIELD} cannot be added`,
    );
  }
  return out;
}
