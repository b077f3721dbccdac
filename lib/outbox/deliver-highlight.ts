/**
 * Delivering a `highlight-page` write: the page is read, the change is computed against the
 * page as it is now (`lib/clip-markdown/highlights-section.ts`) and sent as one exact edit (or,
 * for the first highlight of a page without a section, an append). Exactly once:
 *
 * - **Already there?** Before anything is sent the page is checked: an added highlight whose
 *   record is in the page, a removed one that is gone, a change the entry already shows, is
 *   saved without a write. So a retry after a lost answer, or after the worker stopped, never
 *   applies the change twice, however long after.
 * - **The same request, the same key.** The key is the write's id and the revision the edit
 *   was computed from, so a request the browser re-sends by itself on a reset connection is
 *   replayed by the service, never applied again.
 * - **Conflict-safe.** When the user (or another browser) changed the page between the read
 *   and the edit, the service refuses the edit whole (`edit_no_match`); the page is read again
 *   and the edit redone, a few times at most.
 */
import { isApiError } from '../api';
import {
  addHighlightChange,
  readHighlights,
  removeHighlightChange,
  updateHighlightChange,
  type PageChange,
} from '../clip-markdown/highlights-section';
import type { HighlightPageWrite } from '../write-request';
import type { OutboxApi } from './deliver';
import type { OutboxResult } from './entry';
import { read } from './read-retry';

/** Reads and edits in one attempt before giving up to the outbox's backoff. */
export const MAX_REDOS = 4;
const CONFLICT_CODES = new Set(['edit_no_match', 'edit_ambiguous_match', 'edit_overlap']);

/** The change still to make to `markdown`, or null when the page already has it. */
export function pendingChange(markdown: string, write: HighlightPageWrite): PageChange | null {
  const change = write.change;
  switch (change.action) {
    case 'add': {
      const present = readHighlights(markdown).highlights.some((h) => h.id === change.highlight.id);
      return present ? null : addHighlightChange(markdown, change.highlight, write.pageUrl);
    }
    case 'remove':
      return removeHighlightChange(markdown, change.id);
    case 'update': {
      // Removed meanwhile (here or in another browser): there is nothing left to change.
      const edit = updateHighlightChange(markdown, change.id, change);
      if (!edit || edit.kind !== 'edit' || edit.oldText === edit.newText) return null;
      return edit;
    }
  }
}

/** A key of at most 200 characters naming this write at this revision of the page. */
function keyFor(clipId: string, etag: string | undefined): string {
  return `${clipId}@${(etag ?? 'unknown').replace(/[^\w.-]/g, '').slice(0, 120)}`;
}

export async function deliverHighlight(
  api: OutboxApi,
  write: HighlightPageWrite,
): Promise<OutboxResult> {
  for (let round = 1; ; round++) {
    const { markdown, etag } = await read(() => api.getContent(write.pageId));
    const change = pendingChange(markdown, write);
    if (!change) return { pageId: write.pageId, etag };
    const idempotencyKey = keyFor(write.clipId, etag);
    try {
      const res =
        change.kind === 'append'
          ? await api.appendContent(
              write.pageId,
              { id: write.clipId, operation: 'append', content: change.content },
              { idempotencyKey },
            )
          : await api.applyEdits(
              write.pageId,
              [{ id: write.clipId, oldText: change.oldText, newText: change.newText }],
              { idempotencyKey },
            );
      return { pageId: write.pageId, etag: res.etag };
    } catch (err) {
      const conflict = isApiError(err) && CONFLICT_CODES.has(err.code);
      if (!conflict || round >= MAX_REDOS) throw err;
    }
  }
}
