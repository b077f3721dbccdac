import { isNotFound, isRetryable, withRetry } from '../api';
import type { AddToPageWrite } from '../write-request';
import type { OutboxEntry, OutboxResult } from './entry';
import { readPageclipId, withPageclipId } from '../clip-markdown';

/** The part of `ApiClient` (lib/api) that delivery uses; the real client satisfies it. */
export interface OutboxApi {
  createPage(input: { title: string; markdown: string; parentId: string | null }): Promise<{
    id: string;
  }>;
  resolvePages(query: {
    title: string;
    parentId?: string | null;
  }): Promise<readonly { id: string; createdAt?: string | null }[]>;
  getContent(pageId: string): Promise<{ markdown: string }>;
  trashPage(pageId: string): Promise<unknown>;
  appendContent(
    pageId: string,
    operation: { id: string; operation: AddToPageWrite['operation']; content: string },
    opts?: { idempotencyKey?: string },
  ): Promise<{ etag: string }>;
}

export interface DeliveryHooks {
  /** Persists the page an Inbox write resolved to, before anything is appended to it. */
  setTarget(pageId: string): Promise<void>;
}

/**
 * Sends one entry's write. Resolves with what was saved; rejects with the client's `ApiError`
 * (classified by the caller). Exactly-once per kind:
 * - `add-to-page`: the clipId is both the Idempotency-Key and the content-operation id, so a
 *   retry within 24 hours is replayed, never applied twice (docs/api.md, Content writes).
 * - `create-page`: `POST /pages` has no key, so when an earlier attempt may have been applied
 *   the page is looked up first (resolve by title, then the `pageclip_id` in its content), and
 *   after every create the copies are settled (see `settleCreated`).
 * - `add-to-titled-page`: the page is resolved by exact title (fixed in the entry once found),
 *   created with the note as its content when there is none (exactly-once like a create), and
 *   otherwise appended to with the key.
 */
export async function deliver(
  api: OutboxApi,
  entry: OutboxEntry,
  hooks: DeliveryHooks,
): Promise<OutboxResult> {
  const write = entry.write;
  switch (write.kind) {
    case 'add-to-page':
      return append(api, write.pageId, entry);

    case 'create-page': {
      if (entry.outcomeUnknown) {
        const found = await settleCreated(api, write.title, write.parentId, write.clipId);
        if (found) return { pageId: found };
      }
      return { pageId: await createOnce(api, write.title, write.markdown, write) };
    }

    case 'add-to-titled-page': {
      if (entry.targetPageId !== null) return append(api, entry.targetPageId, entry);
      if (entry.outcomeUnknown) {
        const found = await settleCreated(api, write.title, write.parentId, write.clipId);
        if (found) return { pageId: found };
      }
      const existing = oldest(
        await read(() => api.resolvePages({ title: write.title, parentId: write.parentId })),
      );
      if (existing) {
        await hooks.setTarget(existing.id);
        return append(api, existing.id, entry);
      }
      return { pageId: await createOnce(api, write.title, write.content, write) };
    }
  }
}

async function createOnce(
  api: OutboxApi,
  title: string,
  body: string,
  write: { clipId: string; parentId: string | null },
): Promise<string> {
  const markdown = withPageclipId(body, write.clipId);
  const page = await api.createPage({ title, markdown, parentId: write.parentId });
  return (await settleCreated(api, title, write.parentId, write.clipId, page.id)) ?? page.id;
}

async function append(api: OutboxApi, pageId: string, entry: OutboxEntry): Promise<OutboxResult> {
  const write = entry.write;
  if (write.kind === 'create-page') throw new Error('append: a create-page write has no content');
  const res = await api.appendContent(
    pageId,
    { id: write.clipId, operation: write.operation, content: write.content },
    { idempotencyKey: write.clipId },
  );
  return { pageId, etag: res.etag };
}

/**
 * Finds the page(s) this clip created and makes sure exactly one is left: keeps `keep` (the
 * page the create answered with) or else the oldest, and moves any other copy to the Trash.
 *
 * Copies happen without any retry of ours: Chromium resends a request by itself when a reused
 * keep-alive connection is closed before the answer arrives, POST included (the chaos run
 * caught two pages created 5 ms apart from one `fetch`). The spec gives `POST /pages` no
 * idempotency key, so the clip id in the frontmatter is how we notice and repair it. Returns
 * null when the clip created no page.
 *
 * Every page with the title is read, however old: skipping by `createdAt` would compare the
 * service's clock with ours, and a clock running ahead would skip the clip's own page and
 * create it again. The cost only grows with same-titled pages in one folder.
 */
export async function settleCreated(
  api: OutboxApi,
  title: string,
  parentId: string | null,
  clipId: string,
  keep?: string,
): Promise<string | null> {
  const candidates = await read(() => api.resolvePages({ title, parentId }));
  const ours: { id: string; createdAt?: string | null }[] = [];
  for (const candidate of candidates) {
    let markdown: string;
    try {
      ({ markdown } = await read(() => api.getContent(candidate.id)));
    } catch (err) {
      // Trashed or made inaccessible since the resolve: not ours to find.
      if (isNotFound(err)) continue;
      throw err;
    }
    if (readPageclipId(markdown) === clipId) ours.push(candidate);
  }
  if (ours.length === 0) return null;
  const kept = ours.find((p) => p.id === keep) ?? oldest(ours)!;
  for (const copy of ours) {
    if (copy.id === kept.id) continue;
    try {
      await read(() => api.trashPage(copy.id));
    } catch (err) {
      // Gone already: fine. Retryable: the next attempt settles again. Anything else (no
      // admin right on the copy) cannot be repaired by us; the clip itself is saved.
      if (!isNotFound(err) && isRetryable(err)) throw err;
    }
  }
  return kept.id;
}

/**
 * Reads (and the trash of a copy) are safe to repeat, so a transient failure of one of them is
 * retried at once, briefly, instead of failing the whole attempt: a create that must look up,
 * create and settle makes several requests, and under a flaky network each one would otherwise
 * push the clip a whole backoff step later. Writes are never retried here.
 */
function read<T>(fn: () => Promise<T>): Promise<T> {
  return withRetry(fn, {
    attempts: 3,
    baseDelayMs: 200,
    maxDelayMs: 1000,
    maxElapsedMs: 5000,
    maxRetryAfterMs: 5000,
  });
}

/** Several pages with the Inbox's title: always the same one, the oldest. */
function oldest<T extends { id: string; createdAt?: string | null }>(
  pages: readonly T[],
): T | undefined {
  return [...pages].sort(
    (a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id),
  )[0];
}
