import { browser } from 'wxt/browser';
import { createOutboxBadge, type OutboxBadge } from './badge';
import type { Outbox } from './outbox';

/** The alarm that wakes a stopped service worker when the next attempt is due. */
export const OUTBOX_ALARM = 'pageclip-outbox';

// Chrome fires an alarm no earlier than ~30 s after creation for packed extensions; while the
// worker is alive the Outbox's own timer is faster, the alarm is for after a stop. Alarms
// survive a browser restart in Chrome by default (`persistAcrossSessions`, not passed: Firefox
// rejects unknown properties); `runtime.onStartup` below covers browsers where they do not.
// https://developer.chrome.com/docs/extensions/reference/api/alarms
const MIN_ALARM_DELAY_MS = 1000;

/** Pass as `new Outbox({ schedule: scheduleOutboxAlarm })`. */
export function scheduleOutboxAlarm(at: number | null): void {
  const done = (p: Promise<unknown>): void => void p.catch(() => undefined);
  if (at === null) {
    done(browser.alarms.clear(OUTBOX_ALARM));
    return;
  }
  done(
    browser.alarms.create(OUTBOX_ALARM, { when: Math.max(at, Date.now() + MIN_ALARM_DELAY_MS) }),
  );
}

/**
 * Connects the background's one Outbox to the browser: a flush at start-up (a worker woken
 * after a stop, a browser restart) and on the outbox alarm, a flush without waiting out the
 * backoff when the browser comes back online, and the badge. Call synchronously in the
 * background's `main()`, so the listeners exist before the event that woke the worker is
 * dispatched (MV3 service-worker rule). Returns an undo.
 */
export function wireOutbox(
  outbox: Outbox,
  opts: {
    badge?: OutboxBadge;
    /** Where `online` is dispatched: the worker's global scope (`self`) unless a test passes one. */
    events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  } = {},
): () => void {
  const badge = opts.badge ?? createOutboxBadge();
  const events = opts.events ?? (globalThis as Partial<EventTarget>);
  const flush = (): void => void outbox.flush().catch((err) => console.error('outbox:', err));
  const wake = (): void => void outbox.wake().catch((err) => console.error('outbox:', err));
  const onAlarm = (alarm: { name: string }): void => {
    if (alarm.name === OUTBOX_ALARM) flush();
  };
  browser.alarms.onAlarm.addListener(onAlarm);
  // Alarms are not guaranteed to survive a browser restart; start-up flushes anyway.
  browser.runtime.onStartup.addListener(flush);
  events.addEventListener?.('online', wake);
  const offChange = outbox.onChange((entries) => void badge.update(entries).catch(() => undefined));
  const offSettled = outbox.onSettled(
    (entry) =>
      void badge.flash(entry.status === 'saved' ? 'saved' : 'failed').catch(() => undefined),
  );
  void outbox
    .list()
    .then((entries) => badge.update(entries))
    .catch(() => undefined);
  flush();
  return () => {
    browser.alarms.onAlarm.removeListener(onAlarm);
    browser.runtime.onStartup.removeListener(flush);
    events.removeEventListener?.('online', wake);
    offChange();
    offSettled();
  };
}
