/**
 * Undo of one write from the on-page confirmation. A write still waiting in the outbox is
 * simply taken out of it. A saved append is taken back out of its page with one exact edit
 * (`undoAddedContent`), sent through the outbox under its own key; a saved new page goes to the
 * Trash, only while it is still as the clip made it. When the page changed so that the appended
 * text is no longer there exactly once, or a clipped page was edited since, nothing is removed.
 * An append of highlights the page already held sent nothing, so there is nothing to undo: its
 * text in the page is the earlier copy, which must stay.
 */
import { isApiError } from '../api';
import { undoAddedContent } from '../clip-markdown/undo-append';
import type { OutboxEntry } from '../outbox/entry';
import type { WriteRequest } from '../write-request';
import { currentClient } from './client';
import type { BackgroundContext } from './context';
import { appendedNothing, type UndoState } from './confirmation-view';
import { t } from './i18n';

/** How long Undo waits for the service before saying it is queued. */
const UNDO_WAIT_MS = 10_000;
const CHANGED_CODES = new Set([
  'edit_no_match',
  'edit_ambiguous_match',
  'edit_overlap',
  'revision_mismatch',
]);

type Outcome = Exclude<UndoState, { kind: 'idle' } | { kind: 'busy' }>;

const failed = (message: string): Outcome => ({ kind: 'failed', message });

export async function undoWrite(ctx: BackgroundContext, entryId: string): Promise<Outcome> {
  if (await ctx.outbox.discardUnsent(entryId)) return { kind: 'discarded' };
  let entry = await ctx.outbox.get(entryId);
  if (!entry) return failed(t('confirmUndoGone', 'it is no longer in Pageclip'));
  if (entry.status !== 'saved') {
    // Being sent, or an earlier attempt may have arrived: its outcome decides.
    entry = await ctx.outbox.waitFor(entryId, UNDO_WAIT_MS);
    if (entry.status === 'failed' && !entry.outcomeUnknown) {
      await ctx.outbox.discard(entryId);
      return { kind: 'discarded' };
    }
    if (entry.status !== 'saved')
      return failed(
        t(
          'confirmUndoNotYet',
          'it may have reached the service already; try again once it is saved',
        ),
      );
  }
  let undo: WriteRequest | Outcome;
  try {
    undo = await undoRequest(ctx, entry);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  if (!('clipId' in undo)) return undo;
  await ctx.outbox.enqueue(undo, t('confirmUndoLabel', 'Undo: $1', [entry.label]));
  void ctx.outbox.flush().catch(() => undefined);
  const settled = await ctx.outbox.waitFor(undo.clipId, UNDO_WAIT_MS);
  if (settled.status === 'saved') return { kind: 'undone' };
  if (settled.status !== 'failed') return { kind: 'queued' };
  // A refused undo changed nothing; keeping it would only offer a Retry that cannot succeed.
  await ctx.outbox.discard(undo.clipId);
  if (settled.lastError && CHANGED_CODES.has(settled.lastError.code)) return { kind: 'changed' };
  return failed(settled.lastError?.message ?? '');
}

/** The write that undoes a saved entry, or why there is none. */
async function undoRequest(
  ctx: BackgroundContext,
  entry: OutboxEntry,
): Promise<WriteRequest | Outcome> {
  const write = entry.write;
  const pageId = entry.result?.pageId;
  if (!pageId) return failed(t('confirmUndoUnknownPage', 'the page it went to is not known'));
  if (appendedNothing(entry)) return { kind: 'already' };
  const clipId = ctx.randomId();
  if (
    write.kind !== 'create-page' &&
    write.kind !== 'add-to-page' &&
    write.kind !== 'add-to-titled-page'
  )
    return failed(t('confirmUndoUnsupported', 'this cannot be undone'));
  const client = await currentClient(ctx);
  if (!client) return failed(t('confirmUndoNotConnected', 'Pageclip is not connected'));
  let current: { markdown: string; etag: string };
  try {
    current = await client.getContent(pageId);
  } catch (error) {
    if (isApiError(error)) return failed(error.message);
    throw error;
  }
  // Only a page the clip made holds nothing else; an Inbox made by a highlight may have
  // received other notes since, so its text is taken out like any append.
  if (write.kind === 'create-page') {
    // Trash takes no If-Match (docs/api.md), so the page is read first and compared with the
    // ETag the clip's confirmation recorded: an edit since (or an unknown revision) keeps it.
    // The outbox checks it again right before trashing (`ifMatch`), which narrows the window
    // to that read and the trash request.
    const recorded = entry.result?.etag;
    if (recorded === undefined || recorded !== current.etag) return { kind: 'changed' };
    return { kind: 'trash-page', clipId, pageId, ifMatch: recorded };
  }
  const edit = undoAddedContent(
    current.markdown,
    { operation: write.operation, content: write.content },
    entry.result?.etag === current.etag,
  );
  if (!edit) return { kind: 'changed' };
  return { kind: 'edit-page', clipId, pageId, ...edit };
}
