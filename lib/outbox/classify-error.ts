import { ApiError } from '../api';
import type { OutboxError } from './entry';

export interface ErrorVerdict {
  error: OutboxError;
  /** Try again later (with backoff) rather than stop for the user. */
  retry: boolean;
  /** The service may have applied the request even though we saw a failure. */
  uncertain: boolean;
  retryAfterMs: number | null;
}

/**
 * Sorts a failed attempt into "retry later" or "stop and keep for the user", and notes whether
 * the request may have been applied anyway (which makes the next create look before it leaps).
 *
 * - Network failures, timeouts, 408 and 5xx: retry; the request may have been applied (a
 *   response lost after the service committed, a 5xx after the write) so the outcome is unknown.
 * - 429: retry after `Retry-After`; a rate-limited request was not applied.
 * - 409 `idempotency_key_in_use`: the first request with this key is still running somewhere;
 *   retry, and the replay will carry its outcome (docs/api.md, "Idempotency").
 * - A response that breaks the spec (invalid JSON on a 2xx): retry; it may have been applied.
 * - Every other 4xx (400, 401 revoked token, 403, 404, 409 conflict, 413, 415, 422): a retry
 *   cannot fix it; the entry is kept as `failed` with the service's reason.
 * - Anything else thrown is a bug or an environment failure we cannot name: retried (with a
 *   growing delay) rather than dropped, and treated as possibly applied.
 */
export function classifyError(err: unknown): ErrorVerdict {
  if (err instanceof ApiError) {
    const error: OutboxError = {
      status: err.status,
      code: err.code,
      message: err.message,
      retryable: true,
    };
    const retryAfterMs = err.retryAfterMs;
    if (err.kind === 'network' || err.kind === 'timeout') {
      return { error, retry: true, uncertain: true, retryAfterMs };
    }
    const status = err.status;
    if (status === null || (err.kind === 'invalid-response' && status < 400)) {
      return { error, retry: true, uncertain: true, retryAfterMs };
    }
    if (status === 429) return { error, retry: true, uncertain: false, retryAfterMs };
    if (status === 408 || status >= 500)
      return { error, retry: true, uncertain: true, retryAfterMs };
    if (status === 409 && err.code === 'idempotency_key_in_use') {
      return { error, retry: true, uncertain: true, retryAfterMs };
    }
    return { error: { ...error, retryable: false }, retry: false, uncertain: false, retryAfterMs };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    error: { status: null, code: 'unexpected', message, retryable: true },
    retry: true,
    uncertain: true,
    retryAfterMs: null,
  };
}
