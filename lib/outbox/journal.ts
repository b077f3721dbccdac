import type { OutboxEntry } from './entry';
import { hasLateCheck } from './schedule';
import { readOutbox, writeOutbox, type OutboxSnapshot } from './store';

/**
 * The narrow port the outbox keeps its entries behind: one snapshot, read and replaced whole.
 * In the extension it is the `storage.local` item of `store.ts`.
 */
export interface OutboxStorePort {
  read(): Promise<OutboxSnapshot>;
  write(snapshot: OutboxSnapshot): Promise<void>;
}

export const storageLocalPort: OutboxStorePort = { read: readOutbox, write: writeOutbox };

/** What a mutation returns: `next` only when it changed something, and its result. */
export interface Mutation<T> {
  next?: OutboxEntry[];
  value: T;
}

type Listener = (entries: OutboxEntry[]) => void;
type SettledListener = (entry: OutboxEntry) => void;

/**
 * Every read-modify-write of the stored outbox in this JavaScript realm goes through this one
 * chain, shared by all journals: even if a worker ended up with two Outbox objects, one could
 * never claim an entry the other has just claimed (storage.local has no compare-and-set).
 */
let storageChain: Promise<unknown> = Promise.resolve();

/**
 * Serialised changes to the stored entries, and who hears about them: listeners see the new
 * entries after every change, and each entry once when it becomes `saved` or `failed`. Saved
 * entries are pruned once older than the retention, unless their late check has yet to run
 * (late-copies.ts): it needs the entry's write and result.
 */
export class OutboxJournal {
  private readonly listeners = new Set<Listener>();
  private readonly settledListeners = new Set<SettledListener>();

  constructor(
    private readonly deps: {
      store: OutboxStorePort;
      now: () => number;
      savedRetentionMs: number;
      onError: (err: unknown) => void;
    },
  ) {}

  async list(): Promise<OutboxEntry[]> {
    return (await this.deps.store.read()).entries;
  }

  /** Runs `fn` on the current entries, alone, with the time of the change. */
  mutate<T>(fn: (entries: OutboxEntry[], now: number) => Mutation<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const snapshot = await this.deps.store.read();
      const now = this.deps.now();
      const { next, value } = fn(snapshot.entries, now);
      if (next) {
        const kept = next.filter(
          (e) =>
            e.status !== 'saved' ||
            hasLateCheck(e) ||
            now - e.updatedAt < this.deps.savedRetentionMs,
        );
        await this.deps.store.write({ entries: kept, quarantined: snapshot.quarantined });
        this.emit(snapshot.entries, kept);
      }
      return value;
    };
    const result = storageChain.then(run, run);
    storageChain = result.catch(() => undefined);
    return result;
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onSettled(listener: SettledListener): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private emit(before: OutboxEntry[], after: OutboxEntry[]): void {
    const previous = new Map(before.map((e) => [e.id, e.status]));
    for (const listener of this.listeners) this.safeCall(() => listener(after));
    for (const entry of after) {
      const was = previous.get(entry.id);
      if ((entry.status === 'saved' || entry.status === 'failed') && was !== entry.status) {
        for (const listener of this.settledListeners) this.safeCall(() => listener(entry));
      }
    }
  }

  private safeCall(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.deps.onError(err);
    }
  }
}

export function replaceAt(
  entries: OutboxEntry[],
  index: number,
  entry: OutboxEntry,
): OutboxEntry[] {
  const next = [...entries];
  next[index] = entry;
  return next;
}

export function indexOrThrow(entries: OutboxEntry[], id: string): number {
  const i = entries.findIndex((e) => e.id === id);
  if (i < 0) throw new Error(`outbox entry ${id} is not in the outbox`);
  return i;
}

/**
 * Applies `change` to every entry; a mutation with `next` only when some entry changed.
 * `change` returns the entry itself to leave it alone.
 */
export function mapEntries(
  entries: OutboxEntry[],
  change: (entry: OutboxEntry) => OutboxEntry,
): Mutation<number> {
  let changed = 0;
  const next = entries.map((e) => {
    const after = change(e);
    if (after !== e) changed += 1;
    return after;
  });
  return changed > 0 ? { next, value: changed } : { value: 0 };
}
