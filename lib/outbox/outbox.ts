import type { WriteRequest } from '../write-request';
import { attemptDelivery } from './attempt';
import type { OutboxApi } from './deliver';
import type { ImageKeeper } from './deliver-import';
import type { OutboxEntry } from './entry';
import { OutboxJournal, storageLocalPort, type Mutation, type OutboxStorePort } from './journal';
import {
  afterNewConnection,
  discarded,
  discardedIfUnsent,
  dueNow,
  enqueued,
  normalizeWrite,
  postponedUntil,
  recovered,
  retargeted,
  retriedFailed,
  retriedOne,
} from './list-transitions';
import { runLateChecks } from './late-copies';
import { DEFAULT_POLICY, type OutboxPolicy } from './policy';
import { nextWakeAt, orderKey, pickDeliverable } from './schedule';
import { waitForSettled, type WaitUntil } from './wait-for';

export interface OutboxDeps {
  /** The API client, or null while Pageclip is not connected (entries then wait, not fail). */
  getClient: () => Promise<OutboxApi | null>;
  /** Where the entries are kept; default the `storage.local` item (`store.ts`). */
  store?: OutboxStorePort;
  now?: () => number;
  random?: () => number;
  /** Lease tokens; default `crypto.randomUUID`. */
  newToken?: () => string;
  policy?: Partial<OutboxPolicy>;
  /**
   * Told after every flush when the outbox next needs to run (null: nothing pending). The
   * background turns this into a `browser.alarms` alarm so delivery resumes after the service
   * worker is stopped or the browser restarts (see `wire-outbox.ts`).
   */
  schedule?: (at: number | null) => void;
  /**
   * Flush after enqueue, retry and retarget, and keep an in-memory timer for the next due
   * attempt while this instance lives. Default true; tests with an injected clock turn it off
   * and call `flush()` themselves.
   */
  autoFlush?: boolean;
  /** How many pages are written to at once (each page still gets its writes in order). */
  concurrency?: number;
  /** Fetches and keeps the images of clips saved with "Keep images" (lib/images/keeper.ts). */
  images?: ImageKeeper;
  /** Where unexpected errors of background flushes go; default `console.error`. */
  onError?: (err: unknown) => void;
}

const MIN_TIMER_MS = 100;

/**
 * The durable outbox: every write the user asks for is stored in `storage.local` before it is
 * sent, and delivered exactly once, in order per page, across retries, worker stops and browser
 * restarts. The state machine is in `state.ts` (what is due, in which order, in
 * `schedule.ts`; changes to the whole list in `list-transitions.ts`), one attempt in
 * `attempt.ts` (sending itself in `deliver.ts`), the second look a saved create may need for a
 * copy that a late request made in `late-copies.ts`, and every stored change goes through the
 * journal (`journal.ts`) behind its storage port; the clock is injected.
 *
 * One instance per background worker. All storage updates go through one promise chain
 * (`journal.mutate`), so concurrent calls never lose each other's changes; an entry being
 * sent is held both by an in-memory lock and by a persisted lease, so two flushes started
 * together never send it twice, and a stopped worker's lease simply expires.
 */
export class Outbox {
  private readonly getClient: () => Promise<OutboxApi | null>;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly newToken: () => string;
  private readonly policy: OutboxPolicy;
  private readonly autoFlush: boolean;
  private readonly concurrency: number;
  private readonly scheduleHook: ((at: number | null) => void) | undefined;
  private readonly onError: (err: unknown) => void;
  private readonly journal: OutboxJournal;
  private readonly images: ImageKeeper | undefined;

  private readonly inFlight = new Set<string>();
  private readonly lateChecking = new Set<string>();
  private running: Promise<void> | null = null;
  private rerun = false;
  /** Wakes a running flush that waits for a slow request, so a new clip need not wait for it. */
  private poke: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(deps: OutboxDeps) {
    this.getClient = deps.getClient;
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.newToken = deps.newToken ?? (() => crypto.randomUUID());
    this.policy = { ...DEFAULT_POLICY, ...deps.policy };
    this.autoFlush = deps.autoFlush ?? true;
    this.concurrency = Math.max(1, deps.concurrency ?? 4);
    this.scheduleHook = deps.schedule;
    this.onError = deps.onError ?? ((err) => console.error('pageclip outbox:', err));
    this.images = deps.images;
    this.journal = new OutboxJournal({
      store: deps.store ?? storageLocalPort,
      now: this.now,
      savedRetentionMs: this.policy.savedRetentionMs,
      onError: this.onError,
    });
  }

  /**
   * Stores the write (resolving only once it is in `storage.local`), then starts delivery.
   * Enqueuing the same clipId twice (a double click, a handler invoked twice) returns the
   * existing entry: one click, one write.
   */
  async enqueue(write: WriteRequest, label: string): Promise<OutboxEntry> {
    const normalized = normalizeWrite(write);
    const entry = await this.mutate((entries, now) => enqueued(entries, normalized, label, now));
    this.kick();
    return entry;
  }

  /**
   * Delivers everything due now, in order per page, and runs the late checks due now beside
   * it. Concurrent calls share one run.
   */
  flush(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      this.poke?.();
      return this.running;
    }
    const run = (async () => {
      do {
        this.rerun = false;
        await this.flushOnce();
      } while (this.rerun && !this.disposed);
    })();
    this.running = run.finally(async () => {
      this.running = null;
      await this.scheduleNext().catch(this.onError);
    });
    return this.running;
  }

  list(): Promise<OutboxEntry[]> {
    return this.journal.list();
  }

  /**
   * Runs the late checks due by `dueBy` (default now): saved creates that an abandoned request
   * may still copy are looked at again, and copies trashed (late-copies.ts). `Infinity` runs
   * every pending one, for a caller that knows no request can still arrive. Nothing while not
   * connected. Resolves with how many ran to the end.
   */
  async checkLateCopies(opts: { dueBy?: number } = {}): Promise<number> {
    const client = await this.clientOrNull();
    return client === null ? 0 : this.lateChecks(client, opts.dueBy ?? this.now());
  }

  async get(id: string): Promise<OutboxEntry | null> {
    return (await this.list()).find((e) => e.id === id) ?? null;
  }

  /**
   * Resolves with the entry once it is `saved` or `failed` (with `answered`, also once an
   * attempt failed and another will follow), or with its current state after `timeoutMs`
   * (the UI then says "queued", never "saved"). Rejects if the entry is not in the outbox.
   */
  waitFor(id: string, timeoutMs: number, until: WaitUntil = 'settled'): Promise<OutboxEntry> {
    return waitForSettled(this, id, timeoutMs, until);
  }

  /** Queues a failed (or waiting) entry again, now; the user's decision after any warning. */
  async retry(id: string): Promise<void> {
    await this.mutate((entries, now) => retriedOne(entries, id, now));
    this.kick();
  }

  /**
   * The network or the connection is back (browser `online`, the user reconnected): entries
   * waiting out a backoff go now instead of after their delay. Failed entries stay failed.
   */
  async wake(): Promise<void> {
    await this.mutate(dueNow);
    await this.flush();
  }

  /**
   * A new connection replaced the old one (another token, a sign-in). Failed entries it may fix
   * (refused token or scope) are marked for the user, who decides (Retry all, Review): the same
   * clip may have been saved again meanwhile, so nothing failed is sent without asking. Entries
   * merely waiting (offline, not connected, 5xx) go now. Resolves with how many were marked.
   */
  async connectionChanged(): Promise<number> {
    const marked = await this.mutate(afterNewConnection);
    this.kick();
    return marked;
  }

  /** "Retry all" of the notice: the entries that failed with the previous connection, no others. */
  retryPreviousConnection(): Promise<number> {
    return this.retryAll((e) => e.previousConnection);
  }

  /** Retries every failed entry matching `filter`: only ever on the user's request. */
  async retryAll(filter: (entry: OutboxEntry) => boolean = () => true): Promise<number> {
    const count = await this.mutate((entries, now) => retriedFailed(entries, filter, now));
    if (count > 0) this.kick();
    return count;
  }

  /** Removes the entry, whatever its state: only ever on the user's request. */
  async discard(id: string): Promise<void> {
    await this.mutate((entries) => discarded(entries, id));
  }

  /**
   * Removes the entry only if it is certain never to have reached the service: waiting, and no
   * earlier attempt that may have been applied. Checked and removed in one storage update, so
   * a flush cannot start sending it in between. False when it was not removed.
   */
  async discardUnsent(id: string): Promise<boolean> {
    return this.mutate((entries) => discardedIfUnsent(entries, id));
  }

  /** "Edit destination": the same clip (same clipId) to another page or folder. */
  async retarget(id: string, write: WriteRequest, label?: string): Promise<void> {
    const normalized = normalizeWrite(write);
    await this.mutate((entries, now) => retargeted(entries, id, normalized, label, now));
    this.kick();
  }

  /** Called with all entries after every change made through this instance. */
  onChange(listener: (entries: OutboxEntry[]) => void): () => void {
    return this.journal.onChange(listener);
  }

  /** Called once per entry when it becomes `saved` or `failed` (for the badge's flash). */
  onSettled(listener: (entry: OutboxEntry) => void): () => void {
    return this.journal.onSettled(listener);
  }

  /** Stops timers and further flushes of this instance (a test's simulated worker stop). */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  // -------------------------------------------------------------------------------------------

  private kick(): void {
    if (!this.autoFlush || this.disposed) return;
    this.flush().catch(this.onError);
  }

  private async clientOrNull(): Promise<OutboxApi | null> {
    try {
      return await this.getClient();
    } catch (err) {
      this.onError(err);
      return null;
    }
  }

  private lateChecks(client: OutboxApi, dueBy: number): Promise<number> {
    return runLateChecks(this.journal, client, {
      dueBy,
      policy: this.policy,
      random: this.random,
      running: this.lateChecking,
      onError: this.onError,
      stopped: () => this.disposed,
    });
  }

  private async flushOnce(): Promise<void> {
    if (this.disposed) return;
    const client = await this.clientOrNull();
    await this.recover();
    if (client === null) {
      await this.postponeAll();
      return;
    }
    // The late checks due now run beside delivery, never ahead of it: a check meeting a slow
    // network must not hold back a clip the user has just made.
    let lateDone = false;
    const late = this.lateChecks(client, this.now())
      .catch(this.onError)
      .then(() => {
        lateDone = true;
      });
    const running = new Map<string, Promise<void>>();
    for (;;) {
      if (this.disposed) break;
      const entries = await this.list();
      const busyKeys = new Set([...running.keys()]);
      const ready = pickDeliverable(entries, this.now()).filter(
        (e) => !this.inFlight.has(e.id) && !busyKeys.has(orderKey(e)),
      );
      for (const entry of ready) {
        if (running.size >= this.concurrency) break;
        const key = orderKey(entry);
        this.inFlight.add(entry.id);
        const task = attemptDelivery(this.journal, client, entry.id, {
          token: this.newToken(),
          policy: this.policy,
          random: this.random,
          ...(this.images && { images: this.images }),
        })
          .catch(this.onError)
          .finally(() => {
            this.inFlight.delete(entry.id);
            running.delete(key);
          });
        running.set(key, task);
      }
      if (running.size === 0 && lateDone) break;
      const poked = new Promise<void>((resolve) => (this.poke = resolve));
      await Promise.race([...running.values(), poked, ...(lateDone ? [] : [late])]);
      this.poke = null;
    }
    await late;
  }

  /**
   * Entries left `sending` by a stopped worker, and keyed writes nearing the replay window.
   * Only one instance of the background runs at a time (an MV3 service worker, a Firefox event
   * page), so an entry `sending` that this instance is not sending was left by a stopped
   * predecessor: it is taken over at once, without waiting for its lease to run out. The lease
   * still makes the predecessor's late answer, should one ever arrive, change nothing.
   */
  private async recover(): Promise<void> {
    await this.mutate((entries, now) =>
      recovered(entries, now, this.inFlight, this.policy.replayWarnAfterMs),
    );
  }

  private async postponeAll(): Promise<void> {
    await this.mutate((entries, now) =>
      postponedUntil(entries, now, now + this.policy.notConnectedDelayMs),
    );
  }

  private async scheduleNext(): Promise<void> {
    if (this.disposed) return;
    const at = nextWakeAt(await this.list());
    this.scheduleHook?.(at);
    if (!this.autoFlush) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (at === null) return;
    // A floor keeps a clock disagreement from turning into a busy loop.
    const delay = Math.min(Math.max(MIN_TIMER_MS, at - this.now()), 2 ** 31 - 1);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
  }

  private mutate<T>(fn: (entries: OutboxEntry[], now: number) => Mutation<T>): Promise<T> {
    return this.journal.mutate(fn);
  }
}
