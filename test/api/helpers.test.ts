/**
 * `withRetry`, `parseRetryAfter`, the error predicates, `paginate` and the AbortSignal fallback:
 * pure logic, with sleep, random and clock injected (no timing assertions).
 */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  collect,
  filenameOf,
  isForbidden,
  isMissingScope,
  isPreconditionRequired,
  isStaleRevision,
  isUnauthenticated,
  paginate,
  parseRetryAfter,
  withRetry,
} from '../../lib/api';
import { anySignalFallback, requestSignal } from '../../lib/api/signals';

const http = (status: number, code = `http_${status}`, retryAfterMs: number | null = null) =>
  new ApiError({ kind: 'http', status, code, message: `${status}`, retryAfterMs });

/** A function that fails with the given errors, then resolves with 'ok'. */
function failing(...errors: unknown[]) {
  let calls = 0;
  const fn = async () => {
    calls++;
    const next = errors.shift();
    if (next !== undefined) throw next;
    return 'ok';
  };
  return { fn, calls: () => calls };
}

function recorder() {
  const slept: number[] = [];
  return { slept, sleep: async (ms: number) => void slept.push(ms) };
}

describe('withRetry', () => {
  it('retries retryable errors with full-jitter exponential backoff', async () => {
    const { fn, calls } = failing(http(503), http(500), http(408), http(429));
    const { slept, sleep } = recorder();
    const result = await withRetry(fn, { sleep, random: () => 0.5, baseDelayMs: 100 });
    expect(result).toBe('ok');
    expect(calls()).toBe(5);
    // random * min(max, base * 2^(n-1)) = 0.5 * 100, 200, 400, 800
    expect(slept).toEqual([50, 100, 200, 400]);
  });

  it('caps each delay at maxDelayMs and uses the whole range of jitter', async () => {
    const { fn } = failing(http(503), http(503), http(503));
    const { slept, sleep } = recorder();
    await withRetry(fn, { sleep, random: () => 0.999, baseDelayMs: 1000, maxDelayMs: 1500 });
    expect(slept).toEqual([999, 1498, 1498]);
    const zero = recorder();
    await withRetry(failing(http(503)).fn, { sleep: zero.sleep, random: () => 0 });
    expect(zero.slept).toEqual([0]);
  });

  it('honours Retry-After instead of its own backoff', async () => {
    const { fn } = failing(http(429, 'rate_limited', 7000), http(503, 'http_503', 0));
    const { slept, sleep } = recorder();
    await withRetry(fn, { sleep, random: () => 0.5 });
    expect(slept).toEqual([7000, 0]);
  });

  it('gives up when Retry-After is longer than it is willing to wait', async () => {
    const error = http(503, 'http_503', 120_000);
    const { fn, calls } = failing(error);
    const { slept, sleep } = recorder();
    await expect(withRetry(fn, { sleep, maxRetryAfterMs: 60_000 })).rejects.toBe(error);
    expect(calls()).toBe(1);
    expect(slept).toEqual([]);
  });

  it('stops at once on errors that are not retryable', async () => {
    for (const error of [
      http(400),
      http(401),
      http(403),
      http(404),
      http(409),
      http(422),
      http(428),
    ]) {
      const { fn, calls } = failing(error);
      await expect(withRetry(fn, { sleep: async () => {} })).rejects.toBe(error);
      expect(calls()).toBe(1);
    }
    const plain = new Error('bug');
    await expect(withRetry(failing(plain).fn, { sleep: async () => {} })).rejects.toBe(plain);
  });

  it('retries an idempotency key still in flight, but no other 409', () => {
    expect(http(409, 'idempotency_key_in_use').retryable).toBe(true);
    expect(http(409, 'revision_mismatch').retryable).toBe(false);
    expect(
      new ApiError({ kind: 'network', status: null, code: 'network_error', message: '' }).retryable,
    ).toBe(true);
    expect(
      new ApiError({ kind: 'timeout', status: null, code: 'timeout', message: '' }).retryable,
    ).toBe(true);
    expect(
      new ApiError({ kind: 'invalid-response', status: 200, code: 'invalid_response', message: '' })
        .retryable,
    ).toBe(false);
  });

  it('is bounded by attempts', async () => {
    const last = http(503);
    const { fn, calls } = failing(http(503), http(503), last, http(503));
    await expect(withRetry(fn, { attempts: 3, sleep: async () => {} })).rejects.toBe(last);
    expect(calls()).toBe(3);
  });

  it('is bounded by total time, waits included', async () => {
    let clock = 0;
    const { fn, calls } = failing(http(503), http(503), http(503), http(503));
    const sleep = async (ms: number) => void (clock += ms);
    await expect(
      withRetry(fn, {
        sleep,
        now: () => clock,
        random: () => 1,
        baseDelayMs: 400,
        maxElapsedMs: 1000,
        attempts: 10,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    // waits 400 (t=400), 800 would end at 1200 > 1000: stops after the second attempt.
    expect(calls()).toBe(2);
    expect(clock).toBe(400);
  });

  it('stops when aborted, before an attempt or while waiting', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(withRetry(failing().fn, { signal: controller.signal })).rejects.toThrow('stop');

    const during = new AbortController();
    const { fn, calls } = failing(http(503), http(503));
    const pending = withRetry(fn, {
      signal: during.signal,
      baseDelayMs: 60_000,
      random: () => 1,
      maxElapsedMs: Infinity,
    });
    await new Promise((r) => setTimeout(r, 20));
    during.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
    expect(calls()).toBe(1);
  });

  it('tells onRetry about each retry', async () => {
    const seen: [number, number][] = [];
    await withRetry(failing(http(502), http(502)).fn, {
      sleep: async () => {},
      random: () => 0,
      onRetry: ({ attempt, delayMs }) => seen.push([attempt, delayMs]),
    });
    expect(seen).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T08:30:00.000Z');
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Sat, 21 Nov 2026 08:30:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 08:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('error predicates', () => {
  it('tell the spec’s statuses apart', () => {
    const scope = http(403, 'insufficient_scope');
    const forbidden = http(403, 'forbidden');
    expect(isMissingScope(scope)).toBe(true);
    expect(isForbidden(scope)).toBe(false);
    expect(isForbidden(forbidden)).toBe(true);
    expect(isMissingScope(forbidden)).toBe(false);
    expect(isUnauthenticated(http(401, 'unauthenticated'))).toBe(true);
    expect(isPreconditionRequired(http(428, 'precondition_required'))).toBe(true);
    expect(isStaleRevision(http(409, 'revision_mismatch'))).toBe(true);
    expect(isStaleRevision(http(409, 'idempotency_key_in_use'))).toBe(false);
    expect(isStaleRevision(new Error('409'))).toBe(false);
  });
  it('read any 409 of a content PUT as a stale revision, whatever its code', () => {
    const put = new ApiError({
      kind: 'http',
      status: 409,
      code: 'http_409',
      message: '',
      request: 'PUT /pages/abc/content',
    });
    const other = new ApiError({
      kind: 'http',
      status: 409,
      code: 'http_409',
      message: '',
      request: 'PATCH /folders/abc',
    });
    expect(isStaleRevision(put)).toBe(true);
    expect(isStaleRevision(other)).toBe(false);
  });
  it('serialise to plain data for storage', () => {
    expect(JSON.parse(JSON.stringify(http(429, 'rate_limited', 1000)))).toEqual({
      kind: 'http',
      status: 429,
      code: 'rate_limited',
      message: '429',
      retryable: true,
      retryAfterMs: 1000,
    });
  });
});

describe('paginate', () => {
  it('fetches lazily and stops when the consumer stops', async () => {
    const cursors: (string | null)[] = [];
    const items = paginate<number>(async (cursor) => {
      cursors.push(cursor);
      const n = cursor === null ? 0 : Number(cursor);
      return { data: [n, n + 1], nextCursor: String(n + 2) };
    });
    const taken: number[] = [];
    for await (const item of items) {
      taken.push(item);
      if (taken.length === 3) break;
    }
    expect(taken).toEqual([0, 1, 2]);
    expect(cursors).toEqual([null, '2']);
  });
  it('ends on a null cursor', async () => {
    const pages = [
      { data: ['a'], nextCursor: 'x' },
      { data: [], nextCursor: 'y' },
      { data: ['b'], nextCursor: null },
    ];
    expect(await collect(paginate(async () => pages.shift()!))).toEqual(['a', 'b']);
  });
});

describe('abort signals', () => {
  it('the fallback for AbortSignal.any forwards the first abort and its reason', () => {
    const a = new AbortController();
    const b = new AbortController();
    const { signal, dispose } = anySignalFallback([a.signal, b.signal]);
    expect(signal.aborted).toBe(false);
    b.abort('second');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('second');
    dispose();
    const pre = anySignalFallback([AbortSignal.abort('early')]);
    expect(pre.signal.reason).toBe('early');
  });
  it('a request signal knows whether its own timeout fired', async () => {
    const caller = new AbortController();
    const mine = requestSignal(10, caller.signal);
    await new Promise((r) => setTimeout(r, 30));
    expect(mine.signal.aborted).toBe(true);
    expect(mine.timedOut()).toBe(true);
    mine.dispose();
    const theirs = requestSignal(60_000, caller.signal);
    caller.abort();
    expect(theirs.signal.aborted).toBe(true);
    expect(theirs.timedOut()).toBe(false);
    theirs.dispose();
  });
});

describe('filenameOf', () => {
  const named = (value: string) => filenameOf(new Headers({ 'content-disposition': value }));
  it('prefers the UTF-8 form and unquotes the plain one', () => {
    expect(named(`attachment; filename="Caf_.md"; filename*=UTF-8''Caf%C3%A9.md`)).toBe('Café.md');
    expect(named('attachment; filename="a \\"quoted\\" name.md"')).toBe('a "quoted" name.md');
    expect(named('attachment; filename=plain.md')).toBe('plain.md');
  });
  it('is null without a name', () => {
    expect(filenameOf(new Headers())).toBeNull();
    expect(named('inline')).toBeNull();
  });
});
