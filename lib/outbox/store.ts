import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { OutboxEntrySchema, type OutboxEntry } from './entry';

/**
 * The outbox's one `storage.local` item. Every write is in here before it is sent, so a worker
 * stop, a browser restart or a crash loses nothing.
 *
 * Parsed on read: entries that do not parse (a hand edit, a bug, a future version read by an
 * older build) are kept aside in `quarantined`, written back untouched and never dropped.
 */
export interface StoredOutbox {
  entries: unknown[];
  quarantined: unknown[];
}

export interface OutboxSnapshot {
  entries: OutboxEntry[];
  quarantined: unknown[];
}

const StoredOutboxSchema = z.object({
  entries: z.array(z.unknown()),
  quarantined: z.array(z.unknown()).default([]),
});

export const OUTBOX_STORAGE_KEY = 'local:outbox';

export const outboxItem = storage.defineItem<StoredOutbox>(OUTBOX_STORAGE_KEY, {
  fallback: { entries: [], quarantined: [] },
  version: 1,
});

export function parseStoredOutbox(raw: unknown): OutboxSnapshot {
  const stored = StoredOutboxSchema.safeParse(raw);
  if (!stored.success) return { entries: [], quarantined: raw == null ? [] : [raw] };
  const entries: OutboxEntry[] = [];
  const quarantined = [...stored.data.quarantined];
  for (const candidate of stored.data.entries) {
    const entry = OutboxEntrySchema.safeParse(candidate);
    if (entry.success) entries.push(entry.data);
    else quarantined.push(candidate);
  }
  return { entries, quarantined };
}

export async function readOutbox(): Promise<OutboxSnapshot> {
  return parseStoredOutbox(await outboxItem.getValue());
}

export async function writeOutbox(snapshot: OutboxSnapshot): Promise<void> {
  await outboxItem.setValue({ entries: snapshot.entries, quarantined: snapshot.quarantined });
}

/** Read-only view for other contexts (the popup): calls back with the parsed entries on change. */
export function watchOutbox(callback: (entries: OutboxEntry[]) => void): () => void {
  return outboxItem.watch((value) => callback(parseStoredOutbox(value).entries));
}
