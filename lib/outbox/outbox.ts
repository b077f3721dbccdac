import { WriteRequestSchema, type WriteRequest } from '../write-request';
import { backoffDelay } from './backoff';
import { classifyError } from './classify-error';
import { deliver, type OutboxApi } from './deliver';
import type { OutboxEntry } from './entry';
import { withPageclipId } from '../clip-markdown';
import { DEFAULT_POLICY, type OutboxPolicy } from './policy';
import {
  claim,
  createEntry,
  fail,
  flagReplayWindow,
  isDue,
  isStale,
  nearsReplayWindow,
  nextWakeAt,
  orderKey,
  pickDeliverable,
  postpone,
  recoverStale,
  retarget,
  retryLater,
  succeed,
  userRetry,
  withTarget,
} from './state';
import { readOutbox, writeOutbox } from './store';

export interface OutboxDeps {
  /** The API client, or null while Pageclip is not connected (entries then wait, not fail). */
  getClient: () => Promise<OutboxApi | null>;
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
  /** Where unexpected errors of background flushes go; default `console.error`. */
  onError?: (err: unknown) => void;
}

const MIN_TIMER_MS = 100;

/**
 * Every read-modify-write of the stored outbox in this JavaScript realm goes through this one
 * chain, shared by all instances: even if a worker ended up with two Outbox objects, one could
 * never claim an entry the other has just claimed (storage.local has no compare-and-set).
 */
let storageChain: Promise<unknown> = Promise.resolve();

type Listener = (entries: OutboxEntry[]) => void;
type SettledListener = (entry: OutboxEntry) => void;

/** Another instance took the entry over (its lease expired) or it was discarded meanwhile. */
class LeaseLostError extends Error {}

/**
 * The durable outbox: every write the user asks for is stored in `storage.local` before it is
 * sent, and delivered exactly once, in order per page, across retries, worker stops and browser
 * restarts. The state machine is in `state.ts`, delivery in `deliver.ts`, storage in `store.ts`.
 *
 * One instance per background worker. All storage updates go through one promise chain
 * (`mutate`), so concurrent calls never lose each other's changes; an entry being
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

  private readonly inFlight = new Set<string>();
  private running: Promise<void> | null = null;
  private rerun = false;
  /** Wakes a running flush that waits for a slow request, so a new clip need not wait for it. */
  private poke: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly listeners = new Set<Listener>();
  private readonly settledListeners = new Set<SettledListener>();

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
  }

  /**
   * Stores the write (resolving only once it is in `storage.local`), then starts delivery.
   * Enqueuing the same clipId twice (a double click, a handler invoked twice) returns the
   * existing entry: one click, one write.
   */
  async enqueue(write: WriteRequest, label: string): Promise<OutboxEntry> {
    const parsed = WriteRequestSchema.parse(write);
    const normalized: WriteRequest =
      parsed.kind === 'create-page'
        ? { ...parsed, markdown: withPageclipId(parsed.markdown, parsed.clipId) }
        : parsed;
    const entry = await this.mutate((entries, now) => {
      const existing = entries.find((e) => e.id === normalized.clipId);
      if (existing) return { value: existing };
      const created = createEntry(normalized, label, now);
      return { next: [...entries, created], value: created };
    });
    this.kick();
    return entry;
  }

  /** Delivers everything due now, in order per page. Concurrent calls share one run. */
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

  async list(): Promise<OutboxEntry[]> {
    return (await readOutbox()).entries;
  }

  async get(id: string): Promise<OutboxEntry | null> {
    return (await this.list()).find((e) => e.id === id) ?? null;
  }

  /**
   * Resolves with the entry once it is `saved` or `failed`, or with its current state after
   * `timeoutMs` (still `queued` or `sending`: the UI then says "queued", never "saved").
   * Rejects if the entry is not (or no longer) in the outbox.
   */
  waitFor(id: string, timeoutMs: number): Promise<OutboxEntry> {
    return new Promise<OutboxEntry>((resolve, reject) => {
      let done = false;
      const settle = (entry: OutboxEntry | null | undefined, force: boolean): void => {
        if (done) return;
        if (!entry) {
          done = true;
          cleanup();
          reject(new Error(`outbox entry ${id} is not in the outbox`));
        } else if (force || entry.status === 'saved' || entry.status === 'failed') {
          done = true;
          cleanup();
          resolve(entry);
        }
      };
      const off = this.onChange((entries) =>
        settle(
          entries.find((e) => e.id === id),
          false,
        ),
      );
      const timer = setTimeout(() => {
        this.get(id).then((e) => settle(e, true), reject);
      }, timeoutMs);
      const cleanup = (): void => {
        off();
        clearTimeout(timer);
      };
      this.get(id).then((e) => settle(e, false), reject);
    });
  }

  /** Queues a failed (or waiting) entry again, now; the user's decision after any warning. */
  async retry(id: string): Promise<void> {
    await this.mutate((entries, now) => {
      const i = indexOrThrow(entries, id);
      return { next: replaceAt(entries, i, userRetry(entries[i]!, now)), value: undefined };
    });
    this.kick();
  }

  /**
   * The network or the connection is back (browser `online`, the user reconnected): entries
   * waiting out a backoff go now instead of after their delay. Failed entries stay failed.
   */
  async wake(): Promise<void> {
    await this.mutate((entries, now) => {
      let changed = false;
      const next = entries.map((e) => {
        if (e.status !== 'queued' || (e.nextAttemptAt ?? 0) <= now) return e;
        changed = true;
        return { ...e, nextAttemptAt: now, updatedAt: now };
      });
      return changed ? { next, value: undefined } : { value: undefined };
    });
    await this.flush();
  }

  /** Retries every failed entry matching `filter` (e.g. all 401s once the user reconnected). */
  async retryAll(filter: (entry: OutboxEntry) => boolean = () => true): Promise<number> {
    const count = await this.mutate((entries, now) => {
      let n = 0;
      const next = entries.map((e) => {
        if (e.status !== 'failed' || !filter(e)) return e;
        n += 1;
        return userRetry(e, now);
      });
      return n > 0 ? { next, value: n } : { value: 0 };
    });
    if (count > 0) this.kick();
    return count;
  }

  /** Removes the entry, whatever its state: only ever on the user's request. */
  async discard(id: string): Promise<void> {
    await this.mutate((entries) => {
      const next = entries.filter((e) => e.id !== id);
      return next.length === entries.length ? { value: undefined } : { next, value: undefined };
    });
  }

  /** "Edit destination": the same clip (same clipId) to another page or folder. */
  async retarget(id: string, write: WriteRequest, label?: string): Promise<void> {
    const parsed = WriteRequestSchema.parse(write);
    const normalized: WriteRequest =
      parsed.kind === 'create-page'
        ? { ...parsed, markdown: withPageclipId(parsed.markdown, parsed.clipId) }
        : parsed;
    await this.mutate((entries, now) => {
      const i = indexOrThrow(entries, id);
      const entry = entries[i]!;
      const next = retarget(entry, normalized, label ?? entry.label, now);
      return { next: replaceAt(entries, i, next), value: undefined };
    });
    this.kick();
  }

  /** Called with all entries after every change made through this instance. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once per entry when it becomes `saved` or `failed` (for the badge's flash). */
  onSettled(listener: SettledListener): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
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

  private async flushOnce(): Promise<void> {
    if (this.disposed) return;
    let client: OutboxApi | null;
    try {
      client = await this.getClient();
    } catch (err) {
      this.onError(err);
      client = null;
    }
    await this.recover();
    if (client === null) {
      await this.postponeAll();
      return;
    }
    const running = new Map<string, Promise<void>>();
    for (;;) {
      if (this.disposed) break;
      const { entries } = await readOutbox();
      const busyKeys = new Set([...running.keys()]);
      const ready = pickDeliverable(entries, this.now()).filter(
        (e) => !this.inFlight.has(e.id) && !busyKeys.has(orderKey(e)),
      );
      for (const entry of ready) {
        if (running.size >= this.concurrency) break;
        const key = orderKey(entry);
        this.inFlight.add(entry.id);
        const task = this.deliverOne(client, entry.id)
          .catch(this.onError)
          .finally(() => {
            this.inFlight.delete(entry.id);
            running.delete(key);
          });
        running.set(key, task);
      }
      if (running.size === 0) break;
      const poked = new Promise<void>((resolve) => (this.poke = resolve));
      await Promise.race([...running.values(), poked]);
      this.poke = null;
    }
  }

  /** Entries left `sending` by a stopped worker, and keyed writes nearing the replay window. */
  private recover(): Promise<void> {
    return this.mutate((entries, now) => {
      let changed = false;
      const next = entries.map((e) => {
        if (isStale(e, now) && !this.inFlight.has(e.id)) {
          changed = true;
          return recoverStale(e, now);
        }
        if (isDue(e, now) && nearsReplayWindow(e, now, this.policy.replayWarnAfterMs)) {
          changed = true;
          return flagReplayWindow(e, now);
        }
        return e;
      });
      return changed ? { next, value: undefined } : { value: undefined };
    });
  }

  private postponeAll(): Promise<void> {
    return this.mutate((entries, now) => {
      const until = now + this.policy.notConnectedDelayMs;
      const error = {
        status: null,
        code: 'not_connected',
        message: 'Pageclip is not connected to the service; this will be sent once it is.',
        retryable: true,
      };
      let changed = false;
      const next = entries.map((e) => {
        if (!isDue(e, now)) return e;
        changed = true;
        return postpone(e, error, until, now);
      });
      return changed ? { next, value: undefined } : { value: undefined };
    });
  }

  private async deliverOne(client: OutboxApi, id: string): Promise<void> {
    const token = this.newToken();
    const claimed = await this.mutate((entries, now) => {
      const i = entries.findIndex((e) => e.id === id);
      const entry = entries[i];
      if (!entry || !isDue(entry, now)) return { value: null };
      if (nearsReplayWindow(entry, now, this.policy.replayWarnAfterMs)) {
        return { next: replaceAt(entries, i, flagReplayWindow(entry, now)), value: null };
      }
      const sending = claim(entry, now, { token, until: now + this.policy.leaseMs });
      return { next: replaceAt(entries, i, sending), value: sending };
    });
    if (!claimed) return;
    try {
      const result = await deliver(client, claimed, {
        setTarget: async (pageId) => {
          const held = await this.updateLeased(id, token, (e, now) => withTarget(e, pageId, now));
          if (!held) throw new LeaseLostError(`outbox entry ${id} was taken over`);
        },
      });
      await this.updateLeased(id, token, (e, now) => succeed(e, result, now));
    } catch (err) {
      if (err instanceof LeaseLostError) return;
      const verdict = classifyError(err);
      await this.updateLeased(id, token, (e, now) =>
        verdict.retry
          ? retryLater(e, verdict.error, {
              uncertain: verdict.uncertain,
              now,
              delayMs: backoffDelay(e.backoffStep, {
                baseMs: this.policy.baseDelayMs,
                maxMs: this.policy.maxDelayMs,
                random: this.random,
                retryAfterMs: verdict.retryAfterMs,
              }),
            })
          : fail(e, verdict.error, { uncertain: verdict.uncertain, now }),
      );
    }
  }

  /** Applies `update` only if this attempt still holds the entry's lease; false otherwise. */
  private updateLeased(
    id: string,
    token: string,
    update: (entry: OutboxEntry, now: number) => OutboxEntry,
  ): Promise<boolean> {
    return this.mutate((entries, now) => {
      const i = entries.findIndex((e) => e.id === id);
      const entry = entries[i];
      if (!entry || entry.status !== 'sending' || entry.lease?.token !== token) {
        return { value: false };
      }
      return { next: replaceAt(entries, i, update(entry, now)), value: true };
    });
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

  /**
   * Serialized read-modify-write of the stored outbox. `fn` returns `next` only when it changed
   * something; listeners then see the new entries and entries that just became saved or failed.
   */
  private mutate<T>(
    fn: (entries: OutboxEntry[], now: number) => { next?: OutboxEntry[]; value: T },
  ): Promise<T> {
    const run = async (): Promise<T> => {
      const snapshot = await readOutbox();
      const now = this.now();
      const { next, value } = fn(snapshot.entries, now);
      if (next) {
        const kept = pruneSaved(next, now, this.policy.savedRetentionMs);
        await writeOutbox({ entries: kept, quarantined: snapshot.quarantined });
        this.emit(snapshot.entries, kept);
      }
      return value;
    };
    const result = storageChain.then(run, run);
    storageChain = result.catch(() => undefined);
    return result;
  }

  private emit(before: OutboxEntry[], after: OutboxEntry[]): void {
    const previous = new Map(before.map((e) => [e.id, e.status]));
    for (const listener of this.listeners) safeCall(() => listener(after), this.onError);
    for (const entry of after) {
      const was = previous.get(entry.id);
      if ((entry.status === 'saved' || entry.status === 'failed') && was !== entry.status) {
        for (const listener of this.settledListeners) safeCall(() => listener(entry), this.onError);
      }
    }
  }
}

function pruneSaved(entries: OutboxEntry[], now: number, retentionMs: number): OutboxEntry[] {
  return entries.filter((e) => e.status !== 'saved' || now - e.updatedAt < retentionMs);
}

function replaceAt(entries: OutboxEntry[], index: number, entry: OutboxEntry): OutboxEntry[] {
  const next = [...entries];
  next[index] = entry;
  return next;
}

function indexOrThrow(entries: OutboxEntry[], id: string): number {
  const i = entries.findIndex((e) => e.id === id);
  if (i < 0) throw new Error(`outbox entry ${id} is not in the outbox`);
  return i;
}

function safeCall(fn: () => void, onError: (err: unknown) => void): void {
  try {
    fn();
  } catch (err) {
    onError(err);
  }
}
