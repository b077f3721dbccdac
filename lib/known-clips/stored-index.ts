/**
 * The stored known-clips index as last read or written, kept in memory: the index is one
 * `storage.local` item that grows to about a megabyte at 5,000 clips, and every lookup (a popup
 * on a page, the toolbar mark of each open tab after a save) would otherwise read all of it,
 * and reads of that size queue in the extension's one storage channel ahead of the outbox's
 * small reads and writes.
 *
 * The copy is trusted only while its `storage.onChanged` listener is registered: any change,
 * from this context or another, replaces it with the new value, and a context whose listeners
 * were removed reads storage again.
 */
import { browser } from 'wxt/browser';

export type StoredIndex = Record<string, unknown>;

export const KNOWN_CLIPS_KEY = 'knownClips';

let memo: Promise<StoredIndex> | null = null;

function onChanged(changes: Record<string, { newValue?: unknown }>, area: string): void {
  if (area !== 'local' || !(KNOWN_CLIPS_KEY in changes)) return;
  const next = changes[KNOWN_CLIPS_KEY]!.newValue;
  memo = Promise.resolve(isIndex(next) ? next : {});
}

function isIndex(value: unknown): value is StoredIndex {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listening(): boolean {
  try {
    return browser.storage.onChanged.hasListener(onChanged);
  } catch {
    return false;
  }
}

/** The stored index (not to be modified: it is shared); read from storage at most once. */
export function storedIndex(read: () => Promise<unknown>): Promise<StoredIndex> {
  if (memo && listening()) return memo;
  try {
    browser.storage.onChanged.addListener(onChanged);
  } catch {
    // No change events here: read every time.
  }
  const reading = read().then((value) => (isIndex(value) ? value : {}));
  memo = reading;
  // A failed read is not kept.
  reading.catch(() => {
    if (memo === reading) memo = null;
  });
  return reading;
}

/** What was just written, without waiting for its change event. */
export function wroteIndex(value: StoredIndex): void {
  if (listening()) memo = Promise.resolve(value);
}
