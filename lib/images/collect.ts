/**
 * Fetches and judges a clip's images: each candidate in order, a few at once, reporting
 * progress after each. An image is kept (stored by the service), skipped (a tracking pixel or
 * icon, left as it was), or kept as a remote link with its reason. The clip's size cap holds
 * while the bytes arrive (`ClipBudget`), not after they all did.
 */
import { z } from 'zod';
import { bytesToBase64 } from './base64';
import { ClipBudget } from './budget';
import { IMAGE_CAPS, type ImageCaps } from './caps';
import type { FetchOutcome } from './fetch-image';
import { judgeImage } from './judge';
import { ImageLinkSchema } from './report';
import { imageOriginPattern, type ImageCandidate } from './select';

export const KeptImageSchema = z.object({
  url: z.string(),
  /** The file's path in the import; the note's embeds name it until the service rewrites them. */
  path: z.string(),
  mimeType: z.string(),
  /** base64 */
  data: z.string(),
});
export type KeptImage = z.infer<typeof KeptImageSchema>;

export const CollectedImagesSchema = z.object({
  kept: z.array(KeptImageSchema),
  links: z.array(ImageLinkSchema),
  skipped: z.array(z.string()),
});
export type CollectedImages = z.infer<typeof CollectedImagesSchema>;

export interface CollectDeps {
  /** Reads one image, counting its bytes in `budget` as they arrive (`fetchImage`). */
  fetchImage(url: string, budget: ClipBudget): Promise<FetchOutcome>;
  /** Whether Pageclip holds host access for this pattern (asked for at the Save click). */
  hasAccess(pattern: string): Promise<boolean>;
  caps?: Partial<ImageCaps>;
  onProgress?(done: number, total: number): void | Promise<void>;
}

type Settled =
  | { kind: 'keep'; url: string; bytes: Uint8Array; mimeType: string; ext: string }
  | { kind: 'skip'; url: string }
  | { kind: 'link'; url: string; reason: string };

async function settle(
  url: string,
  deps: CollectDeps,
  caps: ImageCaps,
  budget: ClipBudget,
): Promise<Settled> {
  if (!url.startsWith('data:')) {
    const pattern = imageOriginPattern(url);
    if (pattern === null) return { kind: 'link', url, reason: 'not over https' };
    if (!(await deps.hasAccess(pattern))) return { kind: 'link', url, reason: 'no access' };
  }
  const fetched = await deps.fetchImage(url, budget);
  if (!fetched.ok) return { kind: 'link', url, reason: fetched.reason };
  const verdict = judgeImage(fetched.bytes, caps);
  if (verdict.kind !== 'keep') budget.give(fetched.bytes.length);
  if (verdict.kind === 'skip') return { kind: 'skip', url };
  if (verdict.kind === 'fail') return { kind: 'link', url, reason: verdict.reason };
  return { kind: 'keep', url, bytes: fetched.bytes, mimeType: verdict.mimeType, ext: verdict.ext };
}

/** `folder` names the clip's images in the import (the clip id: never shared by two clips). */
export async function collectImages(
  candidates: readonly ImageCandidate[],
  folder: string,
  deps: CollectDeps,
): Promise<CollectedImages> {
  const caps: ImageCaps = { ...IMAGE_CAPS, ...deps.caps };
  const budget = new ClipBudget(caps.maxClipBytes);
  const total = candidates.length;
  const results: Settled[] = new Array(total);
  let next = 0;
  let done = 0;
  // Reports go out one at a time, each with the latest count, so a slow write of an older count
  // never lands after a newer one: what the popup shows only grows.
  let reported = 0;
  let reports: Promise<void> = Promise.resolve();
  const report = (): Promise<void> =>
    (reports = reports.then(async () => {
      const now = done;
      if (now <= reported) return;
      reported = now;
      await deps.onProgress?.(now, total);
    }));
  const worker = async () => {
    while (next < total) {
      const i = next++;
      results[i] = await settle(candidates[i]!.url, deps, caps, budget);
      done++;
      await report();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, caps.concurrency) }, worker));

  const collected: CollectedImages = { kept: [], links: [], skipped: [] };
  for (const result of results) {
    if (result.kind === 'skip') collected.skipped.push(result.url);
    else if (result.kind === 'link') {
      collected.links.push({ url: result.url, reason: result.reason });
    } else {
      const n = String(collected.kept.length + 1).padStart(2, '0');
      collected.kept.push({
        url: result.url,
        path: `${folder}/image-${n}.${result.ext}`,
        mimeType: result.mimeType,
        data: bytesToBase64(result.bytes),
      });
    }
  }
  return collected;
}
