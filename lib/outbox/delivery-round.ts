import { attemptDelivery } from './attempt';
import type { OutboxApi } from './deliver';
import type { ImageKeeper } from './deliver-import';
import type { OutboxJournal } from './journal';
import { runLateChecks } from './late-copies';
import { postponedUntil, recovered } from './list-transitions';
import type { OutboxPolicy } from './policy';
import { orderKey, pickDeliverable } from './schedule';

export interface DeliveryRoundOptions {
  policy: OutboxPolicy;
  /** How many pages are written to at once (each page still gets its writes in order). */
  concurrency: number;
  now: () => number;
  random: () => number;
  /** A fresh lease token for each attempt. */
  newToken: () => string;
  images?: ImageKeeper | undefined;
  /**
   * Entries this instance is sending: an in-memory lock, beside the persisted lease, so two
   * flushes started together never send one entry twice.
   */
  inFlight: Set<string>;
  /** Entries whose late check is running in this realm: not started twice. */
  lateChecking: Set<string>;
  onError: (err: unknown) => void;
  /** True once the instance is stopped: no further attempt starts. */
  stopped: () => boolean;
  /**
   * Given the function that wakes the round while it waits for a slow request (null once it no
   * longer waits), so a new clip need not wait for that request.
   */
  setPoke: (poke: (() => void) | null) => void;
}

/**
 * One round of delivery, what a flush runs. Entries a stopped worker left `sending` are taken
 * back first. While not connected (`client` null) every waiting entry is postponed; otherwise
 * every deliverable entry is sent, up to `concurrency` pages at once and in order per page,
 * picking again each time an attempt ends or the round is poked, with the late checks due now
 * running beside it. Resolves once nothing more can be sent now and the late checks have ended.
 */
export async function deliverRound(
  journal: OutboxJournal,
  client: OutboxApi | null,
  opts: DeliveryRoundOptions,
): Promise<void> {
  await recover(journal, opts);
  if (client === null) {
    await journal.mutate((entries, now) =>
      postponedUntil(entries, now, now + opts.policy.notConnectedDelayMs),
    );
    return;
  }
  await deliverDue(journal, client, opts);
}

/**
 * Entries left `sending` by a stopped worker, and keyed writes nearing the replay window.
 * Only one instance of the background runs at a time (an MV3 service worker, a Firefox event
 * page), so an entry `sending` that this instance is not sending was left by a stopped
 * predecessor: it is taken over at once, without waiting for its lease to run out. The lease
 * still makes the predecessor's late answer, should one ever arrive, change nothing.
 */
async function recover(journal: OutboxJournal, opts: DeliveryRoundOptions): Promise<void> {
  await journal.mutate((entries, now) =>
    recovered(entries, now, opts.inFlight, opts.policy.replayWarnAfterMs),
  );
}

async function deliverDue(
  journal: OutboxJournal,
  client: OutboxApi,
  opts: DeliveryRoundOptions,
): Promise<void> {
  const { policy, random, images, inFlight, onError } = opts;
  // The late checks due now run beside delivery, never ahead of it: a check meeting a slow
  // network must not hold back a clip the user has just made.
  let lateDone = false;
  const late = runLateChecks(journal, client, {
    dueBy: opts.now(),
    policy,
    random,
    running: opts.lateChecking,
    onError,
    stopped: opts.stopped,
  })
    .catch(onError)
    .then(() => {
      lateDone = true;
    });
  const running = new Map<string, Promise<void>>();
  for (;;) {
    if (opts.stopped()) break;
    const entries = await journal.list();
    const busyKeys = new Set([...running.keys()]);
    const ready = pickDeliverable(entries, opts.now()).filter(
      (e) => !inFlight.has(e.id) && !busyKeys.has(orderKey(e)),
    );
    for (const entry of ready) {
      if (running.size >= opts.concurrency) break;
      const key = orderKey(entry);
      inFlight.add(entry.id);
      const task = attemptDelivery(journal, client, entry.id, {
        token: opts.newToken(),
        policy,
        random,
        ...(images && { images }),
      })
        .catch(onError)
        .finally(() => {
          inFlight.delete(entry.id);
          running.delete(key);
        });
      running.set(key, task);
    }
    if (running.size === 0 && lateDone) break;
    const poked = new Promise<void>((resolve) => opts.setPoke(resolve));
    await Promise.race([...running.values(), poked, ...(lateDone ? [] : [late])]);
    opts.setPoke(null);
  }
  await late;
}
