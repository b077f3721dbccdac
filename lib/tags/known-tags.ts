/**
 * The tags of the user's clips, for completion in the clip form (docs/templates.md, Tags):
 * collected from the frontmatter Pageclip writes and reads, kept in `storage.local`, bounded.
 * Pure: the background stores the list (lib/background/known-tags.ts).
 */

export interface KnownTag {
  tag: string;
  /** How many clips carried it (as far as Pageclip saw). */
  count: number;
  lastUsed: number;
}

export const MAX_KNOWN_TAGS = 500;
export const MAX_TAG_LENGTH = 100;
export const MAX_TAGS_PER_CLIP = 50;

/** A tag as written: trimmed, inner white space as `-` (Obsidian's tags take no spaces), no `#`. */
export function normaliseTag(raw: string): string {
  return raw.trim().replace(/^#+/, '').replace(/\s+/g, '-').slice(0, MAX_TAG_LENGTH);
}

/** The tags of a frontmatter's data: a YAML list, or one text of comma-separated tags. */
export function tagsOfFrontmatter(data: Record<string, unknown>): string[] {
  const value = data.tags;
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const tags = items
    .filter((t): t is string | number => typeof t === 'string' || typeof t === 'number')
    .map((t) => normaliseTag(String(t)))
    .filter(Boolean);
  return [...new Set(tags)].slice(0, MAX_TAGS_PER_CLIP);
}

/** The list with these tags counted once more; the least recently used dropped past the bound. */
export function addKnownTags(list: KnownTag[], tags: string[], now: number): KnownTag[] {
  const byKey = new Map(list.map((t) => [t.tag.toLowerCase(), t]));
  for (const raw of new Set(tags.map(normaliseTag))) {
    if (!raw) continue;
    const key = raw.toLowerCase();
    const known = byKey.get(key);
    byKey.set(key, { tag: known?.tag ?? raw, count: (known?.count ?? 0) + 1, lastUsed: now });
  }
  return [...byKey.values()].sort((a, b) => b.lastUsed - a.lastUsed).slice(0, MAX_KNOWN_TAGS);
}

/**
 * Suggestions for what is typed: tags starting with it first, then containing it, each by how
 * often they were used; tags already chosen are left out.
 */
export function completeTags(
  list: KnownTag[],
  query: string,
  chosen: string[],
  limit = 8,
): string[] {
  const q = normaliseTag(query).toLowerCase();
  const taken = new Set(chosen.map((t) => t.toLowerCase()));
  const rank = (t: KnownTag) => {
    const key = t.tag.toLowerCase();
    if (taken.has(key)) return -1;
    if (q === '') return 1;
    return key.startsWith(q) ? 2 : key.includes(q) ? 1 : -1;
  };
  return list
    .map((t) => ({ t, r: rank(t) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => b.r - a.r || b.t.count - a.t.count || b.t.lastUsed - a.t.lastUsed)
    .slice(0, limit)
    .map((x) => x.t.tag);
}
