/**
 * `withRetry(fn, opts)`: calls `fn` again after a retryable failure, with exponential backoff
 * and full jitter (delay = random(0, min(maxDelay, base * 2^n)), AWS Architecture Blog,
 * "Exponential Backoff And Jitter"), honouring the service's `Retry-After`.
 *
 * Why not p-retry (installed): its delay is computed inside the library from the attempt
 * number only, so a `Retry-After` can only be honoured by sleeping again in a hook on top of
 * its own delay; its jitter is "1x to 2x" rather than full jitter; and its sleep and random
 * source cannot be injected, which the tests need to observe delays without timing.
 *
 * `fn` must be safe to repeat: for edits and content operations that means the same
 * `Idempotency-Key` on every attempt (the client's `appendContent`/`applyEdits` take a key and
 * their `retry` option reuses it). Bounded by attempts and by total time; stops at once on a
 * non-retryable error or when the signal aborts.
 */
import { isRetryable } from './errors';

export interface RetryInfo {
  error: unknown;
  /** The attempt that just failed (1 for the first call). */
  attempt: number;
  delayMs: number;
}

export interface RetryOptions {
  /** Total attempts, the first included. Default 5. */
  attempts?: number;
  /** Backoff base (the cap of the first delay). Default 250 ms. */
  baseDelayMs?: number;
  /** Cap of one backoff delay. Default 15 s. */
  maxDelayMs?: number;
  /** No retry starts after this much time (waits included). Default 60 s. */
  maxElapsedMs?: number;
  /** A `Retry-After` longer than this ends the retries instead of being waited out. Default 60 s. */
  maxRetryAfterMs?: number;
  signal?: AbortSignal;
  /** Default: `isRetryable` (ApiError.retryable: 408, 429, 5xx, network, timeout). */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  onRetry?: (info: RetryInfo) => void;
  /** Injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface AttemptContext {
  attempt: number;
  signal?: AbortSignal;
}

export const RETRY_DEFAULTS = {
  attempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 15_000,
  maxElapsedMs: 60_000,
  maxRetryAfterMs: 60_000,
} as const;

export async function withRetry<T>(
  fn: (ctx: AttemptContext) => Promise<T>,
  opts: RetryOptions = {},
): Promise<T> {
  const attempts = Math.max(1, Math.floor(opts.attempts ?? RETRY_DEFAULTS.attempts));
  const base = opts.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs;
  const maxDelay = opts.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const maxElapsed = opts.maxElapsedMs ?? RETRY_DEFAULTS.maxElapsedMs;
  const maxRetryAfter = opts.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs;
  const shouldRetry = opts.shouldRetry ?? ((e: unknown) => isRetryable(e));
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  const now = opts.now ?? Date.now;
  const started = now();

  for (let attempt = 1; ; attempt++) {
    opts.signal?.throwIfAborted();
    try {
      return await fn({ attempt, signal: opts.signal });
    } catch (error) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (attempt >= attempts || !shouldRetry(error, attempt)) throw error;
      const delayMs = nextDelay(error, attempt, { base, maxDelay, random });
      if (delayMs === null || delayMs > maxRetryAfter) throw error;
      if (now() - started + delayMs > maxElapsed) throw error;
      opts.onRetry?.({ error, attempt, delayMs });
      await sleep(delayMs, opts.signal);
    }
  }
}

/** The service's `Retry-After` when it sent one, else full-jitter exponential backoff. */
export function nextDelay(
  error: unknown,
  attempt: number,
  o: { base: number; maxDelay: number; random: () => number },
): number | null {
  const retryAfter = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return retryAfter;
  }
  const cap = Math.min(o.maxDelay, o.base * 2 ** (attempt - 1));
  return Math.floor(o.random() * cap);
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
