/**
 * Every failure the UI shows, as a `Problem` with a code the UI can branch on and a message a
 * person can act on: unreachable service, revoked token (401), missing scope (403 names it).
 */
import { isApiError } from '../api';
import type { Problem } from '../messaging/problem';

export function problem(
  code: Problem['code'],
  message: string,
  status: number | null = null,
): Problem {
  return { code, message, status };
}

/** The scope a 403 `insufficient_scope` names, or null (the message is the service's own). */
export function missingScopeOf(message: string): string | null {
  return /pages:(read|write)/.exec(message)?.[0] ?? null;
}

export function describeError(error: unknown, serviceOrigin: string): Problem {
  if (!isApiError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return problem('other', message);
  }
  switch (error.kind) {
    case 'network':
      return problem(
        'unreachable',
        `Cannot reach the service at ${serviceOrigin}. Check that it is running and the URL is right.`,
      );
    case 'timeout':
      return problem('unreachable', `The service at ${serviceOrigin} did not answer in time.`);
    case 'invalid-response':
      return problem(
        'server-error',
        `The service at ${serviceOrigin} sent an answer Pageclip does not understand (is this the API URL, ending in /api/v1?).`,
        error.status,
      );
    case 'http':
      break;
  }
  const status = error.status;
  if (status === 401) {
    return problem(
      'unauthenticated',
      'The service no longer accepts this token (revoked, expired or unknown). Connect again with a new token or sign in.',
      401,
    );
  }
  if (status === 403 && error.code === 'insufficient_scope') {
    const scope = missingScopeOf(error.message);
    return problem(
      'insufficient-scope',
      scope
        ? `The token lacks the "${scope}" scope. Create a token with pages:read and pages:write, or sign in.`
        : `The token lacks a scope this needs (${error.message}). Create a token with pages:read and pages:write.`,
      403,
    );
  }
  if (status !== null && status >= 500) {
    return problem(
      'server-error',
      `The service had an internal error (${status}). Try again later.`,
      status,
    );
  }
  return problem('other', `${error.message} (${status ?? 'no status'})`, status);
}
