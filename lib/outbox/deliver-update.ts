import { isApiError, isStaleRevision } from '../api';
import { splitHighlights } from '../known-clips/highlights';
import type { AddToPageWrite, UpdatePageWrite } from '../write-request';
import type { OutboxResult } from './entry';
import { read } from './read-retry';

/** What updating and only-new highlights need of the API client (lib/api satisfies it). */
export interface UpdateApi {
  getContent(pageId: string): Promise<{ markdown: string; etag?: string }>;
  replaceContent(
    pageId: string,
    markdown: string,
    opts: { ifMatch: string | null },
  ): Promise<{ etag: string }>;
}

/**
 * `update-page`: one `PUT` with `If-Match`. The service refuses it (409 `revision_mismatch`,
 * or 412 from a service that answers so) when the page is no longer at that revision. That
 * happens in two cases: someone changed the page since the user decided, or an earlier attempt
 * of this very write was applied and its answer lost (the worker stopped, the network failed,
 * the browser resent the request by itself). The content tells them apart: if the page holds
 * exactly the markdown this write sends, the write is done and the entry is saved with the
 * page's current ETag; otherwise the refusal stands and the entry fails for the user to decide
 * again (docs/architecture.md, "Known clips"). A PUT is never sent without `If-Match`.
 */
export async function deliverUpdate(api: UpdateApi, write: UpdatePageWrite): Promise<OutboxResult> {
  try {
    const { etag } = await api.replaceContent(write.pageId, write.markdown, {
      ifMatch: write.ifMatch,
    });
    return { pageId: write.pageId, etag };
  } catch (err) {
    if (!isStaleRevision(err) && !(isApiError(err) && err.status === 412)) throw err;
    const current = await read(() => api.getContent(write.pageId));
    if (current.markdown === write.markdown) return { pageId: write.pageId, etag: current.etag };
    throw err;
  }
}

/** The highlights of an append that the page does not hold yet, rendered, and the counts. */
export interface FixedHighlights {
  content: string;
  counts: { added: number; already: number };
  etag?: string;
}

/**
 * Reads the page once and keeps only the highlights it does not hold. Called before anything of
 * the append is sent; the caller persists the result so a retry sends the same request.
 */
export async function fixHighlights(
  api: UpdateApi,
  write: AddToPageWrite & { highlights: NonNullable<AddToPageWrite['highlights']> },
): Promise<FixedHighlights> {
  const current = await read(() => api.getContent(write.pageId));
  const { fresh, already } = splitHighlights(current.markdown, write.highlights);
  return {
    content: fresh.map((h) => h.content).join('\n\n'),
    counts: { added: fresh.length, already: already.length },
    etag: current.etag,
  };
}
