import crypto from 'node:crypto';
import type { Context } from 'hono';
import { ApiError } from './api-error';
import type { AppEnv, Deps } from './env';
import { writeTransaction } from '../db/database';
import type { IdempotencyScope } from '../db/idempotency';

export interface OperationResult {
  status: number;
  body: unknown;
  etag: string | null;
}

const KEY_HEADER = 'Idempotency-Key';

function readKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header(KEY_HEADER);
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > 200 || key.trim() === '') {
    throw new ApiError(
      400,
      'invalid_request',
      `${KEY_HEADER} header: must be 1 to 200 characters with at least one non-whitespace character`,
    );
  }
  return key;
}

/**
 * Runs a synchronous write under the durable idempotency rules (docs/api.md, Idempotency).
 *
 * Reservation, the change itself and the stored response are one SQLite transaction, so a
 * crash can never leave a change applied without its record, or a record without its
 * change, and the record is written once, already completed. A pending reservation (from
 * another process on the same data directory) is honoured: 409 while younger than
 * 5 minutes, then treated as expired. 4xx outcomes are stored and replayed; any other
 * failure rolls the transaction back, which releases the key.
 */
export async function runIdempotent(
  c: Context<AppEnv>,
  deps: Deps,
  scopePath: string,
  operation: () => OperationResult,
): Promise<Response> {
  const key = readKey(c);
  const { repos } = deps;
  if (key === undefined) {
    const result = writeTransaction(repos.db, operation);
    return send(c, result, false);
  }
  // The body is already parsed and cached by the validator; fingerprint the parsed JSON so
  // insignificant whitespace does not count as a different request.
  const fingerprint = crypto
    .createHash('sha256')
    .update(JSON.stringify(await c.req.json()))
    .digest('base64url');
  const scope: IdempotencyScope = {
    caller: c.var.caller.user.id,
    method: c.req.method,
    path: scopePath,
    key,
  };

  const run = (): { result: OperationResult | ApiError; replayed: boolean } => {
    const now = deps.now();
    const existing = repos.idempotency.find(scope, now);
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          `${KEY_HEADER} header: this key was used with a different request body`,
        );
      }
      if (existing.state === 'pending') {
        throw new ApiError(
          409,
          'idempotency_key_in_use',
          `${KEY_HEADER} header: a request with this key is still in progress`,
        );
      }
      return {
        replayed: true,
        result: {
          status: existing.status!,
          body: JSON.parse(existing.body!),
          etag: existing.etag,
        },
      };
    }
    let result: OperationResult | ApiError;
    try {
      // Operations refuse (throw a 4xx) before they write anything, so no savepoint is
      // needed; an unexpected error rolls the whole transaction back, releasing the key.
      result = operation();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      result = error;
    }
    const stored =
      result instanceof ApiError
        ? { status: result.status, body: JSON.stringify(result.envelope), etag: null }
        : { status: result.status, body: JSON.stringify(result.body), etag: result.etag };
    // Reservation and completion in one write: nothing between them can observe it.
    repos.idempotency.complete(scope, fingerprint, stored, now);
    return { result, replayed: false };
  };
  const { result, replayed } = writeTransaction(repos.db, run);
  // Thrown only after the commit, so the stored refusal survives.
  if (result instanceof ApiError) throw result;
  return send(c, result, replayed);
}

function send(c: Context<AppEnv>, result: OperationResult, replayed: boolean): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (result.etag) headers.etag = result.etag;
  if (replayed) headers['idempotent-replayed'] = 'true';
  return c.body(JSON.stringify(result.body), result.status as 200, headers);
}
