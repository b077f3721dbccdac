/**
 * How long the end-to-end tests wait for a condition. CI runs beside other work: on a loaded
 * 2-core machine (load average about 10) browser start-up, worker wake-ups and deliveries
 * stretch several-fold, so every wait is a condition polled up to a generous limit, never a
 * fixed pause, and the tests' own timeouts leave room for it.
 */
import type { ExtensionHarness } from './harness';
import type { ResponseOf } from '../../lib/messaging/requests';

/** The longest a test waits for one thing to show or happen. */
export const CONDITION_TIMEOUT_MS = 60_000;
/** A test's own timeout: room for a few such waits. */
export const E2E_TEST_TIMEOUT_MS = 180_000;

type Entry = ResponseOf<'outbox.wait'>;

/**
 * Follows an outbox entry until it is `saved` or `failed`, or `timeoutMs` passed (then the entry
 * as it stands). `outbox.wait` answers after at most 30 s, so it is asked again until then.
 */
export async function waitSettled(
  h: ExtensionHarness,
  id: string,
  timeoutMs = CONDITION_TIMEOUT_MS,
): Promise<Entry> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = Math.max(0, Math.min(30_000, deadline - Date.now()));
    const entry = await h.send('outbox.wait', { id, timeoutMs: left });
    if (entry.status === 'saved' || entry.status === 'failed' || Date.now() >= deadline)
      return entry;
  }
}
