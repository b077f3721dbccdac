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
}

export const HOUR_MS = 60 * 60 * 1000;

export const DEFAULT_POLICY: OutboxPolicy = {
  leaseMs: 30_000,
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
  notConnectedDelayMs: 60_000,
  replayWarnAfterMs: 23 * HOUR_MS,
  savedRetentionMs: 10 * 60_000,
};
