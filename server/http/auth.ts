import type { Context, MiddlewareHandler, Next } from 'hono';
import { getCookie } from 'hono/cookie';
import type { User } from '../db/users';
import { ApiError } from './api-error';
import { bodyUnread } from './body';
import type { AppEnv, Deps, Scope } from './env';

export const SESSION_COOKIE = 'neutral-auth.session_token';

const ALL_SCOPES: ReadonlySet<string> = new Set(['pages:read', 'pages:write']);

/** The user a browser session cookie belongs to; undefined when unknown or expired. */
export function sessionUser(deps: Deps, secret: string, now = deps.now()): User | undefined {
  const userId = deps.repos.sessions.userIdFor(secret, now);
  return userId ? deps.repos.users.byId(userId) : undefined;
}

/**
 * Authenticates every `/api/v1` request (spec, Authentication): a Bearer API token, or the
 * browser session cookie. Unknown, expired and revoked credentials are all 401
 * `unauthenticated` with the same message, so a probe learns nothing about which it was.
 */
export function authenticate(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    try {
      return await identify(deps, c, next);
    } catch (error) {
      // Refused before its body was read: close the connection rather than read the rest.
      if (error instanceof ApiError && bodyUnread(c)) c.header('connection', 'close');
      throw error;
    }
  };
}

async function identify(deps: Deps, c: Context<AppEnv>, next: Next) {
  {
    const header = c.req.header('authorization');
    const now = deps.now();
    if (header !== undefined) {
      const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
      if (!match) {
        throw new ApiError(
          401,
          'unauthenticated',
          'Authorization header: expected "Bearer <API token>"',
        );
      }
      const token = deps.repos.tokens.authenticate(match[1]!, now);
      const user = token && deps.repos.users.byId(token.userId);
      if (!token || !user) {
        throw new ApiError(
          401,
          'unauthenticated',
          'Authorization header: the API token is unknown, expired or revoked',
        );
      }
      c.set('caller', { user, via: 'token', scopes: new Set(token.scopes), tokenId: token.id });
      return next();
    }
    const session = getCookie(c, SESSION_COOKIE);
    if (session !== undefined) {
      const user = sessionUser(deps, session, now);
      if (!user) {
        throw new ApiError(
          401,
          'unauthenticated',
          `${SESSION_COOKIE} cookie: the session is unknown or expired`,
        );
      }
      c.set('caller', { user, via: 'session', scopes: ALL_SCOPES, tokenId: null });
      return next();
    }
    throw new ApiError(
      401,
      'unauthenticated',
      `Authorization header: missing; send "Bearer <API token>" or the ${SESSION_COOKIE} cookie`,
    );
  }
}

/** 403 `insufficient_scope` naming the scope the token lacks (docs/api.md, Authentication and scopes). */
export function requireScope(scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.caller.scopes.has(scope)) {
      throw new ApiError(403, 'insufficient_scope', `the API token lacks the scope ${scope}`);
    }
    return next();
  };
}

/** Token management needs a browser session (spec, Tokens); a token gets 403 `forbidden`. */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.caller.via !== 'session') {
    throw new ApiError(
      403,
      'forbidden',
      'API tokens are managed with a browser session, not an API token',
    );
  }
  return next();
};
