import type { ImageProgress } from '../images/report';
import type { OutboxEntry } from './entry';

/**
 * Records how far a kept-images delivery got, and extends the attempt's lease: fetching a
 * clip's images may take longer than one request, and the lease must not run out while the
 * attempt still works (`policy.leaseMs`).
 */
export function withImageProgress(
  entry: OutboxEntry,
  progress: ImageProgress,
  now: number,
  leaseMs: number,
): OutboxEntry {
  if (entry.status !== 'sending' || entry.lease === null) {
    throw new Error(`outbox entry ${entry.id} is not being sent`);
  }
  return {
    ...entry,
    images: progress,
    lease: { ...entry.lease, until: Math.max(entry.lease.until, now + leaseMs) },
    updatedAt: now,
  };
}
