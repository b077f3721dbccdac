/**
 * The one error type of the API client. Every failure of a call (an HTTP error status, a
 * network failure, a timeout, a response that breaks the spec) becomes an `ApiError`, so
 * callers (the outbox, the popup) branch on fields, never on message text.
 *
 * Spec, "Errors": every error body is `{ error: { code, message } }`; 403 = missing scope,
 * 409 = stale `If-Match`, 428 = `If-Match` absent. A client relies on the envelope and those
 * statuses only, handles every other status with a clear message, and treats 408, 429 and 5xx
 * as retryable.
 *
 * Messages never contain the credential: they are built from the status, the service's own
 * message and the method and path (which hold ids, never secrets).
 */

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number | null;
  code: string;
  message: string;
  retryable?: boolean;
  retryAfterMs?: number | null;
  /** The request that failed, as `METHOD /path` relative to the base URL (no query, no secrets). */
  request?: string | null;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no response arrived (network failure, timeout). */
  readonly status: number | null;
  /** The envelope's `error.code`, or `network_error`, `timeout`, `invalid_response`, `http_<status>`. */
  readonly code: string;
  readonly retryable: boolean;
  /** How long the service asked us to wait (`Retry-After`), in milliseconds, or null. */
  readonly retryAfterMs: number | null;
  readonly request: string | null;
  /**
   * The `Idempotency-Key` a failed edit or content operation was sent with: retry with it and
   * the service replays the first result instead of applying the write again.
   */
  idempotencyKey: string | null = null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.retryable = init.retryable ?? isRetryableStatus(init.status, init.code, init.kind);
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.request = init.request ?? null;
  }

  /** Plain data for storage (the outbox keeps `lastError`) and structured logs. */
  toJSON(): {
    kind: ApiErrorKind;
    status: number | null;
    code: string;
    message: string;
    retryable: boolean;
    retryAfterMs: number | null;
  } {
    return {
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

/**
 * 408, 429, 5xx, network failures and timeouts are worth retrying. So is 409
 * `idempotency_key_in_use`: the first request with that key is still running, and a later
 * retry with the same key gets its replayed result (docs/api.md, Content writes).
 */
export function isRetryableStatus(
  status: number | null,
  code: string,
  kind: ApiErrorKind,
): boolean {
  if (kind === 'network' || kind === 'timeout') return true;
  if (kind === 'invalid-response' || status === null) return false;
  if (status === 408 || status === 429 || status >= 500) return true;
  return status === 409 && code === 'idempotency_key_in_use';
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** 401: no credentials, or the token or session is unknown, expired or revoked. */
export function isUnauthenticated(e: unknown): e is ApiError {
  return isApiError(e) && e.status === 401;
}

/** 403 because the API token lacks a scope (`pages:read` or `pages:write`; spec, "Errors"). */
export function isMissingScope(e: unknown): e is ApiError {
  return isApiError(e) && e.status === 403 && e.code === 'insufficient_scope';
}

/** 403 for any other reason: too low a permission on the item, or a session-only operation. */
export function isForbidden(e: unknown): e is ApiError {
  return isApiError(e) && e.status === 403 && e.code !== 'insufficient_scope';
}

export function isNotFound(e: unknown): e is ApiError {
  return isApiError(e) && e.status === 404;
}

/**
 * 409 on `PUT /pages/{id}/content`: `If-Match` is not the current revision (spec, PUT content).
 * Any 409 of a content replacement counts, whatever its code, because the spec names the
 * status and not the code; other 409s (idempotency key in flight, folder cycles) do not.
 */
export function isStaleRevision(e: unknown): e is ApiError {
  if (!isApiError(e) || e.status !== 409) return false;
  if (e.code === 'revision_mismatch') return true;
  return e.code !== 'idempotency_key_in_use' && e.code !== 'conflict' && isContentPut(e.request);
}

function isContentPut(request: string | null): boolean {
  return request !== null && /^PUT \/pages\/[^/]+\/content$/.test(request);
}

/** 428: the content replacement was sent without `If-Match`. */
export function isPreconditionRequired(e: unknown): e is ApiError {
  return isApiError(e) && e.status === 428;
}

export function isRetryable(e: unknown): e is ApiError {
  return isApiError(e) && e.retryable;
}

/**
 * `Retry-After` is either delta-seconds or an HTTP-date (RFC 9110, 10.2.3). Anything else is
 * ignored (null) rather than trusted. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only try a date when it looks like one: Date.parse accepts odd inputs such as "1".
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
