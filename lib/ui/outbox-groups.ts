/**
 * How the UI sorts the outbox: entries *waiting* to be saved (retried by themselves) apart from
 * *failed* ones (they need the user), and the failures a new connection may fix, which get a
 * notice of their own. Pure, so the rules are tested without a browser.
 */
import type { Folder } from '../messaging/library';
import type { OutboxEntryView } from '../outbox/entry';

export interface OutboxGroups {
  waiting: OutboxEntryView[];
  failed: OutboxEntryView[];
}

/**
 * The outbox list's two groups. Saved entries are left out, and so are `shown` (the clip the save
 * feedback is already showing: one clip, one place) and the failures of a previous connection
 * (the reconnect notice lists those).
 */
export function groupOutbox(
  entries: readonly OutboxEntryView[],
  shown: readonly string[] = [],
): OutboxGroups {
  const groups: OutboxGroups = { waiting: [], failed: [] };
  for (const entry of entries) {
    if (shown.includes(entry.id)) continue;
    if (entry.status === 'queued' || entry.status === 'sending') groups.waiting.push(entry);
    else if (entry.status === 'failed' && !entry.previousConnection) groups.failed.push(entry);
  }
  return groups;
}

/** Failed with a connection since replaced, for a reason the new one may fix. */
export function failedWithPreviousConnection(
  entries: readonly OutboxEntryView[],
): OutboxEntryView[] {
  return entries.filter((e) => e.status === 'failed' && e.previousConnection);
}

const HEADING_LINK = /^#{1,6}\s+\[([^\]\n]+)\]\(/m;

/** The clip's own title: the new page's, or the heading of an appended section. */
export function entryTitle(entry: OutboxEntryView): string {
  const write = entry.write;
  if (write.kind === 'create-page') return write.title;
  // An update or an undo changes a page the label already names.
  if (
    write.kind === 'update-page' ||
    write.kind === 'edit-page' ||
    write.kind === 'trash-page' ||
    write.kind === 'highlight-page'
  )
    return entry.label;
  const heading = HEADING_LINK.exec(write.content)?.[1];
  if (heading) return heading;
  const firstLine = write.content.split('\n').find((line) => line.trim() !== '') ?? '';
  return firstLine.trim().slice(0, 80) || entry.label;
}

/** A folder by id (null: top level) and its name when the cached tree knows it. */
export interface FolderRef {
  id: string | null;
  name: string | null;
}

export type EntryDestination =
  | { kind: 'new-page'; folder: FolderRef }
  | { kind: 'page'; page: string; folder: FolderRef | null };

/** Where the clip goes: a new page in a folder, or an existing page (by title). */
export function entryDestination(
  entry: OutboxEntryView,
  folders: readonly Pick<Folder, 'id' | 'name'>[],
): EntryDestination {
  const folderName = (id: string | null): FolderRef => ({
    id,
    name: id === null ? null : (folders.find((f) => f.id === id)?.name ?? null),
  });
  const write = entry.write;
  switch (write.kind) {
    case 'create-page':
      return { kind: 'new-page', folder: folderName(write.parentId) };
    case 'add-to-page':
    case 'update-page':
    case 'edit-page':
    case 'trash-page':
    case 'highlight-page':
      return { kind: 'page', page: entry.label, folder: null };
    case 'add-to-titled-page':
      return { kind: 'page', page: write.title, folder: folderName(write.parentId) };
  }
}
