/**
 * The background's side of known clips: the index follows the outbox's confirmations, including
 * those a stopped worker left recorded but not yet indexed (saved entries are kept a while).
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

/** Saved creates this worker did not see confirmed (it stopped first) are indexed now. */
async function catchUp(ctx: BackgroundContext): Promise<void> {
  try {
    for (const entry of await ctx.outbox.list()) {
      if (entry.status !== 'saved' || entry.write.kind !== 'create-page') continue;
      const url = clipSourceKey(entry.write.markdown);
      if (url && !(await findKnownClip(url))) await recordConfirmation(entry, ctx.now());
    }
  } catch (err) {
    console.error('pageclip known clips:', err);
  }
}
