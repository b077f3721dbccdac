import type { WriteRequest } from '../write-request';
import type { OutboxApi } from './deliver';
import type { ImageKeeper } from './deliver-import';
import { deliverRound } from './delivery-round';
import { FlushLoop } from './flush-loop';
import type { OutboxEntry } from './entry';
import { OutboxJournal, storageLocalPort, type Mutation, type OutboxStorePort } from './journal';
import {
  afterNewConnection,
  discarded,
  discardedIfUnsent,
  dueNow,
  enqueued,
  normalizeWrite,
  retargeted,
  retriedFailed,
  retriedOne,
} from './list-transitions';
import { runLateChecks } from './late-copies';
import { DEFAULT_POLICY, type OutboxPolicy } from './policy';
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

/**
 * The durable outbox: every write the user asks for is stored in `storage.local` before it is
 * sent, and delivered exactly once, in order per page, across retries, worker stops and browser
 * restarts. The state machine is in `state.ts` (what is due, in which order, in
 * `schedule.ts`; changes to the whole list in `list-transitions.ts`), when flushes run in
 * `flush-loop.ts` and what one does in `delivery-round.ts`, one attempt in `attempt.ts`
 * (sending itself in `deliver.ts`), the second look a saved create may need for a copy that a
 * late request made in `late-copies.ts`, and every stored change goes through the journal
 * (`journal.ts`) behind its storage port; the clock is injected.
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
  private readonly concurrency: number;
  private readonly onError: (err: unknown) => void;
  private readonly journal: OutboxJournal;
  private readonly images: ImageKeeper | undefined;
  private readonly loop: FlushLoop;

  private readonly inFlight = new Set<string>();
  private readonly lateChecking = new Set<string>();

  constructor(deps: OutboxDeps) {
    this.getClient = deps.getClient;
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.newToken = deps.newToken ?? (() => crypto.randomUUID());
    this.policy = { ...DEFAULT_POLICY, ...deps.policy };
    this.concurrency = Math.max(1, deps.concurrency ?? 4);
    this.onError = deps.onError ?? ((err) => console.error('pageclip outbox:', err));
    this.images = deps.images;
    this.journal = new OutboxJournal({
      store: deps.store ?? storageLocalPort,
      now: this.now,
      savedRetentionMs: this.policy.savedRetentionMs,
      onError: this.onError,
    });
    this.loop = new FlushLoop({
      round: (setPoke) => this.flushOnce(setPoke),
      list: () => this.list(),
      now: this.now,
      schedule: deps.schedule,
      autoFlush: deps.autoFlush ?? true,
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
    this.loop.kick();
    return entry;
  }

  /**
   * Delivers everything due now, in order per page, and runs the late checks due now beside
   * it. Concurrent calls share one run.
   */
  flush(): Promise<void> {
    return this.loop.flush();
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
    if (client === null) return 0;
    return runLateChecks(this.journal, client, {
      dueBy: opts.dueBy ?? this.now(),
      policy: this.policy,
      random: this.random,
      running: this.lateChecking,
      onError: this.onError,
      stopped: () => this.loop.stopped(),
    });
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
    this.loop.kick();
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
    this.loop.kick();
    return marked;
  }

  /** "Retry all" of the notice: the entries that failed with the previous connection, no others. */
  retryPreviousConnection(): Promise<number> {
    return this.retryAll((e) => e.previousConnection);
  }

  /** Retries every failed entry matching `filter`: only ever on the user's request. */
  async retryAll(filter: (entry: OutboxEntry) => boolean = () => true): Promise<number> {
    const count = await this.mutate((entries, now) => retriedFailed(entries, filter, now));
    if (count > 0) this.loop.kick();
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
    this.loop.kick();
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
    this.loop.dispose();
  }

  // -------------------------------------------------------------------------------------------

  private async clientOrNull(): Promise<OutboxApi | null> {
    try {
      return await this.getClient();
    } catch (err) {
      this.onError(err);
      return null;
    }
  }

  private async flushOnce(setPoke: (poke: (() => void) | null) => void): Promise<void> {
    if (this.loop.stopped()) return;
    const client = await this.clientOrNull();
    await deliverRound(this.journal, client, {
      policy: this.policy,
      concurrency: this.concurrency,
      now: this.now,
      random: this.random,
      newToken: this.newToken,
      images: this.images,
      inFlight: this.inFlight,
      lateChecking: this.lateChecking,
      onError: this.onError,
      stopped: () => this.loop.stopped(),
      setPoke,
    });
  }

  private mutate<T>(fn: (entries: OutboxEntry[], now: number) => Mutation<T>): Promise<T> {
    return this.journal.mutate(fn);
  }
}
