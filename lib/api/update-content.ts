/**
 * `updateContent`: read-modify-write of a page's markdown with optimistic concurrency, as the
 * spec prescribes for `PUT /pages/{id}/content`: read the content and its `ETag`, apply the
 * change, PUT it with `If-Match`; "after a 409 the client reads the page, reconciles, and
 * retries". Bounded: after `maxAttempts` lost races the 409 is thrown.
 *
 * A transport failure of the PUT (the response lost, a 5xx, a timeout) leaves it unknown
 * whether the write happened, so the content is read again: if it is exactly what we wrote, we
 * are done; if its `ETag` is still the one we sent, the PUT was not applied and we go again;
 * otherwise someone else wrote meanwhile and we cannot tell, so the original error is thrown
 * rather than risking applying the change twice. 428 and 403 are thrown as they are.
 */
import { isRetryable, isStaleRevision } from './errors';
import { abortableSleep } from './retry';
import type { CallOptions } from './transport';

/** Returns the new markdown, or null (or the same text) when there is nothing to write. */
export type ContentChange = (
  markdown: string,
  attempt: number,
) => string | null | Promise<string | null>;

export interface UpdateContentOptions extends CallOptions {
  /** Reads-and-PUTs before giving up on 409s. Default 10. */
  maxAttempts?: number;
  /** Cap of the jittered pause between lost races. Default 1000 ms. */
  maxBackoffMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface UpdateContentResult {
  markdown: string;
  etag: string;
  /** False when the change function asked for no write. */
  changed: boolean;
  attempts: number;
}

export interface ContentAccess {
  getContent(pageId: string, opts?: CallOptions): Promise<{ markdown: string; etag: string }>;
  replaceContent(
    pageId: string,
    markdown: string,
    opts: CallOptions & { ifMatch: string | null },
  ): Promise<{ etag: string }>;
}

export async function updateContent(
  api: ContentAccess,
  pageId: string,
  change: ContentChange,
  opts: UpdateContentOptions = {},
): Promise<UpdateContentResult> {
  const maxAttempts = Math.max(1, opts.maxAttempts ?? 10);
  const maxBackoff = opts.maxBackoffMs ?? 1000;
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  const call: CallOptions = { signal: opts.signal, timeoutMs: opts.timeoutMs };

  for (let attempt = 1; ; attempt++) {
    const current = await api.getContent(pageId, call);
    const next = await change(current.markdown, attempt);
    if (next === null || next === current.markdown) {
      return { markdown: current.markdown, etag: current.etag, changed: false, attempts: attempt };
    }
    try {
      const { etag } = await api.replaceContent(pageId, next, { ...call, ifMatch: current.etag });
      return { markdown: next, etag, changed: true, attempts: attempt };
    } catch (error) {
      if (isStaleRevision(error)) {
        if (attempt >= maxAttempts) throw error;
      } else if (isRetryable(error)) {
        const after = await api.getContent(pageId, call);
        if (after.markdown === next) {
          return { markdown: next, etag: after.etag, changed: true, attempts: attempt };
        }
        if (after.etag !== current.etag || attempt >= maxAttempts) throw error;
      } else {
        throw error;
      }
      // Lost a race: a short random pause spreads concurrent writers apart (no lock-step retries).
      await sleep(Math.floor(random() * Math.min(maxBackoff, 25 * 2 ** attempt)), opts.signal);
    }
  }
}
