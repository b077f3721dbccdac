/** Timing rules of the outbox. Every field can be overridden (tests, the chaos run). */
export interface OutboxPolicy {
  /**
   * How long an attempt may hold an entry in `sending` before another worker may take it over.
   * Must exceed the API client's timeout (the background uses 15 s), so that a request of a
   * stopped worker has been given up on before its entry is sent again.
   */
  leaseMs: number;
  /** First retry delay; doubles with every retryable failure. */
  baseDelayMs: number;
  /** Longest single delay between two attempts (there is no cap on the total time). */
  maxDelayMs: number;
  /** Delay before trying again when no client is configured (not counted as an attempt). */
  notConnectedDelayMs: number;
  /**
   * A keyed write whose outcome has been unknown for this long stops and waits for the user:
   * the service replays a completed request for 24 hours only (docs/api.md, "Idempotency"),
   * after that a retry could apply it a second time.
   */
  replayWarnAfterMs: number;
  /** Saved entries stay listed this long (the popup shows them as saved), then are pruned. */
  savedRetentionMs: number;
  /**
   * How long after a page-creating write's last attempt a copy made by an earlier attempt may
   * still appear. `POST /pages` has no idempotency key: an attempt the client gave up on (the
   * background's client times out after 15 s; a stopped worker abandons its request) can still
   * be forwarded by a proxy or another intermediary holding it, and create the page after the retry has found or created it and the entry was
   * saved. Delivery settles copies only while it runs, so a saved entry whose outcome was ever
   * unknown looks again this long after its last attempt (the "late check", lib/outbox/
   * late-copies.ts). Two minutes: four times the lease and eight times the client timeout, and
   * twice the minute after which intermediaries commonly give up a request themselves (nginx's
   * default proxy timeouts are 60 s), so a request still held somewhere after that has almost
   * certainly been dropped; and short enough that a copy does not stay in the user's folder
   * for long.
   */
  lateCopyWindowMs: number;
  /**
   * Tries of the late check before it is given up and reported (not retried without end: it
   * repairs, it saves nothing). Failed tries wait as deliveries do (`baseDelayMs`, doubling, at
   * most `maxDelayMs`): ten tries span about 7 to 14 minutes, enough to outlast a short outage.
   */
  lateCheckTries: number;
}

export const HOUR_MS = 60 * 60 * 1000;

export const DEFAULT_POLICY: OutboxPolicy = {
  leaseMs: 30_000,
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
  notConnectedDelayMs: 60_000,
  replayWarnAfterMs: 23 * HOUR_MS,
  savedRetentionMs: 10 * 60_000,
  lateCopyWindowMs: 2 * 60_000,
  lateCheckTries: 10,
};
