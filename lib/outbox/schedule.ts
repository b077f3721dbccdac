import type { OutboxEntry } from './entry';

/**
 * Questions asked of outbox entries, as pure functions: how far delivery has got (what the UI
 * tells), which entries may be sent now and in what order (one at a time per page), when the
 * outbox must wake next, which writes the service's Idempotency-Key makes safe to repeat, and
 * which saved ones must be checked for a copy a late request made.
 * The transitions that answer them are in state.ts.
 */

/**
 * How far delivery has got, as the UI tells it: `new` before any answer, `waiting` once an
 * attempt failed (or could not start) and another will follow by itself, `failed` when only the
 * user can move it on.
 */
export type DeliveryPhase = 'new' | 'sending' | 'waiting' | 'saved' | 'failed';

export function deliveryPhase(entry: OutboxEntry): DeliveryPhase {
  if (entry.status === 'queued') return entry.lastError === null ? 'new' : 'waiting';
  return entry.status;
}

/** The first attempt has had its answer: saved, failed, or waiting to be retried (offline). */
export function hasAnswer(entry: OutboxEntry): boolean {
  const phase = deliveryPhase(entry);
  return phase === 'saved' || phase === 'failed' || phase === 'waiting';
}

/** A refusal of the token itself (401) or of its scopes (403 `insufficient_scope`): another connection may fix it. */
export function refusedCredentials(error: { status: number | null; code: string } | null): boolean {
  return error !== null && (error.status === 401 || error.code === 'insufficient_scope');
}

/** Writes whose repetition is made safe by the service's Idempotency-Key (appends, prepends). */
export function usesIdempotencyKey(entry: OutboxEntry): boolean {
  return (
    entry.write.kind === 'add-to-page' ||
    entry.write.kind === 'edit-page' ||
    (entry.write.kind === 'add-to-titled-page' && entry.targetPageId !== null)
  );
}

/**
 * Entries with the same key are delivered one at a time in enqueue order ("in order per page").
 * A titled page (the Inbox) is keyed by folder and title until it has been resolved.
 */
export function orderKey(entry: OutboxEntry): string {
  const w = entry.write;
  switch (w.kind) {
    case 'create-page':
      return `create:${w.clipId}`;
    case 'add-to-page':
    case 'edit-page':
    case 'trash-page':
    case 'highlight-page':
    case 'update-page':
      return `page:${w.pageId}`;
    case 'add-to-titled-page':
      return `titled:${w.parentId ?? 'root'}:${w.title}`;
  }
}

export function isPending(entry: OutboxEntry): boolean {
  return entry.status === 'queued' || entry.status === 'sending';
}

export function isDue(entry: OutboxEntry, now: number): boolean {
  return entry.status === 'queued' && (entry.nextAttemptAt ?? 0) <= now;
}

export function isStale(entry: OutboxEntry, now: number): boolean {
  return entry.status === 'sending' && (entry.lease === null || entry.lease.until <= now);
}

/**
 * The entries that may be sent now: for each order key, its first pending entry, if that one is
 * queued and due. An entry still `sending` holds back everything behind it on the same page.
 * `failed` entries wait for the user and do not block the page.
 */
export function pickDeliverable(entries: readonly OutboxEntry[], now: number): OutboxEntry[] {
  return firstPendingPerKey(entries).filter((entry) => isDue(entry, now));
}

/** Each order key's first pending entry: the only one of its page that may go next. */
function firstPendingPerKey(entries: readonly OutboxEntry[]): OutboxEntry[] {
  const seen = new Set<string>();
  const out: OutboxEntry[] = [];
  for (const entry of entries) {
    if (!isPending(entry)) continue;
    const key = orderKey(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
  }
  return out;
}

/**
 * The earliest time something needs the outbox's attention again, or null when nothing does:
 * the next attempt of a page's first queued entry, the lease expiry of one being sent, or a
 * saved entry's late check. Entries waiting behind another on the same page do not count (they
 * cannot go first).
 */
export function nextWakeAt(entries: readonly OutboxEntry[]): number | null {
  let at: number | null = null;
  const consider = (t: number): void => {
    if (at === null || t < at) at = t;
  };
  for (const entry of firstPendingPerKey(entries)) {
    consider(entry.status === 'queued' ? (entry.nextAttemptAt ?? 0) : (entry.lease?.until ?? 0));
  }
  for (const entry of entries) {
    if (hasLateCheck(entry)) consider(entry.lateCheckAt);
  }
  return at;
}

/**
 * Whether a request of this write that the client gave up on could still create a page once the
 * entry is saved: some attempt's outcome was unknown, and the write creates pages with
 * `POST /pages`, which has no idempotency key (a new page, or an Inbox that was not found;
 * an Inbox write is checked even when a later attempt found an existing Inbox, since an earlier
 * one may have created it). A new page with kept images goes through the vault import instead
 * (deliver-import.ts), which takes no key either: its late copy lands at the top level under
 * the note's file name, where the check looks too (late-copies.ts).
 */
export function mayLeaveLateCopy(entry: OutboxEntry): boolean {
  if (!entry.outcomeUnknown) return false;
  const kind = entry.write.kind;
  return kind === 'create-page' || kind === 'add-to-titled-page';
}

/** A saved entry whose late check has yet to run (see `mayLeaveLateCopy`). */
export function hasLateCheck(
  entry: OutboxEntry,
): entry is OutboxEntry & { status: 'saved'; lateCheckAt: number } {
  return entry.status === 'saved' && entry.lateCheckAt !== null;
}

/** The late check is due by `at`. */
export function isLateCheckDue(entry: OutboxEntry, at: number): boolean {
  return hasLateCheck(entry) && entry.lateCheckAt <= at;
}

/** A keyed write whose first uncertain attempt is about to leave the service's replay window. */
export function nearsReplayWindow(entry: OutboxEntry, now: number, warnAfterMs: number): boolean {
  return (
    usesIdempotencyKey(entry) &&
    entry.uncertainSince !== null &&
    now - entry.uncertainSince >= warnAfterMs
  );
}
