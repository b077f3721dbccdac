/**
 * What the on-page confirmation says for an outbox entry and the state of its Undo: one pure
 * mapping, so every wording is decided here and the injected script only renders text.
 */
import type { ConfirmationView } from '../messaging/confirmation';
import type { OutboxEntry } from '../outbox/entry';
import { t } from './i18n';

/** Where Undo stands for one confirmation. */
export type UndoState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'undone' }
  /** The write was still waiting and is gone from the outbox: nothing ever reached the service. */
  | { kind: 'discarded' }
  /** The append sent nothing (the page already held it): the page's copy is not ours to take. */
  | { kind: 'already' }
  /** The exact text is no longer on the page once: nothing was removed. */
  | { kind: 'changed' }
  /** The undo itself waits in the outbox for the service. */
  | { kind: 'queued' }
  | { kind: 'failed'; message: string };

type Status =
  | (Pick<OutboxEntry, 'status' | 'lastError'> & Partial<Pick<OutboxEntry, 'write' | 'result'>>)
  | null;

/**
 * A saved append that sent nothing: every highlight it carried was already in the page. Its
 * recorded `content` is still the quote and its ETag the page's, so an undo computed from them
 * would take out the earlier copy.
 */
export function appendedNothing(entry: Partial<Pick<OutboxEntry, 'write' | 'result'>>): boolean {
  if (entry.result?.highlights?.added === 0) return true;
  return entry.write?.kind === 'add-to-page' && entry.write.highlightCounts?.added === 0;
}

function base(
  tone: ConfirmationView['tone'],
  message: string,
  undo: ConfirmationView['undo'],
): ConfirmationView {
  return {
    tone,
    message,
    undo,
    undoLabel: t('confirmUndo', 'Undo'),
    closeLabel: t('confirmClose', 'Close'),
    label: t('extName', 'Pageclip'),
  };
}

/** `destination` names where the write goes: "Reading / Foxes". */
export function confirmationView(
  entry: Status,
  undo: UndoState,
  destination: string,
): ConfirmationView {
  switch (undo.kind) {
    case 'busy':
      return base('progress', t('confirmUndoing', 'Undoing…'), 'busy');
    case 'undone':
      return base('done', t('confirmUndone', 'Undone: removed from “$1”', [destination]), 'hidden');
    case 'discarded':
      return base('done', t('confirmDiscarded', 'Undone: it was never sent'), 'hidden');
    case 'already':
      return base(
        'done',
        t('confirmAlready', 'Already in “$1”: nothing was added', [destination]),
        'hidden',
      );
    case 'changed':
      return base(
        'problem',
        t('confirmPageChanged', 'The page changed since; nothing was undone'),
        'hidden',
      );
    case 'queued':
      return base(
        'progress',
        t('confirmUndoQueued', 'Undo queued: it will be done when the service is reachable'),
        'hidden',
      );
    case 'failed':
      return base(
        'problem',
        t('confirmUndoFailed', 'Nothing was undone: $1', [undo.message]),
        'available',
      );
    case 'idle':
      break;
  }
  if (entry === null)
    return base('problem', t('confirmGone', 'This clip is no longer in Pageclip'), 'hidden');
  switch (entry.status) {
    case 'saved':
      // Nothing was written, so there is nothing to undo (and no Undo to offer).
      if (appendedNothing(entry))
        return base(
          'done',
          t('confirmAlready', 'Already in “$1”: nothing was added', [destination]),
          'hidden',
        );
      return base('done', t('confirmAdded', 'Added to “$1”', [destination]), 'available');
    case 'failed':
      return base(
        'problem',
        t('confirmFailed', 'Not saved to “$1”: $2', [destination, entry.lastError?.message ?? '']),
        'hidden',
      );
    case 'queued':
    case 'sending':
      if (entry.lastError)
        return base(
          'progress',
          t('confirmQueued', 'Queued for “$1”: it will be saved when the service is reachable', [
            destination,
          ]),
          'available',
        );
      return base('progress', t('confirmSaving', 'Saving to “$1”…', [destination]), 'available');
  }
}
