import type { WriteRequest } from '../write-request';
import type { OutboxEntry, OutboxError, OutboxLease, OutboxResult } from './entry';
import { mayLeaveLateCopy, refusedCredentials } from './schedule';

/**
 * The entry state machine, as pure functions (no storage, no clock of their own):
 *
 *   queued ──claim──▶ sending ──succeed──▶ saved
 *     ▲                  │ ├──fail (not retryable)──▶ failed ──userRetry / retarget──▶ queued
 *     └──retryLater──────┘ └──lease expired (worker stopped): recoverStale, outcome unknown
 *   queued ──(keyed write unconfirmed near the 24 h replay window)──▶ failed + replayWindowWarning
 *   failed (refused credentials) ──new connection──▶ failed + previousConnection
 *
 *   saved + lateCheckAt (succeed, when `mayLeaveLateCopy`) ──lateCheckRan──▶ saved
 *     (the late-check transitions are in late-check-state.ts)
 *     ├──lateCheckFailed (retryable, tries left)──▶ saved + lateCheckAt later, with backoff
 *     ├──lateCheckFailed (not retryable, or the last try)──▶ saved, check given up (reported)
 *     └──postponeLateCheck (not connected)──▶ saved + lateCheckAt later, no try counted
 *
 * Two kinds of unsaved entry, never confused: *waiting* (`queued` or `sending`) is retried
 * automatically, on its timer, the alarm, `online` and a new connection; *failed* needs the
 * user, and only `userRetry` or `retarget` (the user's click) ever queues it again.
 *
 * A saved entry stays `saved` whatever its late check does: the clip is saved; the check only
 * removes a copy an abandoned request may have made after that.
 *
 * Every function returns a new entry and throws `OutboxTransitionError` on a transition the
 * machine does not have, so a bug cannot silently move an entry somewhere it must not go.
 */
export class OutboxTransitionError extends Error {
  constructor(entry: OutboxEntry, transition: string) {
    super(`outbox entry ${entry.id}: cannot ${transition} from ${entry.status}`);
    this.name = 'OutboxTransitionError';
  }
}

export const REPLAY_WINDOW_CODE = 'replay_window_expiring';

export function createEntry(write: WriteRequest, label: string, now: number): OutboxEntry {
  return {
    id: write.clipId,
    write,
    status: 'queued',
    attempts: 0,
    backoffStep: 0,
    createdAt: now,
    updatedAt: now,
    nextAttemptAt: now,
    firstAttemptAt: null,
    lastAttemptAt: null,
    outcomeUnknown: false,
    uncertainSince: null,
    lease: null,
    targetPageId: null,
    replayWindowWarning: false,
    previousConnection: false,
    lastError: null,
    result: null,
    lateCheckAt: null,
    lateCheckTries: 0,
    label,
  };
}

export function claim(entry: OutboxEntry, now: number, lease: OutboxLease): OutboxEntry {
  if (entry.status !== 'queued') throw new OutboxTransitionError(entry, 'claim');
  return {
    ...entry,
    status: 'sending',
    attempts: entry.attempts + 1,
    firstAttemptAt: entry.firstAttemptAt ?? now,
    lastAttemptAt: now,
    nextAttemptAt: null,
    lease,
    updatedAt: now,
  };
}

/** Records the page an Inbox write resolved to, before the append is sent. */
export function withTarget(entry: OutboxEntry, pageId: string, now: number): OutboxEntry {
  if (entry.status !== 'sending') throw new OutboxTransitionError(entry, 'set the target');
  return { ...entry, targetPageId: pageId, updatedAt: now };
}

/**
 * Records which highlights an append sends (the page's new ones only) before it is sent, so a
 * retry sends the same request under the same Idempotency-Key.
 */
export function withFixedHighlights(
  entry: OutboxEntry,
  content: string,
  counts: { added: number; already: number },
  now: number,
): OutboxEntry {
  if (entry.status !== 'sending' || entry.write.kind !== 'add-to-page') {
    throw new OutboxTransitionError(entry, 'fix the highlights');
  }
  // Nothing new: the content stays as it was (the schema needs some); nothing is sent.
  const fixed = {
    ...entry.write,
    highlights: undefined,
    content: content || entry.write.content,
    highlightCounts: counts,
  };
  return { ...entry, write: fixed, updatedAt: now };
}

/**
 * Saved. A write that may have left a copy to appear later (`mayLeaveLateCopy`) is checked
 * again `lateCopyWindowMs` after its last attempt, the latest any abandoned request was sent.
 */
export function succeed(
  entry: OutboxEntry,
  result: OutboxResult,
  now: number,
  opts: { lateCopyWindowMs: number },
): OutboxEntry {
  if (entry.status !== 'sending') throw new OutboxTransitionError(entry, 'succeed');
  return {
    ...entry,
    status: 'saved',
    lease: null,
    nextAttemptAt: null,
    result,
    lastError: null,
    replayWindowWarning: false,
    lateCheckAt: mayLeaveLateCopy(entry)
      ? (entry.lastAttemptAt ?? now) + opts.lateCopyWindowMs
      : null,
    lateCheckTries: 0,
    updatedAt: now,
  };
}

/** The attempt failed in a way a later attempt can fix: back to `queued` with a delay. */
export function retryLater(
  entry: OutboxEntry,
  error: OutboxError,
  opts: { uncertain: boolean; now: number; delayMs: number },
): OutboxEntry {
  if (entry.status !== 'sending') throw new OutboxTransitionError(entry, 'retry later');
  return {
    ...markUncertain(entry, opts.uncertain),
    status: 'queued',
    lease: null,
    backoffStep: entry.backoffStep + 1,
    nextAttemptAt: opts.now + opts.delayMs,
    lastError: error,
    updatedAt: opts.now,
  };
}

/** No connection configured: wait without counting an attempt. */
export function postpone(
  entry: OutboxEntry,
  error: OutboxError,
  until: number,
  now: number,
): OutboxEntry {
  if (entry.status !== 'queued') throw new OutboxTransitionError(entry, 'postpone');
  return { ...entry, nextAttemptAt: until, lastError: error, updatedAt: now };
}

/** Retrying cannot fix this one (403, 404, 422, a revoked token…): keep it for the user. */
export function fail(
  entry: OutboxEntry,
  error: OutboxError,
  opts: { uncertain: boolean; now: number },
): OutboxEntry {
  if (entry.status !== 'sending') throw new OutboxTransitionError(entry, 'fail');
  return {
    ...markUncertain(entry, opts.uncertain),
    status: 'failed',
    lease: null,
    nextAttemptAt: null,
    lastError: error,
    previousConnection: false,
    updatedAt: opts.now,
  };
}

/**
 * The connection was replaced (a new token, a sign-in): a failure of the old one's credentials
 * may now be fixable, which the user is told. The entry stays `failed`: it is the user's clip
 * and may have been clipped again meanwhile, so only the user sends it again.
 */
export function markPreviousConnection(entry: OutboxEntry, now: number): OutboxEntry {
  if (entry.status !== 'failed' || entry.previousConnection) return entry;
  if (!refusedCredentials(entry.lastError)) return entry;
  return { ...entry, previousConnection: true, updatedAt: now };
}

/**
 * The worker that held this entry stopped mid-request (its lease expired): the request may or
 * may not have reached the service, so the next attempt must treat the outcome as unknown.
 */
export function recoverStale(entry: OutboxEntry, now: number): OutboxEntry {
  if (entry.status !== 'sending') throw new OutboxTransitionError(entry, 'recover');
  return {
    ...entry,
    outcomeUnknown: true,
    uncertainSince: entry.uncertainSince ?? entry.lastAttemptAt ?? now,
    status: 'queued',
    lease: null,
    nextAttemptAt: now,
    lastError: {
      status: null,
      code: 'interrupted',
      message: 'The extension stopped while this was being sent; checking before sending again.',
      retryable: true,
    },
    updatedAt: now,
  };
}

/** Stops a keyed write before a retry could duplicate it; the user decides (retry or discard). */
export function flagReplayWindow(entry: OutboxEntry, now: number): OutboxEntry {
  if (entry.status !== 'queued') throw new OutboxTransitionError(entry, 'flag the replay window');
  return {
    ...entry,
    status: 'failed',
    replayWindowWarning: true,
    nextAttemptAt: null,
    lastError: {
      status: null,
      code: REPLAY_WINDOW_CODE,
      message:
        'Not confirmed for almost 24 hours; the service may already have it, and after 24 hours ' +
        'a retry could add it twice. Check the page, then retry or discard.',
      retryable: false,
    },
    updatedAt: now,
  };
}

/**
 * The user asked to try again. After a replay-window warning this is the user's decision that
 * a possible duplicate is acceptable, so the window starts afresh.
 */
export function userRetry(entry: OutboxEntry, now: number): OutboxEntry {
  if (entry.status !== 'failed' && entry.status !== 'queued') {
    throw new OutboxTransitionError(entry, 'retry');
  }
  return {
    ...entry,
    status: 'queued',
    backoffStep: 0,
    nextAttemptAt: now,
    replayWindowWarning: false,
    previousConnection: false,
    uncertainSince: entry.replayWindowWarning ? null : entry.uncertainSince,
    updatedAt: now,
  };
}

/** "Edit destination": same clip (same clipId), another page or folder; queued again. */
export function retarget(
  entry: OutboxEntry,
  write: WriteRequest,
  label: string,
  now: number,
): OutboxEntry {
  if (entry.status !== 'failed' && entry.status !== 'queued') {
    throw new OutboxTransitionError(entry, 'retarget');
  }
  if (write.clipId !== entry.id) {
    throw new Error(`retarget: the write's clipId ${write.clipId} is not entry ${entry.id}`);
  }
  return {
    ...entry,
    write,
    label,
    status: 'queued',
    backoffStep: 0,
    nextAttemptAt: now,
    targetPageId: null,
    // A possible earlier application went to the old destination; the new one starts clean,
    // except that a create is still looked up first (cheap, and never wrong).
    uncertainSince: null,
    replayWindowWarning: false,
    previousConnection: false,
    lastError: null,
    updatedAt: now,
  };
}

function markUncertain(entry: OutboxEntry, uncertain: boolean): OutboxEntry {
  if (!uncertain) return entry;
  return {
    ...entry,
    outcomeUnknown: true,
    uncertainSince: entry.uncertainSince ?? entry.lastAttemptAt,
  };
}
