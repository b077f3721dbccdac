import { stringify } from 'yaml';

/**
 * YAML frontmatter, written by the `yaml` library with every string double-quoted, so a
 * title holding `: `, `#`, quotes, newlines or `---` can never break the block.
 */

export interface FrontmatterInput {
  title: string;
  source: string;
  author: string | null;
  published: string | null;
  site: string | null;
  clipped: Date;
  tags?: string[];
  extra?: Record<string, string>;
}

const ORDER = ['title', 'source', 'author', 'published', 'site', 'clipped', 'tags'];

/** Frontmatter data in the fixed key order; empty values are left out. */
export function buildFrontmatter(input: FrontmatterInput): Record<string, unknown> {
  const data: Record<string, unknown> = {
    title: input.title,
    source: input.source,
    author: input.author,
    published: input.published,
    site: input.site,
    clipped: input.clipped.toISOString(),
    tags: input.tags?.map((t) => t.trim()).filter(Boolean),
  };
  for (const [key, value] of Object.entries(input.extra ?? {})) {
    if (!ORDER.includes(key)) data[key] = value;
  }
  return compact(data);
}

function compact(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** The `---` fenced YAML block (with a final newline), or '' when there is nothing to write. */
export function renderFrontmatter(data: Record<string, unknown>): string {
  const clean = compact(data);
  if (Object.keys(clean).length === 0) return '';
  const yaml = stringify(clean, {
    defaultStringType: 'QUOTE_DOUBLE',
    defaultKeyType: 'PLAIN',
    lineWidth: 0,
  });
  // `<` written as the YAML escape `\x3C` (the same string once parsed; every scalar here is
  // double-quoted, where escapes apply): an app that renders the frontmatter as markdown text
  // with raw HTML allowed then never meets a tag from the page (test/security/).
  return `---\n${yaml.replaceAll('<', '\\x3C')}---\n`;
}

/** Frontmatter block, a blank line, then the body. */
export function withFrontmatter(data: Record<string, unknown>, body: string): string {
  const block = renderFrontmatter(data);
  return block ? `${block}\n${body}` : body;
}
