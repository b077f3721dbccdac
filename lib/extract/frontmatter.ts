import { safeLinkUrl } from './link-url';

/**
 * The clip's frontmatter data: what extraction knows about the page, in a fixed key order.
 * Writing it as YAML is the clip-markdown module's (lib/clip-markdown/frontmatter.ts).
 */

export interface FrontmatterInput {
  title: string;
  source: string;
  /** The page's canonical address, when it differs (the known-clips index keys a clip by it). */
  canonical?: string | null;
  author: string | null;
  published: string | null;
  site: string | null;
  clipped: Date;
  tags?: string[];
  extra?: Record<string, string>;
}

const ORDER = ['title', 'source', 'canonical', 'author', 'published', 'site', 'clipped', 'tags'];

/** Frontmatter data in the fixed key order; empty values are left out. */
export function buildFrontmatter(input: FrontmatterInput): Record<string, unknown> {
  const data: Record<string, unknown> = {
    title: input.title,
    // Like every URL Pageclip writes, only a safe scheme (lib/extract/link-url.ts).
    source: safeLinkUrl(input.source),
    canonical: input.canonical ? safeLinkUrl(input.canonical) : null,
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
