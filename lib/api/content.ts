/**
 * Page content: read, replace with `If-Match`, exact edits, append and prepend, and the
 * read-modify-write `updateContent` (the spec, Pages).
 */
import { operations as ops, type ContentOperation, type EditItem } from '../../contract';
import { isReplayed, requireEtag, requireMarkdown } from './answers';
import type { Caller } from './call';
import { isApiError } from './errors';
import { withRetry, type RetryOptions } from './retry';
import type { CallOptions } from './transport';
import {
  updateContent,
  type ContentChange,
  type UpdateContentOptions,
  type UpdateContentResult,
} from './update-content';

export interface IdempotentCallOptions extends CallOptions {
  /** Sent as `Idempotency-Key`; a fresh `crypto.randomUUID()` when absent. */
  idempotencyKey?: string;
  /**
   * Retry retryable failures inside the call, always with the same key (so a request the
   * service applied but whose answer was lost is replayed, not applied twice).
   */
  retry?: boolean | RetryOptions;
}

export interface ContentOperationResult {
  id: string;
  etag: string;
  /** True when the service replayed a stored answer (`Idempotent-Replayed: true`). */
  replayed: boolean;
  idempotencyKey: string;
}

export interface EditsResult {
  results: { id?: string; status?: string }[];
  etag: string;
  replayed: boolean;
  idempotencyKey: string;
}

export interface PageContent {
  markdown: string;
  etag: string;
}

/** Runs an idempotent write once, or under `withRetry`, always with one key. */
async function idempotent<T>(
  opts: IdempotentCallOptions,
  send: (key: string, call: CallOptions) => Promise<T>,
): Promise<T> {
  const key = opts.idempotencyKey ?? crypto.randomUUID();
  const call: CallOptions = { signal: opts.signal, timeoutMs: opts.timeoutMs };
  try {
    if (!opts.retry) return await send(key, call);
    const retryOpts = opts.retry === true ? {} : opts.retry;
    return await withRetry(() => send(key, call), { signal: opts.signal, ...retryOpts });
  } catch (error) {
    // The caller needs the key to retry later without applying the write twice.
    if (isApiError(error)) error.idempotencyKey = key;
    throw error;
  }
}

export function contentApi(api: Caller) {
  const content = {
    /** The page's markdown and its revision (`ETag`, required: without it no safe write exists). */
    async getContent(pageId: string, opts?: CallOptions): Promise<PageContent> {
      const { raw, request } = await api.send(ops.getContent, { params: { pageId } }, opts);
      requireMarkdown(raw, request);
      return { markdown: raw.text, etag: requireEtag(raw, request) };
    },

    /**
     * Replaces the whole markdown if the page is still at revision `ifMatch` (spec: 409 when it
     * is not, 428 when `ifMatch` is null, i.e. the header is left out).
     */
    async replaceContent(
      pageId: string,
      markdown: string,
      opts: CallOptions & { ifMatch: string | null },
    ): Promise<{ etag: string }> {
      const headers: Record<string, string> = {};
      if (opts.ifMatch !== null) headers['if-match'] = opts.ifMatch;
      const input = { params: { pageId }, text: markdown, headers };
      const { raw, request } = await api.send(ops.replaceContent, input, opts);
      return { etag: requireEtag(raw, request) };
    },

    /**
     * Exact text edits, all or nothing (spec, POST /pages/{id}/edits). Idempotent under its key:
     * the result carries the key, and `retry` retries with it.
     */
    applyEdits(
      pageId: string,
      edits: EditItem[],
      opts: IdempotentCallOptions = {},
    ): Promise<EditsResult> {
      return idempotent(opts, async (key, call) => {
        const input = { params: { pageId }, json: { edits }, headers: { 'idempotency-key': key } };
        const { raw, request } = await api.send(ops.applyEdits, input, call);
        const body = api.read(ops.applyEdits, raw, request);
        const etag = raw.headers.get('etag') ?? body.etag;
        return { results: body.results, etag, replayed: isReplayed(raw), idempotencyKey: key };
      });
    },

    /**
     * Appends or prepends markdown (spec, POST /pages/{id}/content-operations). `operation.id`
     * is the client's id for the operation; the outbox uses its clip id for both it and the key.
     */
    appendContent(
      pageId: string,
      operation: ContentOperation,
      opts: IdempotentCallOptions = {},
    ): Promise<ContentOperationResult> {
      const { id, content: markdown } = operation;
      const json = { id, operation: operation.operation, content: markdown };
      return idempotent(opts, async (key, call) => {
        const input = { params: { pageId }, json, headers: { 'idempotency-key': key } };
        const { raw, request } = await api.send(ops.applyContentOperation, input, call);
        const body = api.read(ops.applyContentOperation, raw, request);
        const etag = raw.headers.get('etag') ?? body.etag;
        return { id: body.id, etag, replayed: isReplayed(raw), idempotencyKey: key };
      });
    },

    /** Read, change, `PUT` with `If-Match`, again on 409 (see `update-content.ts`). */
    updateContent(
      pageId: string,
      change: ContentChange,
      opts?: UpdateContentOptions,
    ): Promise<UpdateContentResult> {
      return updateContent(content, pageId, change, opts);
    },
  };
  return content;
}
export type ContentApi = ReturnType<typeof contentApi>;
