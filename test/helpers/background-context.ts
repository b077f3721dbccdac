/**
 * A background context as the service worker builds it (lib/background/start-background.ts),
 * for tests that drive the background's handlers in Node: the real `ApiClient` and the real
 * `Outbox`, which asks the background for its client as the worker's does. Tests connect it
 * themselves (`connectWithToken`), so a test of connecting starts from nothing.
 */
import { ApiClient } from '../../lib/api';
import { currentClient } from '../../lib/background/client';
import type { BackgroundContext } from '../../lib/background/context';
import type { BackgroundEvent } from '../../lib/messaging/events';
import { Outbox, type OutboxDeps } from '../../lib/outbox';

/** The clock most background tests run at, so stored times read the same in every test. */
export const TEST_NOW = Date.parse('2026-11-21T10:00:00.000Z');

export function testBackground(
  opts: {
    now?: () => number;
    broadcast?: (event: BackgroundEvent) => void;
    /** The outbox's own options beside its client (its clock, autoFlush, …), or an outbox. */
    outbox?: Partial<OutboxDeps> | Outbox;
  } = {},
): BackgroundContext {
  const ctx = {
    now: opts.now ?? (() => TEST_NOW),
    randomId: () => crypto.randomUUID(),
    browserName: 'Chromium',
    broadcast: opts.broadcast ?? (() => undefined),
    createClient: (o: ConstructorParameters<typeof ApiClient>[0]) => new ApiClient(o),
  } as Omit<BackgroundContext, 'outbox'> as BackgroundContext;
  ctx.outbox =
    opts.outbox instanceof Outbox
      ? opts.outbox
      : new Outbox({ getClient: () => currentClient(ctx), ...opts.outbox });
  return ctx;
}
