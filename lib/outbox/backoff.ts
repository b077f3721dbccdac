/**
 * Delay before the next attempt: exponential in `step`, capped at `maxMs`, with "equal jitter"
 * (half fixed, half random) so that many queued clips released by one outage do not retry in
 * lockstep. A server's `Retry-After` is a floor, never shortened by jitter.
 */
export function backoffDelay(
  step: number,
  opts: { baseMs: number; maxMs: number; random: () => number; retryAfterMs?: number | null },
): number {
  const exp = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(step, 30));
  const jittered = exp / 2 + opts.random() * (exp / 2);
  return Math.round(Math.max(jittered, opts.retryAfterMs ?? 0));
}
