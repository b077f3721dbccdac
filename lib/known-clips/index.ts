/**
 * The known-clips index in `storage.local`: normalised URL → the clip, one item per URL
 * (`storage-layout.ts`), so a lookup reads one small item and a confirmation writes only the
 * items it changes, in one `set`. Records that do not parse are taken as absent (the service
 * lookup can find them again).
 *
 * Bounded at `KNOWN_CLIPS_LIMIT` entries, counted in a small item: when a confirmation takes
 * the count beyond it, one pass over the whole index (`rebuild.ts`) drops the entries Pageclip
 * wrote least recently down to `KNOWN_CLIPS_AFTER_PRUNE`, so that pass comes once every
 * thousand new clips rather than with each. A dropped page is still found through the service
 * (title, then `source:`), so the bound costs a lookup, never a wrong answer.
 *
 * The former one-item index is split into this layout on first use (any read finds it).
 */
import { browser } from 'wxt/browser';
import { KnownClipSchema, type KnownClip } from './known-clip';
import { migrateKnownClips, rebuildKnownClips } from './rebuild';
import {
  clipKey,
  LEGACY_KEY,
  META_KEY,
  pageKey,
  parseClip,
  parseCount,
  parseUrls,
} from './storage-layout';

export const KNOWN_CLIPS_LIMIT = 10_000;
export const KNOWN_CLIPS_AFTER_PRUNE = 9_000;

type Items = Record<string, unknown>;

/**
 * The items at `keys`. The former index is asked for in the same read: it is there only until
 * it has been split, which is then done before reading again.
 */
async function read(keys: string[]): Promise<Items> {
  const got = await browser.storage.local.get([...keys, LEGACY_KEY]);
  if (got[LEGACY_KEY] === undefined) return got;
  await migrateKnownClips(KNOWN_CLIPS_LIMIT, KNOWN_CLIPS_AFTER_PRUNE);
  return browser.storage.local.get(keys);
}

let chain: Promise<unknown> = Promise.resolve();

/** Every change goes through one chain, so concurrent confirmations never lose each other. */
function serialised<T>(run: () => Promise<T>): Promise<T> {
  const result = chain.then(run, run);
  chain = result.catch(() => undefined);
  return result;
}

export async function findKnownClip(url: string): Promise<KnownClip | null> {
  const key = clipKey(url);
  return parseClip(url, (await read([key]))[key]);
}

/**
 * Records clips (the same page under each of its URLs, or any others) with one write of the
 * items that change: each clip, the URL lists of the pages that gain or lose a URL, the count.
 */
export function rememberClips(clips: readonly KnownClip[]): Promise<void> {
  return serialised(async () => {
    const byUrl = new Map(clips.map((c) => [c.url, KnownClipSchema.parse(c)]));
    if (byUrl.size === 0) return;
    const urls = [...byUrl.keys()];
    const pageIds = [...new Set([...byUrl.values()].map((c) => c.pageId))];
    const got = await read([...urls.map(clipKey), ...pageIds.map(pageKey), META_KEY]);
    const before = new Map(urls.map((url) => [url, parseClip(url, got[clipKey(url)])]));
    // A URL that moves to another page leaves its former page's list.
    const losing = [...before.values()]
      .map((c) => c?.pageId)
      .filter((id): id is string => id !== undefined && !pageIds.includes(id));
    const more = losing.length > 0 ? await browser.storage.local.get(losing.map(pageKey)) : {};
    const lists = new Map<string, Set<string>>();
    for (const id of pageIds) lists.set(id, new Set(parseUrls(got[pageKey(id)])));
    for (const id of losing) lists.set(id, new Set(parseUrls(more[pageKey(id)])));

    const items: Items = {};
    const changedPages = new Set<string>();
    let added = 0;
    for (const [url, clip] of byUrl) {
      const previous = before.get(url);
      if (got[clipKey(url)] === undefined) added += 1;
      if (previous && previous.pageId !== clip.pageId) {
        lists.get(previous.pageId)!.delete(url);
        changedPages.add(previous.pageId);
      }
      if (!lists.get(clip.pageId)!.has(url)) {
        lists.get(clip.pageId)!.add(url);
        changedPages.add(clip.pageId);
      }
      items[clipKey(url)] = clip;
    }
    const emptied: string[] = [];
    for (const id of changedPages) {
      const list = [...lists.get(id)!].sort();
      if (list.length > 0) items[pageKey(id)] = list;
      else emptied.push(pageKey(id));
    }
    const count = parseCount(got[META_KEY]) + added;
    if (added > 0) items[META_KEY] = { count };
    await browser.storage.local.set(items);
    if (emptied.length > 0) await browser.storage.local.remove(emptied);
    if (count > KNOWN_CLIPS_LIMIT)
      await rebuildKnownClips(KNOWN_CLIPS_LIMIT, KNOWN_CLIPS_AFTER_PRUNE);
  });
}

export function rememberClip(clip: KnownClip): Promise<void> {
  return rememberClips([clip]);
}

/** The page's clips, under each URL it is known by, and the items read with its URL list. */
async function pageClips(pageId: string, also: string[] = []): Promise<[KnownClip[], Items]> {
  const got = await read([pageKey(pageId), ...also]);
  const urls = parseUrls(got[pageKey(pageId)]);
  if (urls.length === 0) return [[], got];
  const stored = await browser.storage.local.get(urls.map(clipKey));
  const clips = urls
    .map((url) => parseClip(url, stored[clipKey(url)]))
    .filter((c): c is KnownClip => c?.pageId === pageId);
  return [clips, got];
}

/** Changes every entry of the page (one page may be known under several URLs). */
export function updateKnownPage(
  pageId: string,
  patch: Partial<Pick<KnownClip, 'title' | 'folderId' | 'etag' | 'at'>>,
): Promise<number> {
  return serialised(async () => {
    const [clips] = await pageClips(pageId);
    if (clips.length === 0) return 0;
    await browser.storage.local.set(
      Object.fromEntries(
        clips.map((c) => [clipKey(c.url), KnownClipSchema.parse({ ...c, ...patch })]),
      ),
    );
    return clips.length;
  });
}

/** The page was trashed or is gone: it is no longer a known clip. */
export function forgetKnownPage(pageId: string): Promise<number> {
  return serialised(async () => {
    const [clips, got] = await pageClips(pageId, [META_KEY]);
    if (got[pageKey(pageId)] === undefined) return 0;
    await browser.storage.local.remove([pageKey(pageId), ...clips.map((c) => clipKey(c.url))]);
    if (clips.length > 0) {
      const count = Math.max(0, parseCount(got[META_KEY]) - clips.length);
      await browser.storage.local.set({ [META_KEY]: { count } });
    }
    return clips.length;
  });
}

/** How many URLs the index holds (as counted for the bound). */
export async function knownClipCount(): Promise<number> {
  return parseCount((await read([META_KEY]))[META_KEY]);
}
