import type { OutboxEntry } from './entry';
import { hasAnswer } from './schedule';

/**
 * What to wait for: `settled`, the entry is `saved` or `failed`; `answered`, also an attempt
 * that failed and will be retried (the service is down: the UI says "Queued" at once instead
 * of after the whole wait).
 */
export type WaitUntil = 'settled' | 'answered';

const isSettled = (entry: OutboxEntry): boolean =>
  entry.status === 'saved' || entry.status === 'failed';

/**
 * Resolves with the entry once it reached `until`, or with its current state after
 * `timeoutMs` (still `queued` or `sending`: the UI then says "queued", never "saved").
 * Rejects if the entry is not (or no longer) in the outbox.
 */
export function waitForSettled(
  source: {
    get(id: string): Promise<OutboxEntry | null>;
    onChange(listener: (entries: OutboxEntry[]) => void): () => void;
  },
  id: string,
  timeoutMs: number,
  until: WaitUntil = 'settled',
): Promise<OutboxEntry> {
  const reached = until === 'answered' ? hasAnswer : isSettled;
  return new Promise<OutboxEntry>((resolve, reject) => {
    let done = false;
    const settle = (entry: OutboxEntry | null | undefined, force: boolean): void => {
      if (done) return;
      if (!entry) {
        done = true;
        cleanup();
        reject(new Error(`outbox entry ${id} is not in the outbox`));
      } else if (force || reached(entry)) {
        done = true;
        cleanup();
        resolve(entry);
      }
    };
    const off = source.onChange((entries) =>
      settle(
        entries.find((e) => e.id === id),
        false,
      ),
    );
    const timer = setTimeout(() => {
      source.get(id).then((e) => settle(e, true), reject);
    }, timeoutMs);
    const cleanup = (): void => {
      off();
      clearTimeout(timer);
    };
    source.get(id).then((e) => settle(e, false), reject);
  });
}
