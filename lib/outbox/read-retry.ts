import { withRetry } from '../api';

/**
 * Reads (and the trash of a copy) are safe to repeat, so a transient failure of one of them is
 * retried at once, briefly, instead of failing the whole attempt: a create that must look up,
 * create and settle makes several requests, and under a flaky network each one would otherwise
 * push the clip a whole backoff step later. Writes are never retried here.
 */
export function read<T>(fn: () => Promise<T>): Promise<T> {
  return withRetry(fn, {
    attempts: 3,
    baseDelayMs: 200,
    maxDelayMs: 1000,
    maxElapsedMs: 5000,
    maxRetryAfterMs: 5000,
  });
}
