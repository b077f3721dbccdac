/**
 * The known-clips index in `storage.local`: normalised URL → the clip. One item, parsed on
 * read (records that do not parse are dropped: the service lookup can find them again).
 *
 * Bounded at `KNOWN_CLIPS_LIMIT` entries: beyond it the entries Pageclip wrote least recently
 * are dropped. A dropped page is still found through the service (title, then `source:`), so
 * the bound costs a lookup, never a wrong answer.
 */
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { KnownClipSchema, type KnownClip } from './known-clip';
import { KNOWN_CLIPS_KEY, storedIndex, wroteIndex } from './stored-index';

export const KNOWN_CLIPS_LIMIT = 10_000;

const StoredSchema = z.record(z.string(), z.unknown());
type Stored = Record<string, unknown>;

export const knownClipsItem = storage.defineItem<Stored>(`local:${KNOWN_CLIPS_KEY}`, {
  fallback: {},
});

let chain: Promise<unknown> = Promise.resolve();

/** The stored index; from memory after the first read (see stored-index.ts). */
function stored(): Promise<Stored> {
  return storedIndex(() => knownClipsItem.getValue());
}

async function readAll(): Promise<Map<string, KnownClip>> {
  const parsed = StoredSchema.safeParse(await stored());
  const out = new Map<string, KnownClip>();
  if (!parsed.success) return out;
  for (const [url, value] of Object.entries(parsed.data)) {
    const clip = KnownClipSchema.safeParse(value);
    if (clip.success && clip.data.url === url) out.set(url, clip.data);
  }
  return out;
}

/** Every change goes through one chain, so concurrent confirmations never lose each other. */
function change<T>(fn: (clips: Map<string, KnownClip>) => T): Promise<T> {
  const run = async () => {
    const clips = await readAll();
    const value = fn(clips);
    const next = Object.fromEntries(bounded(clips));
    await knownClipsItem.setValue(next);
    wroteIndex(next);
    return value;
  };
  const result = chain.then(run, run);
  chain = result.catch(() => undefined);
  return result;
}

function bounded(clips: Map<string, KnownClip>): Map<string, KnownClip> {
  if (clips.size <= KNOWN_CLIPS_LIMIT) return clips;
  const newest = [...clips.values()].sort((a, b) => b.at - a.at).slice(0, KNOWN_CLIPS_LIMIT);
  return new Map(newest.map((c) => [c.url, c]));
}

export async function findKnownClip(url: string): Promise<KnownClip | null> {
  const raw = await stored();
  const clip = KnownClipSchema.safeParse(raw[url]);
  return clip.success && clip.data.url === url ? clip.data : null;
}

export function rememberClip(clip: KnownClip): Promise<void> {
  return change((clips) => void clips.set(clip.url, KnownClipSchema.parse(clip)));
}

/** Changes every entry of the page (one page may be known under several URLs). */
export function updateKnownPage(
  pageId: string,
  patch: Partial<Pick<KnownClip, 'title' | 'folderId' | 'etag' | 'at'>>,
): Promise<number> {
  return change((clips) => {
    let n = 0;
    for (const [url, clip] of clips) {
      if (clip.pageId !== pageId) continue;
      clips.set(url, { ...clip, ...patch });
      n += 1;
    }
    return n;
  });
}

/** The page was trashed or is gone: it is no longer a known clip. */
export function forgetKnownPage(pageId: string): Promise<number> {
  return change((clips) => {
    let n = 0;
    for (const [url, clip] of clips) {
      if (clip.pageId === pageId && clips.delete(url)) n += 1;
    }
    return n;
  });
}

export async function knownClipCount(): Promise<number> {
  return (await readAll()).size;
}
