import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { backoffDelay } from '../../lib/outbox/backoff';
import { classifyError } from '../../lib/outbox/classify-error';
import type { OutboxEntry } from '../../lib/outbox/entry';
import { HOUR_MS } from '../../lib/outbox/policy';
import {
  claim,
  createEntry,
  fail,
  flagReplayWindow,
  OutboxTransitionError,
  recoverStale,
  REPLAY_WINDOW_CODE,
  retarget,
  retryLater,
  succeed,
  userRetry,
  withTarget,
} from '../../lib/outbox/state';
import {
  hasLateCheck,
  isLateCheckDue,
  isStale,
  mayLeaveLateCopy,
  nearsReplayWindow,
  nextWakeAt,
  pickDeliverable,
} from '../../lib/outbox/schedule';
import {
  lateCheckFailed,
  lateCheckRan,
  postponeLateCheck,
} from '../../lib/outbox/late-check-state';
import { parseStoredOutbox } from '../../lib/outbox/store';
import type { WriteRequest } from '../../lib/write-request';

const PAGE_A = '11111111-1111-4111-8111-111111111111';
const PAGE_B = '22222222-2222-4222-8222-222222222222';
const T0 = 1_800_000_000_000;
const lease = (until: number, token = 'tok') => ({ token, until });
const err = (code: string) => ({ status: 503, code, message: code, retryable: true });
const WINDOW = { lateCopyWindowMs: 120_000 };

function append(pageId = PAGE_A, clipId: string = crypto.randomUUID()): WriteRequest {
  return { kind: 'add-to-page', clipId, pageId, operation: 'append', content: `note ${clipId}` };
}
function create(clipId: string = crypto.randomUUID()): WriteRequest {
  return { kind: 'create-page', clipId, title: 'T', markdown: 'body', parentId: null };
}
function inbox(clipId: string = crypto.randomUUID()): WriteRequest {
  return {
    kind: 'add-to-titled-page',
    clipId,
    title: 'Inbox',
    parentId: null,
    operation: 'append',
    content: 'n',
  };
}

describe('entry state machine', () => {
  it('goes queued → sending → saved', () => {
    const q = createEntry(append(), 'Page', T0);
    expect(q).toMatchObject({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: T0,
      id: q.write.clipId,
    });
    const s = claim(q, T0 + 1, lease(T0 + 100));
    expect(s).toMatchObject({ status: 'sending', attempts: 1, firstAttemptAt: T0 + 1 });
    const done = succeed(s, { pageId: PAGE_A, etag: '"e1"' }, T0 + 2, WINDOW);
    expect(done).toMatchObject({ status: 'saved', lease: null, result: { pageId: PAGE_A } });
  });

  it('goes sending → queued with a delay on a retryable failure, remembering an unknown outcome', () => {
    const s = claim(createEntry(append(), 'P', T0), T0, lease(T0 + 100));
    const q = retryLater(s, err('http_503'), { uncertain: true, now: T0 + 5, delayMs: 2000 });
    expect(q).toMatchObject({
      status: 'queued',
      nextAttemptAt: T0 + 2005,
      backoffStep: 1,
      outcomeUnknown: true,
      uncertainSince: T0,
      lease: null,
    });
    // A later certain failure does not forget the earlier uncertainty.
    const s2 = claim(q, T0 + 3000, lease(T0 + 4000));
    const q2 = retryLater(s2, err('rate_limited'), {
      uncertain: false,
      now: T0 + 3001,
      delayMs: 1,
    });
    expect(q2).toMatchObject({ outcomeUnknown: true, uncertainSince: T0, backoffStep: 2 });
  });

  it('goes sending → failed and keeps the reason; the user can retry or retarget', () => {
    const s = claim(createEntry(append(), 'P', T0), T0, lease(T0 + 100));
    const reason = { status: 404, code: 'not_found', message: 'no such page', retryable: false };
    const f = fail(s, reason, { uncertain: false, now: T0 + 1 });
    expect(f).toMatchObject({ status: 'failed', lastError: reason, nextAttemptAt: null });
    expect(userRetry(f, T0 + 10)).toMatchObject({ status: 'queued', nextAttemptAt: T0 + 10 });
    const moved = retarget(
      f,
      { ...(f.write as object), pageId: PAGE_B } as WriteRequest,
      'B',
      T0 + 11,
    );
    expect(moved).toMatchObject({ status: 'queued', label: 'B', write: { pageId: PAGE_B } });
  });

  it('refuses transitions the machine does not have', () => {
    const q = createEntry(append(), 'P', T0);
    expect(() => succeed(q, { pageId: PAGE_A }, T0, WINDOW)).toThrow(OutboxTransitionError);
    expect(() => fail(q, err('x'), { uncertain: false, now: T0 })).toThrow(OutboxTransitionError);
    const s = claim(q, T0, lease(T0 + 1));
    expect(() => claim(s, T0, lease(T0 + 1))).toThrow(OutboxTransitionError);
    expect(() => userRetry(s, T0)).toThrow(OutboxTransitionError);
    expect(() => retarget(s, s.write, 'x', T0)).toThrow(OutboxTransitionError);
    const saved = succeed(s, { pageId: PAGE_A }, T0, WINDOW);
    expect(() => userRetry(saved, T0)).toThrow(OutboxTransitionError);
    expect(() => recoverStale(saved, T0)).toThrow(OutboxTransitionError);
  });

  it('refuses a retarget that changes the clip id', () => {
    const q = createEntry(append(), 'P', T0);
    expect(() => retarget(q, append(PAGE_B), 'B', T0)).toThrow(/clipId/);
  });

  it('recovers an entry whose lease expired as "outcome unknown"', () => {
    const s = claim(createEntry(create(), 'P', T0), T0, lease(T0 + 100));
    expect(isStale(s, T0 + 99)).toBe(false);
    expect(isStale(s, T0 + 100)).toBe(true);
    const r = recoverStale(s, T0 + 100);
    expect(r).toMatchObject({
      status: 'queued',
      outcomeUnknown: true,
      uncertainSince: T0,
      lastError: { code: 'interrupted' },
    });
  });

  it('records an Inbox target only while sending, and then uses the key', () => {
    const q = createEntry(inbox(), 'Inbox', T0);
    expect(() => withTarget(q, PAGE_A, T0)).toThrow(OutboxTransitionError);
    const s = withTarget(claim(q, T0, lease(T0 + 1)), PAGE_A, T0);
    expect(s.targetPageId).toBe(PAGE_A);
  });
});

describe('replay window', () => {
  it('flags a keyed write whose first uncertain attempt is 23 h old, and only then', () => {
    const s = claim(createEntry(append(), 'P', T0), T0, lease(T0 + 100));
    const q = retryLater(s, err('network_error'), { uncertain: true, now: T0 + 1, delayMs: 1 });
    expect(nearsReplayWindow(q, T0 + 23 * HOUR_MS - 1, 23 * HOUR_MS)).toBe(false);
    expect(nearsReplayWindow(q, T0 + 23 * HOUR_MS, 23 * HOUR_MS)).toBe(true);
    const f = flagReplayWindow(q, T0 + 23 * HOUR_MS);
    expect(f).toMatchObject({
      status: 'failed',
      replayWindowWarning: true,
      lastError: { code: REPLAY_WINDOW_CODE, retryable: false },
    });
    // The user's retry is the decision: the window starts afresh.
    const again = userRetry(f, T0 + 24 * HOUR_MS);
    expect(again).toMatchObject({
      status: 'queued',
      replayWindowWarning: false,
      uncertainSince: null,
    });
    expect(nearsReplayWindow(again, T0 + 48 * HOUR_MS, 23 * HOUR_MS)).toBe(false);
  });

  it('never flags writes that were certainly not applied, nor creates (they are looked up)', () => {
    const s = claim(createEntry(append(), 'P', T0), T0, lease(T0 + 100));
    const q = retryLater(s, err('rate_limited'), { uncertain: false, now: T0, delayMs: 1 });
    expect(nearsReplayWindow(q, T0 + 30 * HOUR_MS, 23 * HOUR_MS)).toBe(false);
    const c = claim(createEntry(create(), 'P', T0), T0, lease(T0 + 100));
    const cq = retryLater(c, err('network_error'), { uncertain: true, now: T0, delayMs: 1 });
    expect(nearsReplayWindow(cq, T0 + 30 * HOUR_MS, 23 * HOUR_MS)).toBe(false);
  });
});

describe('ordering and scheduling', () => {
  const entries = (writes: WriteRequest[]): OutboxEntry[] =>
    writes.map((w, i) => createEntry(w, 'x', T0 + i));

  it('delivers only the first pending entry of each page', () => {
    const list = entries([
      append(PAGE_A),
      append(PAGE_A),
      append(PAGE_B),
      create(),
      inbox(),
      inbox(),
    ]);
    const picked = pickDeliverable(list, T0 + 10).map((e) => e.id);
    expect(picked).toEqual([list[0]!.id, list[2]!.id, list[3]!.id, list[4]!.id]);
  });

  it('holds a page back while its first entry is sending or waiting for its retry', () => {
    const list = entries([append(PAGE_A), append(PAGE_A)]);
    list[0] = claim(list[0]!, T0, lease(T0 + 100));
    expect(pickDeliverable(list, T0 + 10)).toEqual([]);
    list[0] = retryLater(list[0], err('x'), { uncertain: false, now: T0, delayMs: 500 });
    expect(pickDeliverable(list, T0 + 10)).toEqual([]);
    expect(pickDeliverable(list, T0 + 500).map((e) => e.id)).toEqual([list[0].id]);
    expect(nextWakeAt(list)).toBe(T0 + 500);
  });

  it('lets a failed entry stop blocking the page (it waits for the user)', () => {
    const list = entries([append(PAGE_A), append(PAGE_A)]);
    list[0] = fail(claim(list[0]!, T0, lease(T0 + 1)), err('x'), { uncertain: false, now: T0 });
    expect(pickDeliverable(list, T0 + 10).map((e) => e.id)).toEqual([list[1]!.id]);
  });

  it('wakes for an expired lease, and not at all when nothing is pending', () => {
    const list = entries([create()]);
    list[0] = claim(list[0]!, T0, lease(T0 + 90_000));
    expect(nextWakeAt(list)).toBe(T0 + 90_000);
    list[0] = succeed(list[0], { pageId: PAGE_A }, T0, WINDOW);
    expect(nextWakeAt(list)).toBeNull();
  });
});

describe('the late check of a saved create', () => {
  const timeout = { status: null, code: 'timeout', message: 'timed out', retryable: true };
  /** Saved on its second attempt (at T0 + 5000), the first one's outcome unknown or not. */
  function savedAfterRetry(write: WriteRequest, uncertain: boolean): OutboxEntry {
    const first = claim(createEntry(write, 'x', T0), T0, lease(T0 + 100));
    const queued = retryLater(first, timeout, { uncertain, now: T0 + 10, delayMs: 1000 });
    const second = claim(queued, T0 + 5000, lease(T0 + 6000));
    return succeed(second, { pageId: PAGE_A }, T0 + 5100, WINDOW);
  }

  it('is scheduled the window after the last attempt when a create’s outcome was unknown', () => {
    const saved = savedAfterRetry(create(), true);
    expect(saved).toMatchObject({ status: 'saved', lateCheckAt: T0 + 5000 + 120_000 });
    expect(hasLateCheck(saved)).toBe(true);
    expect(isLateCheckDue(saved, T0 + 125_000 - 1)).toBe(false);
    expect(isLateCheckDue(saved, T0 + 125_000)).toBe(true);
  });

  it('is scheduled for an Inbox note, whether or not it found an existing Inbox', () => {
    expect(savedAfterRetry(inbox(), true).lateCheckAt).toBe(T0 + 125_000);
    const first = claim(createEntry(inbox(), 'x', T0), T0, lease(T0 + 100));
    const queued = retryLater(first, timeout, { uncertain: true, now: T0 + 10, delayMs: 1 });
    const targeted = withTarget(claim(queued, T0 + 20, lease(T0 + 90)), PAGE_B, T0 + 21);
    expect(succeed(targeted, { pageId: PAGE_B }, T0 + 30, WINDOW).lateCheckAt).toBe(
      T0 + 20 + 120_000,
    );
  });

  it('is not scheduled when no request can have been applied unseen, nor for keyed writes', () => {
    const kept: WriteRequest = { ...create(), keepImages: true } as WriteRequest;
    for (const write of [create(), inbox(), kept]) {
      const saved = savedAfterRetry(write, false);
      expect(saved.lateCheckAt).toBeNull();
      expect(mayLeaveLateCopy(saved)).toBe(false);
    }
    expect(savedAfterRetry(append(), true).lateCheckAt).toBeNull();
  });

  it('is scheduled for a new page with kept images too (the import takes no key either)', () => {
    const kept: WriteRequest = { ...create(), keepImages: true } as WriteRequest;
    expect(savedAfterRetry(kept, true).lateCheckAt).toBe(T0 + 125_000);
  });

  it('clears when it ran, and wakes the outbox until then', () => {
    const saved = savedAfterRetry(create(), true);
    expect(nextWakeAt([saved])).toBe(T0 + 125_000);
    const done = lateCheckRan(saved, T0 + 125_010);
    expect(done).toMatchObject({ status: 'saved', lateCheckAt: null, lateCheckTries: 0 });
    expect(hasLateCheck(done)).toBe(false);
    expect(nextWakeAt([done])).toBeNull();
  });

  it('wakes for the earliest of a late check and a page’s next attempt', () => {
    const saved = savedAfterRetry(create(), true);
    const waiting = createEntry(append(), 'x', T0 + 200_000);
    expect(nextWakeAt([saved, waiting])).toBe(T0 + 125_000);
    expect(nextWakeAt([lateCheckRan(saved, T0 + 125_000), waiting])).toBe(T0 + 200_000);
  });

  it('is tried again later after a retryable failure, and given up at its bound', () => {
    let entry = savedAfterRetry(create(), true);
    const failAt = (e: OutboxEntry, now: number) =>
      lateCheckFailed(e, { retry: true, now, delayMs: 1000, maxTries: 3 });
    entry = failAt(entry, T0 + 200_000);
    expect(entry).toMatchObject({ lateCheckAt: T0 + 201_000, lateCheckTries: 1 });
    entry = failAt(entry, T0 + 201_000);
    expect(entry).toMatchObject({ lateCheckAt: T0 + 202_000, lateCheckTries: 2 });
    entry = failAt(entry, T0 + 202_000);
    expect(entry).toMatchObject({ status: 'saved', lateCheckAt: null, lateCheckTries: 3 });
  });

  it('is given up at once after a failure a retry cannot fix', () => {
    const saved = savedAfterRetry(create(), true);
    const after = lateCheckFailed(saved, { retry: false, now: T0, delayMs: 1000, maxTries: 10 });
    expect(after).toMatchObject({ lateCheckAt: null, lateCheckTries: 1 });
  });

  it('waits without counting a try while not connected', () => {
    const saved = savedAfterRetry(create(), true);
    const later = postponeLateCheck(saved, T0 + 500_000, T0 + 130_000);
    expect(later).toMatchObject({ lateCheckAt: T0 + 500_000, lateCheckTries: 0 });
  });

  it('refuses late-check transitions without a pending check', () => {
    const queued = createEntry(create(), 'x', T0);
    const certain = savedAfterRetry(create(), false);
    for (const e of [queued, certain, lateCheckRan(savedAfterRetry(create(), true), T0)]) {
      expect(() => lateCheckRan(e, T0)).toThrow(OutboxTransitionError);
      expect(() => lateCheckFailed(e, { retry: true, now: T0, delayMs: 1, maxTries: 2 })).toThrow(
        OutboxTransitionError,
      );
      expect(() => postponeLateCheck(e, T0 + 1, T0)).toThrow(OutboxTransitionError);
    }
  });

  it('reads an entry stored by an older version, without the fields, as having no check', () => {
    const saved = savedAfterRetry(create(), true);
    const { lateCheckAt: _at, lateCheckTries: _tries, ...older } = saved;
    const parsed = parseStoredOutbox({ entries: [older], quarantined: [] });
    expect(parsed.quarantined).toEqual([]);
    expect(parsed.entries).toEqual([{ ...saved, lateCheckAt: null, lateCheckTries: 0 }]);
  });
});

describe('backoff', () => {
  it('grows exponentially with jitter up to the cap', () => {
    const opts = { baseMs: 1000, maxMs: 60_000 };
    expect(backoffDelay(0, { ...opts, random: () => 0 })).toBe(500);
    expect(backoffDelay(0, { ...opts, random: () => 1 })).toBe(1000);
    expect(backoffDelay(3, { ...opts, random: () => 1 })).toBe(8000);
    expect(backoffDelay(40, { ...opts, random: () => 1 })).toBe(60_000);
    expect(backoffDelay(40, { ...opts, random: () => 0 })).toBe(30_000);
  });

  it('never retries sooner than Retry-After', () => {
    const d = backoffDelay(0, { baseMs: 1000, maxMs: 60_000, random: () => 0, retryAfterMs: 7000 });
    expect(d).toBe(7000);
  });
});

describe('classifyError', () => {
  const http = (status: number, code = `http_${status}`, retryAfterMs: number | null = null) =>
    new ApiError({ kind: 'http', status, code, message: code, retryAfterMs });

  it('retries what a later attempt can fix, and says when the outcome is unknown', () => {
    const network = new ApiError({
      kind: 'network',
      status: null,
      code: 'network_error',
      message: 'x',
    });
    const timeout = new ApiError({ kind: 'timeout', status: null, code: 'timeout', message: 'x' });
    expect(classifyError(network)).toMatchObject({ retry: true, uncertain: true });
    expect(classifyError(timeout)).toMatchObject({ retry: true, uncertain: true });
    expect(classifyError(http(503))).toMatchObject({ retry: true, uncertain: true });
    expect(classifyError(http(408))).toMatchObject({ retry: true, uncertain: true });
    expect(classifyError(http(429, 'rate_limited', 3000))).toMatchObject({
      retry: true,
      uncertain: false,
      retryAfterMs: 3000,
    });
    expect(classifyError(http(409, 'idempotency_key_in_use'))).toMatchObject({ retry: true });
  });

  it('keeps for the user what retrying cannot fix', () => {
    for (const [status, code] of [
      [400, 'invalid_request'],
      [401, 'unauthenticated'],
      [403, 'insufficient_scope'],
      [404, 'not_found'],
      [409, 'conflict'],
      [413, 'payload_too_large'],
      [415, 'unsupported_media_type'],
      [422, 'idempotency_key_reused'],
    ] as const) {
      const verdict = classifyError(http(status, code));
      expect(verdict, `${status} ${code}`).toMatchObject({
        retry: false,
        error: { status, code, retryable: false },
      });
    }
  });

  it('retries (never drops) an error it cannot name', () => {
    expect(classifyError(new TypeError('boom'))).toMatchObject({
      retry: true,
      error: { code: 'unexpected', message: 'boom' },
    });
  });
});
