/**
 * The service's one error type. Routes and repositories throw it; the app's error handler
 * renders the envelope `{ error: { code, message } }` (docs/api.md, Errors). The message
 * always names the offending field, header or item.
 */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthenticated'
  | 'insufficient_scope'
  | 'forbidden'
  | 'not_found'
  | 'revision_mismatch'
  | 'idempotency_key_in_use'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'idempotency_key_reused'
  | 'edit_no_match'
  | 'edit_ambiguous_match'
  | 'edit_overlap'
  | 'precondition_required'
  | 'rate_limited'
  | 'internal_error';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 428 | 429 | 500;

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string };
}

export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;

  constructor(status: ErrorStatus, code: ErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }

  get envelope(): ErrorEnvelope {
    return { error: { code: this.code, message: this.message } };
  }
}

export const invalid = (message: string) => new ApiError(400, 'invalid_request', message);
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found`);
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);
export const tooLarge = (message: string) => new ApiError(413, 'payload_too_large', message);
