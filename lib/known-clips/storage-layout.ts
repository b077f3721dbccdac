/**
 * How the known-clips index is laid out in `storage.local`, so that a confirmation reads and
 * writes only the few items it changes and a lookup reads one:
 * - `knownClip:<normalised url>` → the KnownClip;
 * - `knownClipPage:<page id>` → the URLs the page is known by, sorted (for the page-wide
 *   update and forget, which would otherwise have to read every clip);
 * - `knownClipsMeta` → how many URLs are known (for the bound, without reading them all).
 *
 * The index used to be one item (`knownClips`: URL → clip), about a megabyte at 5,000 clips:
 * every confirmation read, parsed and wrote all of it, and in Chrome a write that size (and the
 * change event carrying it to every extension context) queues in the extension's one storage
 * channel ahead of the outbox's small reads and writes.
 */
import { z } from 'zod';
import { KnownClipSchema, type KnownClip } from './known-clip';

export const CLIP_PREFIX = 'knownClip:';
export const PAGE_PREFIX = 'knownClipPage:';
export const META_KEY = 'knownClipsMeta';
/** The former one-item index: split into the items above once, then removed. */
export const LEGACY_KEY = 'knownClips';

export const clipKey = (url: string): string => `${CLIP_PREFIX}${url}`;
export const pageKey = (pageId: string): string => `${PAGE_PREFIX}${pageId}`;

const UrlsSchema = z.array(z.string().min(1));
const MetaSchema = z.object({ count: z.number().int().nonnegative() });

/** The clip stored for `url`, or null when there is none or it does not parse. */
export function parseClip(url: string, value: unknown): KnownClip | null {
  const clip = KnownClipSchema.safeParse(value);
  return clip.success && clip.data.url === url ? clip.data : null;
}

/** A page's URLs; none when the item is missing or damaged. */
export function parseUrls(value: unknown): string[] {
  const urls = UrlsSchema.safeParse(value);
  return urls.success ? urls.data : [];
}

/** How many URLs are known; 0 when not recorded (a damaged count is mended by a rebuild). */
export function parseCount(value: unknown): number {
  const meta = MetaSchema.safeParse(value);
  return meta.success ? meta.data.count : 0;
}

/** Every item that holds `clips` (one per URL): the clips, their pages' URLs and the count. */
export function knownClipItems(clips: readonly KnownClip[]): Record<string, unknown> {
  const items: Record<string, unknown> = {};
  const pages = new Map<string, string[]>();
  for (const clip of clips) {
    items[clipKey(clip.url)] = clip;
    const urls = pages.get(clip.pageId) ?? [];
    urls.push(clip.url);
    pages.set(clip.pageId, urls);
  }
  for (const [pageId, urls] of pages) items[pageKey(pageId)] = urls.sort();
  items[META_KEY] = { count: clips.length };
  return items;
}
