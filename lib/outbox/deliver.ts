import { cleanTitle } from '../../contract/titles';
import { ApiError, isNotFound } from '../api';
import type { AddToPageWrite } from '../write-request';
import { deliverUpdate, fixHighlights, type UpdateApi } from './deliver-update';
import type { OutboxEntry, OutboxResult } from './entry';
import { withoutEmbeddedImages } from '../images/embedded';
import { withPageclipId } from '../clip-markdown';
import { deliverHighlight } from './deliver-highlight';
import { read } from './read-retry';
import { deliverWithImages, type ImageKeeper } from './deliver-import';
import type { ImageProgress } from '../images/report';
import { oldest, settleCreated } from './own-pages';

/** The part of `ApiClient` (lib/api) that delivery uses; the real client satisfies it. */
export interface OutboxApi extends UpdateApi {
  createPage(input: { title: string; markdown: string; parentId: string | null }): Promise<{
    id: string;
  }>;
  resolvePages(query: {
    title: string;
    parentId?: string | null;
  }): Promise<readonly { id: string; createdAt?: string | null }[]>;
  trashPage(pageId: string): Promise<unknown>;
  appendContent(
    pageId: string,
    operation: { id: string; operation: AddToPageWrite['operation']; content: string },
    opts?: { idempotencyKey?: string },
  ): Promise<{ etag: string }>;
  applyEdits(
    pageId: string,
    edits: { id: string; oldText: string; newText: string }[],
    opts?: { idempotencyKey?: string },
  ): Promise<{ etag: string }>;
}

export interface DeliveryHooks {
  /** Persists the page an Inbox write resolved to, before anything is appended to it. */
  setTarget(pageId: string): Promise<void>;
  /** Persists which highlights an append sends (only those the page lacks), before sending. */
  fixHighlights(content: string, counts: { added: number; already: number }): Promise<void>;
  /** A new page with kept images: where they come from, and its progress persisted. */
  images?: { keeper: ImageKeeper; progress(progress: ImageProgress): Promise<void> };
}

/**
 * Sends one entry's write. Resolves with what was saved; rejects with the client's `ApiError`
 * (classified by the caller). Exactly-once per kind:
 * - `add-to-page`: the clipId is both the Idempotency-Key and the content-operation id, so a
 *   retry within 24 hours is replayed, never applied twice (docs/api.md, Content writes).
 * - `create-page` with kept images: the vault import, exactly-once the same way
 *   (`deliver-import.ts`).
 * - `create-page`: `POST /pages` has no key, so when an earlier attempt may have been applied
 *   the page is looked up first (resolve by title, then the `pageclip_id` in its content), and
 *   after every create the copies are settled (`settleCreated`, own-pages.ts). A copy made
 *   by an abandoned attempt's request that reaches the service only after the entry was saved
 *   is trashed later, by the saved entry's late check (late-copies.ts).
 * - `add-to-titled-page` (the Inbox): the page it was last found at when it still exists (the
 *   same key makes a retry there a replay); else the page is resolved by exact title (fixed in
 *   the entry once found),
 *   created with the note as its content when there is none (exactly-once like a create,
 *   late check included), and otherwise appended to with the key.
 * - `update-page`: `PUT` with `If-Match`, confirmed by the content on a refusal (see
 *   `deliver-update.ts`).
 * - `edit-page` (an Undo): one exact edit, under the clipId as key; the service refuses it
 *   whole (422 `edit_no_match`, `edit_ambiguous_match`) when the text is no longer there once.
 * - `trash-page` (an Undo of a new page): moving a trashed page to the Trash again is a no-op;
 *   with `ifMatch`, only a page still at that revision is trashed (see `unchangedSince`).
 * - `highlight-page`: the page is read and the change applied only when not already there
 *   (see `deliver-highlight.ts`).
 */
export async function deliver(
  api: OutboxApi,
  entry: OutboxEntry,
  hooks: DeliveryHooks,
): Promise<OutboxResult> {
  const write = entry.write;
  switch (write.kind) {
    case 'add-to-page': {
      if (write.highlights) {
        const fixed = await fixHighlights(api, { ...write, highlights: write.highlights });
        await hooks.fixHighlights(fixed.content, fixed.counts);
        if (fixed.counts.added === 0) {
          return { pageId: write.pageId, etag: fixed.etag, highlights: fixed.counts };
        }
        const sent = { ...entry, write: { ...write, content: fixed.content } };
        return { ...(await append(api, write.pageId, sent)), highlights: fixed.counts };
      }
      const counts = write.highlightCounts;
      // Fixed earlier with nothing new (the worker stopped before recording the success).
      if (counts?.added === 0) return { pageId: write.pageId, highlights: counts };
      const result = await append(api, write.pageId, entry);
      return counts ? { ...result, highlights: counts } : result;
    }

    case 'update-page':
      return deliverUpdate(api, write);

    case 'create-page': {
      if (write.keepImages && hooks.images) {
        return deliverWithImages(api, entry, write, hooks.images.keeper, hooks.images);
      }
      if (entry.outcomeUnknown) {
        const found = await settleCreated(api, write.title, write.parentId, write.clipId);
        if (found) return found;
      }
      // Embedded images are stored only through the import: their references never go out.
      return createOnce(api, write.title, withoutEmbeddedImages(write.markdown).markdown, write);
    }

    case 'add-to-titled-page': {
      if (entry.targetPageId !== null) return append(api, entry.targetPageId, entry);
      if (write.pageId !== undefined) {
        // The Inbox as last found: wherever it was moved. Gone (deleted, no longer shared):
        // found again by title below, or made anew.
        try {
          return await append(api, write.pageId, entry);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      if (entry.outcomeUnknown) {
        const found = await settleCreated(api, write.title, write.parentId, write.clipId);
        if (found) return found;
      }
      const existing = oldest(
        await read(() =>
          api.resolvePages({ title: cleanTitle(write.title), parentId: write.parentId }),
        ),
      );
      if (existing) {
        await hooks.setTarget(existing.id);
        return append(api, existing.id, entry);
      }
      return createOnce(api, write.title, write.content, write);
    }

    case 'edit-page': {
      const edit = { id: write.clipId, oldText: write.oldText, newText: write.newText };
      const res = await api.applyEdits(write.pageId, [edit], { idempotencyKey: write.clipId });
      return { pageId: write.pageId, etag: res.etag };
    }

    case 'trash-page':
      if (write.ifMatch !== undefined) await unchangedSince(api, write.pageId, write.ifMatch);
      await api.trashPage(write.pageId);
      return { pageId: write.pageId };

    case 'highlight-page':
      return deliverHighlight(api, write);
  }
}

/**
 * Trash has no `If-Match` (docs/api.md), so the page is read and its ETag compared right before
 * the trash request; an edit in between those two is the one case not caught. A page already
 * gone (404: trashed by an earlier attempt of this write) is left to the trash call, a no-op.
 */
async function unchangedSince(api: OutboxApi, pageId: string, etag: string): Promise<void> {
  let current: { etag?: string };
  try {
    current = await read(() => api.getContent(pageId));
  } catch (err) {
    if (isNotFound(err)) return;
    throw err;
  }
  if (current.etag === etag) return;
  throw new ApiError({
    kind: 'http',
    status: 409,
    code: 'revision_mismatch',
    message: 'The page changed since it was clipped; it was not moved to the Trash.',
    retryable: false,
    request: `DELETE /pages/${pageId}/trash`,
  });
}

async function createOnce(
  api: OutboxApi,
  title: string,
  body: string,
  write: { clipId: string; parentId: string | null },
): Promise<OutboxResult> {
  const markdown = withPageclipId(body, write.clipId);
  const page = await api.createPage({ title, markdown, parentId: write.parentId });
  return (
    (await settleCreated(api, title, write.parentId, write.clipId, page.id)) ?? { pageId: page.id }
  );
}

async function append(api: OutboxApi, pageId: string, entry: OutboxEntry): Promise<OutboxResult> {
  const write = entry.write;
  if (write.kind !== 'add-to-page' && write.kind !== 'add-to-titled-page')
    throw new Error(`append: a ${write.kind} write has no content`);
  const res = await api.appendContent(
    pageId,
    { id: write.clipId, operation: write.operation, content: write.content },
    { idempotencyKey: write.clipId },
  );
  return { pageId, etag: res.etag };
}
