import { withPageclipId } from '../clip-markdown';
import { WriteRequestSchema, type WriteRequest } from '../write-request';
import type { OutboxEntry, OutboxError } from './entry';
import { indexOrThrow, mapEntries, replaceAt, type Mutation } from './journal';
import { postponeLateCheck } from './late-check-state';
import { isDue, isLateCheckDue, nearsReplayWindow } from './schedule';
import {
  createEntry,
  flagReplayWindow,
  markPreviousConnection,
  postpone,
  recoverStale,
  retarget,
  userRetry,
} from './state';

/**
 * The outbox's changes to its whole list of entries, as pure functions of the entries and the
 * time (outbox.ts runs each inside one journal mutation): each returns the new list only when
 * something changed, and what the caller reports. The changes to one entry are in state.ts.
 */

/** A create carries its clipId as `pageclip_id`, so an uncertain create can be found again. */
export function normalizeWrite(write: WriteRequest): WriteRequest {
  const parsed = WriteRequestSchema.parse(write);
  return parsed.kind === 'create-page'
    ? { ...parsed, markdown: withPageclipId(parsed.markdown, parsed.clipId) }
    : parsed;
}

/** The write as a new entry; the existing one when its clipId is already queued (one click, one write). */
export function enqueued(
  entries: OutboxEntry[],
  write: WriteRequest,
  label: string,
  now: number,
): Mutation<OutboxEntry> {
  const existing = entries.find((e) => e.id === write.clipId);
  if (existing) return { value: existing };
  const created = createEntry(write, label, now);
  return { next: [...entries, created], value: created };
}

/** Entries waiting out a backoff are due now. */
export function dueNow(entries: OutboxEntry[], now: number): Mutation<number> {
  return mapEntries(entries, (e) => madeDue(e, now));
}

function madeDue(entry: OutboxEntry, now: number): OutboxEntry {
  return entry.status === 'queued' && (entry.nextAttemptAt ?? 0) > now
    ? { ...entry, nextAttemptAt: now, updatedAt: now }
    : entry;
}

/**
 * After a new connection: waiting entries are due now, and failed ones it may fix are marked
 * for the user (`markPreviousConnection`). The value is how many were marked.
 */
export function afterNewConnection(entries: OutboxEntry[], now: number): Mutation<number> {
  let marked = 0;
  const { next } = mapEntries(entries, (e) => {
    if (e.status === 'queued') return madeDue(e, now);
    const after = markPreviousConnection(e, now);
    if (after !== e) marked += 1;
    return after;
  });
  return next ? { next, value: marked } : { value: marked };
}

export function retriedOne(entries: OutboxEntry[], id: string, now: number): Mutation<undefined> {
  const i = indexOrThrow(entries, id);
  return { next: replaceAt(entries, i, userRetry(entries[i]!, now)), value: undefined };
}

export function retriedFailed(
  entries: OutboxEntry[],
  filter: (entry: OutboxEntry) => boolean,
  now: number,
): Mutation<number> {
  return mapEntries(entries, (e) => (e.status === 'failed' && filter(e) ? userRetry(e, now) : e));
}

export function discarded(entries: OutboxEntry[], id: string): Mutation<undefined> {
  const next = entries.filter((e) => e.id !== id);
  return next.length === entries.length ? { value: undefined } : { next, value: undefined };
}

/** Removed only if certain never to have reached the service: waiting, no uncertain attempt. */
export function discardedIfUnsent(entries: OutboxEntry[], id: string): Mutation<boolean> {
  const entry = entries.find((e) => e.id === id);
  if (!entry || entry.status !== 'queued' || entry.outcomeUnknown) return { value: false };
  return { next: entries.filter((e) => e !== entry), value: true };
}

export function retargeted(
  entries: OutboxEntry[],
  id: string,
  write: WriteRequest,
  label: string | undefined,
  now: number,
): Mutation<undefined> {
  const i = indexOrThrow(entries, id);
  const entry = entries[i]!;
  const next = retarget(entry, write, label ?? entry.label, now);
  return { next: replaceAt(entries, i, next), value: undefined };
}

/**
 * Entries `sending` that `inFlight` does not hold were left by a stopped worker and are taken
 * over; due keyed writes near the replay window are flagged for the user.
 */
export function recovered(
  entries: OutboxEntry[],
  now: number,
  inFlight: ReadonlySet<string>,
  replayWarnAfterMs: number,
): Mutation<number> {
  return mapEntries(entries, (e) => {
    if (e.status === 'sending' && !inFlight.has(e.id)) return recoverStale(e, now);
    if (isDue(e, now) && nearsReplayWindow(e, now, replayWarnAfterMs))
      return flagReplayWindow(e, now);
    return e;
  });
}

/**
 * Not connected: every due entry waits until `until`, saying why, and so does every due late
 * check (else the outbox would wake for it again at once).
 */
export function postponedUntil(
  entries: OutboxEntry[],
  now: number,
  until: number,
): Mutation<number> {
  return mapEntries(entries, (e) => {
    if (isDue(e, now)) return postpone(e, NOT_CONNECTED, until, now);
    if (isLateCheckDue(e, now)) return postponeLateCheck(e, until, now);
    return e;
  });
}

const NOT_CONNECTED: OutboxError = {
  status: null,
  code: 'not_connected',
  message: 'Pageclip is not connected to the service; this will be sent once it is.',
  retryable: true,
};
