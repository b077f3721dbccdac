import type { OutboxEntry } from './entry';
import { OutboxTransitionError } from './state';

/**
 * The transitions of a saved entry's late check (the state machine's diagram is in state.ts;
 * the check itself in late-copies.ts). Pure like the others: a new entry, or
 * `OutboxTransitionError` when no late check is pending. The entry stays `saved` throughout.
 */

/** The late check ran: no copy of the clip is left beside its saved page. */
export function lateCheckRan(entry: OutboxEntry, now: number): OutboxEntry {
  assertLateCheckPending(entry, 'finish a late check');
  return { ...entry, lateCheckAt: null, lateCheckTries: 0, updatedAt: now };
}

/**
 * The late check failed. A retryable failure below the bound (`maxTries` tries in all) tries
 * again after `delayMs`; anything else gives the check up (`lateCheckAt` null, the tries kept),
 * which the caller reports.
 */
export function lateCheckFailed(
  entry: OutboxEntry,
  opts: { retry: boolean; now: number; delayMs: number; maxTries: number },
): OutboxEntry {
  assertLateCheckPending(entry, 'fail a late check');
  const tries = entry.lateCheckTries + 1;
  const again = opts.retry && tries < opts.maxTries;
  return {
    ...entry,
    lateCheckAt: again ? opts.now + opts.delayMs : null,
    lateCheckTries: tries,
    updatedAt: opts.now,
  };
}

/** No connection configured: the late check waits until `until`, without counting a try. */
export function postponeLateCheck(entry: OutboxEntry, until: number, now: number): OutboxEntry {
  assertLateCheckPending(entry, 'postpone a late check');
  return { ...entry, lateCheckAt: until, updatedAt: now };
}

function assertLateCheckPending(entry: OutboxEntry, transition: string): void {
  if (entry.status !== 'saved') throw new OutboxTransitionError(entry, transition);
  if (entry.lateCheckAt === null) {
    throw new OutboxTransitionError(entry, `${transition} (none is pending)`);
  }
}
