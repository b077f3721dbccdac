/**
 * The late check of a saved entry. `POST /pages` has no idempotency key, and a request the
 * client gave up on (a timeout, a stopped worker) may still be forwarded by an intermediary
 * that held it, reaching the service after a retry found or made the page and the entry was
 * saved: a second page with the clip's `pageclip_id`. Delivery settles copies only while it
 * runs, so an entry that may have left one (`mayLeaveLateCopy`, schedule.ts) is looked at again
 * `lateCopyWindowMs` after its last attempt (policy.ts), and such copies go to the Trash.
 */
import { backoffDelay } from './backoff';
import { classifyError } from './classify-error';
import type { OutboxApi } from './deliver';
import { importedPlaces } from './deliver-import';
import type { OutboxEntry } from './entry';
import { replaceAt, type OutboxJournal } from './journal';
import { lateCheckFailed, lateCheckRan } from './late-check-state';
import { findOwnPages, trashCopies } from './own-pages';
import type { OutboxPolicy } from './policy';
import { hasLateCheck, isLateCheckDue } from './schedule';

/**
 * Trashes every page titled like the write in its folder whose `pageclip_id` is this clip's,
 * except the saved page (`result.pageId`); resolves with how many it found.
 *
 * Unlike `settleCreated`, which keeps one page of the clip (the one the create answered with,
 * else the oldest), this keeps the saved page only: an Inbox note that ended as an append to
 * an existing Inbox has no page of its own, so every page carrying its clip id is a copy.
 */
export async function trashLateCopies(api: OutboxApi, entry: OutboxEntry): Promise<number> {
  const write = entry.write;
  if (write.kind !== 'create-page' && write.kind !== 'add-to-titled-page') return 0;
  const keep = entry.result?.pageId;
  // A new page with kept images came in through the import: a late import lands at the top
  // level under the note's file name (deliver-import.ts).
  const places: [string, string | null][] =
    write.kind === 'create-page' && write.keepImages
      ? importedPlaces(write)
      : [[write.title, write.parentId]];
  let trashed = 0;
  for (const [title, parentId] of places) {
    const ours = await findOwnPages(api, title, parentId, write.clipId);
    const copies = ours.filter((page) => page.id !== keep);
    await trashCopies(api, copies);
    trashed += copies.length;
  }
  return trashed;
}

export interface LateCheckOptions {
  /** Checks due by then run (`Infinity`: all pending ones, when no request can still arrive). */
  dueBy: number;
  policy: OutboxPolicy;
  random: () => number;
  /** Entries whose check is running in this realm: not started twice. */
  running: Set<string>;
  /** Told when a check is given up (the copy, if any, stays). */
  onError: (err: unknown) => void;
  stopped: () => boolean;
}

/**
 * Runs the due late checks one after another and records each outcome: done, tried again
 * later with backoff, or given up after `policy.lateCheckTries` (reported). Resolves with how
 * many ran to the end. A worker stopped meanwhile leaves the check due; the next one repeats it
 * (trashing a trashed page changes nothing).
 */
export async function runLateChecks(
  journal: OutboxJournal,
  client: OutboxApi,
  opts: LateCheckOptions,
): Promise<number> {
  const due = (await journal.list()).filter(
    (e) => isLateCheckDue(e, opts.dueBy) && !opts.running.has(e.id),
  );
  let ran = 0;
  for (const entry of due) {
    if (opts.stopped()) break;
    opts.running.add(entry.id);
    try {
      if (await checkOne(journal, client, entry, opts)) ran += 1;
    } finally {
      opts.running.delete(entry.id);
    }
  }
  return ran;
}

async function checkOne(
  journal: OutboxJournal,
  client: OutboxApi,
  entry: OutboxEntry,
  opts: LateCheckOptions,
): Promise<boolean> {
  const update = <T>(change: (current: OutboxEntry, now: number) => [OutboxEntry, T], none: T) =>
    journal.mutate((entries, now) => {
      const i = entries.findIndex((e) => e.id === entry.id);
      const current = entries[i];
      // Discarded, or checked by another instance meanwhile.
      if (!current || !hasLateCheck(current)) return { value: none };
      const [next, value] = change(current, now);
      return { next: replaceAt(entries, i, next), value };
    });
  try {
    await trashLateCopies(client, entry);
  } catch (err) {
    const verdict = classifyError(err);
    const gaveUp = await update((current, now) => {
      const next = lateCheckFailed(current, {
        retry: verdict.retry,
        now,
        maxTries: opts.policy.lateCheckTries,
        delayMs: backoffDelay(current.lateCheckTries, {
          baseMs: opts.policy.baseDelayMs,
          maxMs: opts.policy.maxDelayMs,
          random: opts.random,
          retryAfterMs: verdict.retryAfterMs,
        }),
      });
      return [next, next.lateCheckAt === null ? next.lateCheckTries : 0];
    }, 0);
    if (gaveUp > 0) {
      opts.onError(
        new Error(
          `outbox entry ${entry.id}: gave up looking for a late copy of "${entry.label}" ` +
            `after ${gaveUp} ${gaveUp === 1 ? 'try' : 'tries'}: ${verdict.error.message}`,
        ),
      );
    }
    return false;
  }
  return update((current, now) => [lateCheckRan(current, now), true], false);
}
