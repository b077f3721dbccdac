/** Run `work` on every item with at most `limit` at once; resolves when all have settled. */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

export class TimeLimitError extends Error {
  constructor(ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s.`);
    this.name = 'TimeLimitError';
  }
}

/**
 * `promise`, or a `TimeLimitError` after `ms`. The work itself is not cancelled (an injected
 * script cannot be), only no longer waited for.
 */
export function withTimeLimit<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeLimitError(ms)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
