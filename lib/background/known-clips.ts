/**
 * The background's side of known clips: the index follows the outbox's confirmations (clips,
 * updates, trashing), including those a stopped worker left recorded but not yet indexed
 * (saved entries are kept a while).
 */
import { findKnownClip } from '../known-clips';
import { clipSourceKey, recordConfirmation } from '../known-clips/confirmations';
import type { OutboxEntry } from '../outbox/entry';
import type { BackgroundContext } from './context';

export function wireKnownClips(ctx: BackgroundContext, onChange?: () => void): () => void {
  const record = (entry: OutboxEntry) =>
    recordConfirmation(entry, ctx.now())
      .then(() => onChange?.())
      .catch((err: unknown) => console.error('pageclip known clips:', err));
  const off = ctx.outbox.onSettled((entry) => void record(entry));
  void catchUp(ctx).then(() => onChange?.());
  return off;
}

/**
 * Saved creates and trashes this worker did not see confirmed (it stopped first) are applied
 * now. A page trashed since its clip (an Undo) stays forgotten.
 */
async function catchUp(ctx: BackgroundContext): Promise<void> {
  try {
    const saved = (await ctx.outbox.list()).filter((e) => e.status === 'saved');
    const trashed = new Set<string>();
    for (const entry of saved) {
      if (entry.write.kind !== 'trash-page') continue;
      trashed.add(entry.write.pageId);
      await recordConfirmation(entry, ctx.now());
    }
    for (const entry of saved) {
      if (entry.write.kind !== 'create-page' || trashed.has(entry.result?.pageId ?? '')) continue;
      const url = clipSourceKey(entry.write.markdown);
      if (url && !(await findKnownClip(url))) await recordConfirmation(entry, ctx.now());
    }
  } catch (err) {
    console.error('pageclip known clips:', err);
  }
}
