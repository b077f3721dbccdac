/**
 * The only pass over the whole known-clips index, for the two rare cases that need it: the
 * former one-item index split into the current layout (`storage-layout.ts`), and the bound.
 * Records that do not parse are dropped (the service lookup can find their pages again), the
 * pages' URL lists and the count are made again from the clips, and only the items that differ
 * are written.
 */
import { browser } from 'wxt/browser';
import { localKeys } from '../local-keys';
import type { KnownClip } from './known-clip';
import {
  CLIP_PREFIX,
  knownClipItems,
  LEGACY_KEY,
  META_KEY,
  PAGE_PREFIX,
  parseClip,
} from './storage-layout';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIndexItem(key: string): boolean {
  return (
    key === LEGACY_KEY ||
    key === META_KEY ||
    key.startsWith(CLIP_PREFIX) ||
    key.startsWith(PAGE_PREFIX)
  );
}

/**
 * Above `limit` clips, only the `keep` written most recently stay: keeping fewer than the limit
 * leaves room for many confirmations before the next pass.
 */
export async function rebuildKnownClips(limit: number, keep: number): Promise<void> {
  // The index's items only: storage.local also holds kept images, megabytes each.
  const all = await browser.storage.local.get((await localKeys()).filter(isIndexItem));
  const clips = new Map<string, KnownClip>();
  const legacy = all[LEGACY_KEY];
  if (isRecord(legacy)) {
    for (const [url, value] of Object.entries(legacy)) {
      const clip = parseClip(url, value);
      if (clip) clips.set(url, clip);
    }
  }
  // An item already in the current layout was written after the former index: it wins.
  for (const [key, value] of Object.entries(all)) {
    if (!key.startsWith(CLIP_PREFIX)) continue;
    const url = key.slice(CLIP_PREFIX.length);
    const clip = parseClip(url, value);
    if (clip) clips.set(url, clip);
  }
  let kept = [...clips.values()];
  if (kept.length > limit) kept = kept.sort((a, b) => b.at - a.at).slice(0, keep);
  const items = knownClipItems(kept);
  const changed = Object.fromEntries(
    Object.entries(items).filter(
      ([key, value]) => JSON.stringify(all[key]) !== JSON.stringify(value),
    ),
  );
  const gone = Object.keys(all).filter((key) => isIndexItem(key) && !(key in items));
  if (Object.keys(changed).length > 0) await browser.storage.local.set(changed);
  if (gone.length > 0) await browser.storage.local.remove(gone);
}

let migrating: Promise<void> | null = null;

/**
 * Splits the former one-item index; callers that find it at the same time share one run. It is
 * removed last, so a run cut short is simply made again.
 */
export function migrateKnownClips(limit: number, keep: number): Promise<void> {
  migrating ??= rebuildKnownClips(limit, keep).finally(() => {
    migrating = null;
  });
  return migrating;
}
