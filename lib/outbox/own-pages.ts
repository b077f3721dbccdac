/**
 * The pages a clip created, found by the `pageclip_id` in their content: how a create, which
 * `POST /pages` gives no idempotency key, is made exactly-once after the fact. Delivery settles
 * them after every create and before a create whose outcome is unknown (`settleCreated`); a
 * saved entry's late check trashes a copy that appeared after that (late-copies.ts).
 */
import { cleanTitle } from '../../contract/titles';
import { isNotFound, isRetryable } from '../api';
import { readPageclipId } from '../clip-markdown';
import type { OutboxApi } from './deliver';
import type { OutboxResult } from './entry';
import { read } from './read-retry';

export interface OwnPage {
  id: string;
  createdAt?: string | null;
  /** As read while looking. */
  etag?: string;
}

/**
 * Every page titled `title` in `parentId` whose `pageclip_id` is `clipId`.
 *
 * Looked up by the title as the service stored it: it drops bidi marks and control characters
 * (docs/api.md, Limits), and a lookup by the title as sent would miss the page and create it
 * again. Every page with the title is read, however old: skipping by `createdAt` would compare
 * the service's clock with ours, and a clock running ahead would skip the clip's own page and
 * create it again. The cost only grows with same-titled pages in one folder.
 */
export async function findOwnPages(
  api: OutboxApi,
  title: string,
  parentId: string | null,
  clipId: string,
): Promise<OwnPage[]> {
  const candidates = await read(() => api.resolvePages({ title: cleanTitle(title), parentId }));
  const ours: OwnPage[] = [];
  for (const candidate of candidates) {
    let content: { markdown: string; etag?: string };
    try {
      content = await read(() => api.getContent(candidate.id));
    } catch (err) {
      // Trashed or made inaccessible since the resolve: not ours to find.
      if (isNotFound(err)) continue;
      throw err;
    }
    if (readPageclipId(content.markdown) !== clipId) continue;
    const page: OwnPage = { id: candidate.id, createdAt: candidate.createdAt ?? null };
    ours.push(content.etag === undefined ? page : { ...page, etag: content.etag });
  }
  return ours;
}

/**
 * Moves each copy to the Trash. Gone already: fine. A retryable failure is thrown (the caller
 * tries again later). Anything else (no admin right on the copy) cannot be repaired by us.
 */
export async function trashCopies(api: OutboxApi, copies: readonly OwnPage[]): Promise<void> {
  for (const copy of copies) {
    try {
      await read(() => api.trashPage(copy.id));
    } catch (err) {
      if (!isNotFound(err) && isRetryable(err)) throw err;
    }
  }
}

/**
 * Finds the page(s) this clip created and makes sure exactly one is left: keeps `keep` (the
 * page the create answered with) or else the oldest, and moves any other copy to the Trash.
 *
 * Copies happen without any retry of ours: Chromium resends a request by itself when a reused
 * keep-alive connection is closed before the answer arrives, POST included (the chaos run
 * caught two pages created 5 ms apart from one `fetch`). The spec gives `POST /pages` no
 * idempotency key, so the clip id in the frontmatter is how we notice and repair it. Returns
 * null when the clip created no page; else the kept page and its ETag as read here (the
 * revision the clip created, which the known-clips index keeps). A retryable failure to trash
 * a copy is thrown: the next attempt settles again; the clip itself is saved either way.
 */
export async function settleCreated(
  api: OutboxApi,
  title: string,
  parentId: string | null,
  clipId: string,
  keep?: string,
): Promise<OutboxResult | null> {
  const ours = await findOwnPages(api, title, parentId, clipId);
  if (ours.length === 0) return null;
  const kept = ours.find((p) => p.id === keep) ?? oldest(ours)!;
  await trashCopies(
    api,
    ours.filter((p) => p.id !== kept.id),
  );
  return kept.etag === undefined ? { pageId: kept.id } : { pageId: kept.id, etag: kept.etag };
}

/** Several pages with the same title (the Inbox, a clip's copies): always the same one, the oldest. */
export function oldest<T extends { id: string; createdAt?: string | null }>(
  pages: readonly T[],
): T | undefined {
  return [...pages].sort(
    (a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id),
  )[0];
}
