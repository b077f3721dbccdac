/** Bounded concurrency and the per-tab time limit of many-tabs clipping. */
import { describe, expect, it } from 'vitest';
import { forEachBounded, TimeLimitError, withTimeLimit } from '../../lib/background/bounded';

describe('forEachBounded', () => {
  it('never runs more than the limit at once, and handles every item even when some fail', async () => {
    let active = 0;
    let peak = 0;
    const seen: number[] = [];
    await forEachBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setImmediate(r));
      active--;
      seen.push(n);
      if (n === 2) throw new Error('one tab failing stops no other');
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('withTimeLimit', () => {
  it('answers with the work when it is in time, and a TimeLimitError when it is not', async () => {
    await expect(withTimeLimit(Promise.resolve('ok'), 1_000)).resolves.toBe('ok');
    await expect(withTimeLimit(new Promise(() => undefined), 5)).rejects.toBeInstanceOf(
      TimeLimitError,
    );
  });
});
