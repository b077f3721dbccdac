/**
 * Finding a clip through the service, for a page this browser's index does not know (clipped in
 * another browser, or dropped at the index's bound). Only the configured service is asked, and
 * only what it already holds: pages with the page's exact title, each confirmed by the
 * `source:` (or `canonical:`) in its frontmatter. A match is added to the index.
 */
import { isNotFound } from '../api';
import { clipSourceKeys } from './confirmations';
import { rememberClips } from './index';
import type { KnownClip } from './known-clip';

export interface LookupApi {
  resolvePages(query: {
    title: string;
  }): Promise<
    readonly { id: string; title: string; parentId?: string | null; createdAt?: string | null }[]
  >;
  getContent(pageId: string): Promise<{ markdown: string; etag: string }>;
}

/** At most this many same-titled pages are read; a title shared more widely stays unresolved. */
export const LOOKUP_CANDIDATES = 10;

/**
 * `key`: the page's key, or every key it is known by (`knownClipKeys`): a page matches when its
 * frontmatter gives one of them, so a clip recorded before its canonical address was is found
 * too. What is found is indexed under each of them.
 */
export async function lookUpInService(
  api: LookupApi,
  key: string | readonly string[],
  titles: readonly string[],
  now: number,
): Promise<KnownClip | null> {
  const keys = typeof key === 'string' ? [key] : key;
  if (keys.length === 0) return null;
  const seen = new Set<string>();
  for (const title of titles) {
    const trimmed = title.trim();
    if (trimmed === '' || seen.has(trimmed)) continue;
    seen.add(trimmed);
    const candidates = (await api.resolvePages({ title: trimmed })).slice(0, LOOKUP_CANDIDATES);
    for (const page of candidates) {
      let markdown: string;
      try {
        ({ markdown } = await api.getContent(page.id));
      } catch (err) {
        if (isNotFound(err)) continue;
        throw err;
      }
      if (!clipSourceKeys(markdown).some((k) => keys.includes(k))) continue;
      const created = page.createdAt ? Date.parse(page.createdAt) : NaN;
      const clip: KnownClip = {
        url: keys[0]!,
        pageId: page.id,
        title: page.title,
        folderId: page.parentId ?? null,
        clippedAt: Number.isFinite(created) ? created : now,
        at: now,
        // Not written by this browser: whether it was edited since is unknown, so an update
        // asks before it replaces anything.
        etag: null,
        found: true,
      };
      await rememberClips(keys.map((url) => ({ ...clip, url })));
      return clip;
    }
  }
  return null;
}
