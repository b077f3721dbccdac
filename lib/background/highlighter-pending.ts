/**
 * A page being clipped for its first highlight, until the service has it: remembered in
 * `local:` storage by the web page's key and the outbox entry of the clip, so that later
 * highlights on that page (in this tab, after a reload, or after the worker stopped) wait for
 * that one page instead of clipping the page again. The changes made meanwhile are held here,
 * in order, each with its write id minted at once; when the clip is saved they are handed to
 * the outbox as `highlight-page` writes to the new page (`attachPendingClips`), and the record
 * goes. A clip taken out of the outbox (discarded) takes its held changes with it: the tab is
 * told (`PendingOutcome`).
 */
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import {
  HighlightChangeSchema,
  StoredHighlightSchema,
  type HighlightChange,
} from '../clip-markdown/highlight-schema';
import type { StoredHighlight } from '../clip-markdown/highlight-record';
import type { OutboxEntry } from '../outbox/entry';
import type { BackgroundContext } from './context';
import type { HighlightPage } from './highlighter-target';

const PendingClipSchema = z.object({
  entryId: z.string().min(1),
  key: z.string().min(1),
  title: z.string(),
  pageUrl: z.string(),
  first: StoredHighlightSchema,
  held: z.array(z.object({ clipId: z.uuid(), change: HighlightChangeSchema })),
});
export type PendingClip = z.infer<typeof PendingClipSchema>;

/** At most this many pages wait at once; the oldest record beyond it is forgotten. */
const MAX_PENDING = 50;

const pendingClipsItem = storage.defineItem<unknown>('local:highlighterPendingClips', {
  fallback: [],
});

async function readAll(): Promise<PendingClip[]> {
  const parsed = z.array(PendingClipSchema).safeParse(await pendingClipsItem.getValue());
  return parsed.success ? parsed.data : [];
}

// Read-modify-write of the list, one at a time within this worker.
let chain: Promise<unknown> = Promise.resolve();
function edit<T>(fn: (list: PendingClip[]) => { list: PendingClip[]; value: T }): Promise<T> {
  const run = async () => {
    const { list, value } = fn(await readAll());
    await pendingClipsItem.setValue(list.slice(-MAX_PENDING));
    return value;
  };
  const result = chain.then(run, run);
  chain = result.catch(() => undefined);
  return result;
}

export async function rememberPendingClip(clip: Omit<PendingClip, 'held'>): Promise<void> {
  await edit((list) => ({
    list: [...list.filter((p) => p.key !== clip.key), { ...clip, held: [] }],
    value: undefined,
  }));
}

export async function pendingClipFor(key: string): Promise<PendingClip | null> {
  return (await readAll()).find((p) => p.key === key) ?? null;
}

/** Holds a change for the page; false when the clip is no longer waiting (attached or gone). */
export function holdChange(
  entryId: string,
  clipId: string,
  change: HighlightChange,
): Promise<boolean> {
  return edit((list) => {
    const clip = list.find((p) => p.entryId === entryId);
    if (!clip) return { list, value: false };
    clip.held.push({ clipId, change });
    return { list, value: true };
  });
}

/** The page's highlights as they will be once the held changes are saved. */
export function pendingHighlights(clip: PendingClip): StoredHighlight[] {
  let list: StoredHighlight[] = [clip.first];
  for (const { change } of clip.held) {
    if (change.action === 'add') list = [...list, change.highlight];
    else if (change.action === 'remove') list = list.filter((h) => h.id !== change.id);
    else
      list = list.map((h) =>
        h.id === change.id
          ? { ...h, color: change.color ?? h.color, note: change.note ?? h.note }
          : h,
      );
  }
  return list;
}

export type PendingOutcome =
  | { kind: 'waiting' }
  | { kind: 'attached'; target: HighlightPage; entries: OutboxEntry[] }
  | { kind: 'gone'; dropped: number };

async function settle(
  ctx: BackgroundContext,
  clip: PendingClip,
  entry: OutboxEntry | null,
): Promise<PendingOutcome> {
  if (entry && !(entry.status === 'saved' && entry.result)) return { kind: 'waiting' };
  // Claimed before anything is queued: a second settle of the same clip finds nothing to do.
  const claimed = await edit((list) => ({
    list: list.filter((p) => p.entryId !== clip.entryId),
    value: list.find((p) => p.entryId === clip.entryId) ?? null,
  }));
  if (!claimed) return { kind: 'waiting' };
  if (!entry?.result) return { kind: 'gone', dropped: claimed.held.length };
  const target: HighlightPage = { pageId: entry.result.pageId, title: claimed.title };
  const queued = new Set((await ctx.outbox.list()).map((e) => e.write.clipId));
  const entries: OutboxEntry[] = [];
  for (const { clipId, change } of claimed.held) {
    if (queued.has(clipId)) continue;
    entries.push(
      await ctx.outbox.enqueue(
        { kind: 'highlight-page', clipId, pageId: target.pageId, pageUrl: claimed.pageUrl, change },
        claimed.title,
      ),
    );
  }
  if (entries.length) void ctx.outbox.flush().catch(() => undefined);
  return { kind: 'attached', target, entries };
}

/** The clip's state now: still waiting, saved (its held changes now queued for it), or gone. */
export async function attachPendingClip(
  ctx: BackgroundContext,
  entryId: string,
): Promise<PendingOutcome> {
  const clip = (await readAll()).find((p) => p.entryId === entryId);
  if (!clip) return { kind: 'waiting' };
  return settle(ctx, clip, await ctx.outbox.get(entryId));
}

/** Every waiting page whose clip was saved (or taken out) meanwhile gets its changes now. */
export async function attachPendingClips(ctx: BackgroundContext): Promise<void> {
  for (const clip of await readAll()) await settle(ctx, clip, await ctx.outbox.get(clip.entryId));
}

/** Follows the outbox: a clip saved while its tab is closed, or by a later worker, still gets its changes. */
export function wirePendingHighlights(ctx: BackgroundContext): () => void {
  const run = () => void attachPendingClips(ctx).catch(() => undefined);
  const off = ctx.outbox.onSettled((entry) => {
    if (entry.status === 'saved' && entry.write.kind === 'create-page') run();
  });
  run();
  return off;
}
