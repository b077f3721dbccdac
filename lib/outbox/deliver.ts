import { isNotFound } from '../api';
import type { AddToPageWrite } from '../write-request';
import type { OutboxEntry, OutboxResult } from './entry';
import { readPageclipId, withPageclipId } from './pageclip-id';

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
 *   retry within 24 hours is replayed, never applied twice (decisions.md, "Idempotency").
 * - `create-page`: `POST /pages` has no key, so when an earlier attempt may have been applied
 *   the page is looked up first (resolve by title, then the `pageclip_id` in its content).
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
        const found = await findCreatedPage(api, write.title, write.parentId, write.clipId);
        if (found) return { pageId: found };
      }
      const markdown = withPageclipId(write.markdown, write.clipId);
      const page = await api.createPage({ title: write.title, markdown, parentId: write.parentId });
      return { pageId: page.id };
    }

    case 'add-to-titled-page': {
      if (entry.targetPageId !== null) return append(api, entry.targetPageId, entry);
      const candidates = await api.resolvePages({ title: write.title, parentId: write.parentId });
      if (entry.outcomeUnknown) {
        const found = await findByPageclipId(api, candidates, write.clipId);
        if (found) return { pageId: found };
      }
      const existing = oldest(candidates);
      if (existing) {
        await hooks.setTarget(existing.id);
        return append(api, existing.id, entry);
      }
      const markdown = withPageclipId(write.content, write.clipId);
      const page = await api.createPage({ title: write.title, markdown, parentId: write.parentId });
      return { pageId: page.id };
    }
  }
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

/** The page this clip created, if an earlier attempt did create it. */
export async function findCreatedPage(
  api: OutboxApi,
  title: string,
  parentId: string | null,
  clipId: string,
): Promise<string | null> {
  const candidates = await api.resolvePages({ title, parentId });
  return findByPageclipId(api, candidates, clipId);
}

async function findByPageclipId(
  api: OutboxApi,
  candidates: readonly { id: string }[],
  clipId: string,
): Promise<string | null> {
  for (const candidate of candidates) {
    let markdown: string;
    try {
      ({ markdown } = await api.getContent(candidate.id));
    } catch (err) {
      // Trashed or made inaccessible since the resolve: not ours to find.
      if (isNotFound(err)) continue;
      throw err;
    }
    if (readPageclipId(markdown) === clipId) return candidate.id;
  }
  return null;
}

/** Several pages with the Inbox's title: always the same one, the oldest. */
function oldest<T extends { id: string; createdAt?: string | null }>(
  pages: readonly T[],
): T | undefined {
  return [...pages].sort(
    (a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id),
  )[0];
}
