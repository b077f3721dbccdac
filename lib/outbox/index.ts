/**
 * The durable outbox: every write is persisted in `storage.local` before it is sent,
 * and delivered exactly once, in order per page, whatever the network, the service or the
 * browser does. The background owns the one `Outbox`; other contexts only read (`watchOutbox`).
 */
export { Outbox, type OutboxDeps } from './outbox';
export type { OutboxEntry, OutboxError, OutboxResult, OutboxStatus } from './entry';
export { OutboxEntrySchema } from './entry';
export type { OutboxApi } from './deliver';
export { DEFAULT_POLICY, type OutboxPolicy } from './policy';
export { REPLAY_WINDOW_CODE } from './state';
export { refusedCredentials } from './schedule';
export { readOutbox, watchOutbox } from './store';
export { createOutboxBadge, failedCount, type OutboxBadge } from './badge';
export { OUTBOX_ALARM, scheduleOutboxAlarm, wireOutbox } from './wire-outbox';
