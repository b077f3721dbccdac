/**
 * A clip's fetched images while its entry waits in the outbox: in `storage.local` (the
 * extension holds `unlimitedStorage`), one item per clip beside the outbox, not inside it, so
 * the outbox's own reads stay small. Fetched once, at the first delivery attempt; a retry sends
 * the same bytes even when the site has since logged the user out. Removed once the page is
 * saved, or when its entry left the outbox (`sweepImageStores`).
 */
import { browser } from 'wxt/browser';
import { localKeys } from '../local-keys';
import { CollectedImagesSchema, type CollectedImages } from './collect';

const PREFIX = 'clipImages:';

export async function loadImages(clipId: string): Promise<CollectedImages | null> {
  const key = PREFIX + clipId;
  const stored = (await browser.storage.local.get(key))[key];
  const parsed = CollectedImagesSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export async function saveImages(clipId: string, images: CollectedImages): Promise<void> {
  await browser.storage.local.set({ [PREFIX + clipId]: images });
}

export async function forgetImages(clipId: string): Promise<void> {
  await browser.storage.local.remove(PREFIX + clipId);
}

/** Removes the stored images of clips no longer in the outbox (discarded, or saved and pruned). */
export async function sweepImageStores(liveClipIds: ReadonlySet<string>): Promise<number> {
  const stale = (await localKeys()).filter(
    (key) => key.startsWith(PREFIX) && !liveClipIds.has(key.slice(PREFIX.length)),
  );
  if (stale.length > 0) await browser.storage.local.remove(stale);
  return stale.length;
}
