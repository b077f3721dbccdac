/**
 * The one Inbox (docs/architecture.md, "The Inbox"): where quick notes go, and highlights
 * with no page chosen yet. By default a page titled `clipDefaults.inboxTitle` at the top
 * level, made on first use and found again by its id afterwards; or the page the user chose
 * in the options.
 */
import { quickNoteMarkdown } from '../clip-markdown';
import type { Inbox } from '../messaging/notes';
import type { OutboxEntry, OutboxEntryView } from '../outbox/entry';
import { clipDefaultsItem, inboxItem, readItem } from '../settings';
import type { AddToTitledPageWrite } from '../write-request';
import { submitClip } from './clips';
import type { BackgroundContext } from './context';
import { folderPathFor } from './page-folders';

/** Where notes go now: the stored Inbox, or the default one not made yet. */
export async function currentInbox(): Promise<Inbox> {
  const stored = await readItem(inboxItem);
  if (stored) return stored;
  const { inboxTitle } = await readItem(clipDefaultsItem);
  return { pageId: null, title: inboxTitle, parentId: null, folderPath: [], chosen: false };
}

/** A write adding `content` to the Inbox. */
export async function inboxWrite(
  clipId: string,
  content: string,
): Promise<{ write: AddToTitledPageWrite; label: string }> {
  const [inbox, defaults] = await Promise.all([currentInbox(), readItem(clipDefaultsItem)]);
  return {
    write: {
      kind: 'add-to-titled-page',
      clipId,
      ...(inbox.pageId !== null ? { pageId: inbox.pageId } : {}),
      title: inbox.title,
      parentId: inbox.parentId,
      operation: defaults.operation,
      content,
    },
    label: inbox.title,
  };
}

export interface NoteInput {
  clipId: string;
  text: string;
  source: { title: string; url: string } | null;
  waitMs?: number;
}

/** A quick note: its time, where it was written (unless turned off), the text; into the Inbox. */
export async function submitNote(
  ctx: BackgroundContext,
  input: NoteInput,
): Promise<OutboxEntryView> {
  const { noteSource } = await readItem(clipDefaultsItem);
  const content = quickNoteMarkdown({
    text: input.text,
    date: new Date(ctx.now()),
    source: noteSource ? input.source : null,
  });
  return submitClip(ctx, { ...(await inboxWrite(input.clipId, content)), waitMs: input.waitMs });
}

/** The user's choice in the options: a page, or `null` for the default Inbox. */
export async function chooseInbox(
  ctx: BackgroundContext,
  page: { id: string; title: string; parentId: string | null } | null,
): Promise<Inbox> {
  if (page === null) {
    await inboxItem.setValue(null);
    return currentInbox();
  }
  const inbox: Inbox = {
    pageId: page.id,
    title: page.title,
    parentId: page.parentId,
    folderPath: (await folderPathFor(ctx, page.parentId)) ?? [],
    chosen: true,
  };
  await inboxItem.setValue(inbox);
  return inbox;
}

/**
 * After an Inbox write is saved: remember the page it went to, so the next note finds it by
 * id (after a move too). Only while the Inbox is still the one the write was aimed at; a
 * choice made meanwhile in the options stands.
 */
export async function rememberInboxPage(entry: OutboxEntry): Promise<void> {
  const { write } = entry;
  if (entry.status !== 'saved' || write.kind !== 'add-to-titled-page' || !entry.result) return;
  const inbox = await currentInbox();
  const sameTarget =
    inbox.pageId === (write.pageId ?? null) &&
    inbox.title === write.title &&
    inbox.parentId === write.parentId;
  if (!sameTarget || inbox.pageId === entry.result.pageId) return;
  await inboxItem.setValue({ ...inbox, pageId: entry.result.pageId });
}
