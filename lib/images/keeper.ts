/**
 * The background's `ImageKeeper` (lib/outbox/deliver-import.ts): images fetched with the user's
 * own access, only from hosts Pageclip was granted (asked for at the Save click), and kept in
 * `storage.local` until the page is saved.
 */
import { browser } from 'wxt/browser';
import type { ImageKeeper } from '../outbox/deliver-import';
import { IMAGE_CAPS, type ImageCaps } from './caps';
import { collectImages } from './collect';
import { fetchImage } from './fetch-image';
import { forgetImages, loadImages, saveImages, sweepImageStores } from './image-store';

export function browserImageKeeper(
  caps: Partial<ImageCaps> = {},
  deps: { fetch?: typeof fetch; hasAccess?: (pattern: string) => Promise<boolean> } = {},
): ImageKeeper {
  const all: ImageCaps = { ...IMAGE_CAPS, ...caps };
  const hasAccess =
    deps.hasAccess ??
    (async (pattern: string) => {
      try {
        return await browser.permissions.contains({ origins: [pattern] });
      } catch {
        return false;
      }
    });
  return {
    async collect(clipId, candidates, onProgress) {
      const stored = await loadImages(clipId);
      if (stored) return stored;
      const collected = await collectImages(candidates, clipId, {
        caps: all,
        fetchImage: (url, budget) =>
          fetchImage(url, {
            maxBytes: all.maxImageBytes,
            timeoutMs: all.fetchTimeoutMs,
            budget,
            ...(deps.fetch && { fetch: deps.fetch }),
          }),
        hasAccess,
        onProgress,
      });
      await saveImages(clipId, collected);
      return collected;
    },
    stored: loadImages,
    forget: forgetImages,
  };
}

/** At start-up: images of clips no longer waiting (saved, discarded) are removed. */
export async function sweepKeptImages(outbox: {
  list(): Promise<{ id: string; status: string }[]>;
}): Promise<void> {
  const entries = await outbox.list();
  await sweepImageStores(new Set(entries.filter((e) => e.status !== 'saved').map((e) => e.id)));
}
