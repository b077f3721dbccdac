import { backoffDelay } from './backoff';
import { classifyError } from './classify-error';
import { deliver, type OutboxApi } from './deliver';
import type { OutboxEntry } from './entry';
import type { ImageKeeper } from './deliver-import';
import { withImageProgress } from './image-state';
import { replaceAt, type OutboxJournal } from './journal';
import type { OutboxPolicy } from './policy';
import {
  claim,
  fail,
  flagReplayWindow,
  retryLater,
  succeed,
  withFixedHighlights,
  withTarget,
} from './state';
import { isDue, nearsReplayWindow } from './schedule';

/** Another instance took the entry over (its lease expired) or it was discarded meanwhile. */
class LeaseLostError extends Error {}

/**
 * One delivery attempt of one entry: claim it under a fresh lease (unless it is no longer due,
 * or a retry could now apply it twice), send it, and record the outcome, but only while this
 * attempt still holds the lease, so a stopped worker's late answer never overwrites a newer one.
 */
export async function attemptDelivery(
  journal: OutboxJournal,
  client: OutboxApi,
  id: string,
  opts: { token: string; policy: OutboxPolicy; random: () => number; images?: ImageKeeper },
): Promise<void> {
  const { token, policy } = opts;
  const claimed = await journal.mutate((entries, now) => {
    const i = entries.findIndex((e) => e.id === id);
    const entry = entries[i];
    if (!entry || !isDue(entry, now)) return { value: null };
    if (nearsReplayWindow(entry, now, policy.replayWarnAfterMs)) {
      return { next: replaceAt(entries, i, flagReplayWindow(entry, now)), value: null };
    }
    const sending = claim(entry, now, { token, until: now + policy.leaseMs });
    return { next: replaceAt(entries, i, sending), value: sending };
  });
  if (!claimed) return;
  const updateLeased = (update: (entry: OutboxEntry, now: number) => OutboxEntry) =>
    journal.mutate((entries, now) => {
      const i = entries.findIndex((e) => e.id === id);
      const entry = entries[i];
      if (!entry || entry.status !== 'sending' || entry.lease?.token !== token) {
        return { value: false };
      }
      return { next: replaceAt(entries, i, update(entry, now)), value: true };
    });
  try {
    const result = await deliver(client, claimed, {
      setTarget: async (pageId) => {
        const held = await updateLeased((e, now) => withTarget(e, pageId, now));
        if (!held) throw new LeaseLostError(`outbox entry ${id} was taken over`);
      },
      fixHighlights: async (content, counts) => {
        const held = await updateLeased((e, now) => withFixedHighlights(e, content, counts, now));
        if (!held) throw new LeaseLostError(`outbox entry ${id} was taken over`);
      },
      ...(opts.images && {
        images: {
          keeper: opts.images,
          progress: async (progress) => {
            const held = await updateLeased((e, now) =>
              withImageProgress(e, progress, now, policy.leaseMs),
            );
            if (!held) throw new LeaseLostError(`outbox entry ${id} was taken over`);
          },
        },
      }),
    });
    await updateLeased((e, now) =>
      succeed(e, result, now, { lateCopyWindowMs: policy.lateCopyWindowMs }),
    );
  } catch (err) {
    if (err instanceof LeaseLostError) return;
    const verdict = classifyError(err);
    await updateLeased((e, now) =>
      verdict.retry
        ? retryLater(e, verdict.error, {
            uncertain: verdict.uncertain,
            now,
            delayMs: backoffDelay(e.backoffStep, {
              baseMs: policy.baseDelayMs,
              maxMs: policy.maxDelayMs,
              random: opts.random,
              retryAfterMs: verdict.retryAfterMs,
            }),
          })
        : fail(e, verdict.error, { uncertain: verdict.uncertain, now }),
    );
  }
}
