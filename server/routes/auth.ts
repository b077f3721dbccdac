import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { SESSION_COOKIE } from '../http/auth';
import { readBody } from '../http/body';
import { refuseCrossSite } from '../http/same-origin';
import { clientOf, signInThrottle } from '../http/sign-in-throttle';
import type { Deps } from '../http/env';
import { SESSION_TTL_MS } from '../db/sessions';
import type { User } from '../db/users';
import { describeZodError } from '../http/validation';
import { signInPage } from './sign-in-page';

const Credentials = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1000),
});

/**
 * `return_to` is honoured only as a same-origin path: one leading slash, no scheme, no
 * `//host` or `/\host` (which browsers read as another origin), no control characters.
 * The normalised result is checked again: `/.//evil.example` and `/x/..//evil.example`
 * pass as raw strings but normalise to `//evil.example`.
 */
export function safeReturnTo(value: string | undefined | null): string | null {
  if (!value || value.length > 2000) return null;
  const sameOriginPath = (path: string) =>
    // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
    /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f\u007f\\]/.test(path);
  if (!sameOriginPath(value)) return null;
  try {
    const url = new URL(value, 'http://origin.invalid');
    if (url.origin !== 'http://origin.invalid') return null;
    const normalised = url.pathname + url.search + url.hash;
    return sameOriginPath(normalised) ? normalised : null;
  } catch {
    return null;
  }
}

const tooManyAttempts = (seconds: number) =>
  new ApiError(
    429,
    'rate_limited',
    `too many failed sign-ins for this account or from this client; try again in ${seconds} s`,
  );

/** Sign-in outside /api/v1 (docs/api.md, Sign-in): JSON for programs, a form for people. */
export function authRoutes(deps: Deps) {
  const { repos } = deps;
  const app = new Hono();
  const throttle = signInThrottle(deps.now);
  app.use('/auth/*', refuseCrossSite);
  app.use(
    '/auth/*',
    readBody(() => ({ bytes: 64 * 1024, what: 'a sign-in request' })),
  );

  const startSession = (c: Context, user: User) => {
    const { secret } = repos.sessions.create(user.id, deps.now());
    setCookie(c, SESSION_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
  };
  const currentUser = (c: Context): User | undefined => {
    const secret = getCookie(c, SESSION_COOKIE);
    const userId = secret ? repos.sessions.userIdFor(secret, deps.now()) : undefined;
    return userId ? repos.users.byId(userId) : undefined;
  };
  /** Checks the password, counting a failure against the account and the client. */
  const checkPassword = async (c: Context, email: string, password: string) => {
    const user = await repos.users.authenticate(email, password);
    if (user) throttle.succeeded(email);
    else throttle.failed(email, clientOf(c));
    return user;
  };
  const html = (c: Context, body: string, status: 200 | 401 | 429 = 200) =>
    c.html(body, status, {
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });

  app.get('/auth/sign-in', (c) => {
    const returnTo = safeReturnTo(c.req.query('return_to'));
    return html(c, signInPage({ user: currentUser(c), returnTo }));
  });

  app.post('/auth/sign-in', async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'application/json') {
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        throw new ApiError(400, 'invalid_request', 'body: malformed JSON');
      }
      const parsed = Credentials.safeParse(raw);
      if (!parsed.success)
        throw new ApiError(400, 'invalid_request', describeZodError(parsed.error, 'json'));
      const wait = throttle.retryAfter(parsed.data.email, clientOf(c));
      if (wait > 0) {
        c.header('retry-after', String(wait));
        throw tooManyAttempts(wait);
      }
      const user = await checkPassword(c, parsed.data.email, parsed.data.password);
      if (!user)
        throw new ApiError(
          401,
          'unauthenticated',
          'email or password: they do not match an account',
        );
      startSession(c, user);
      return c.json({ user: { id: user.id, email: user.email, name: user.name } }, 200);
    }
    if (type === 'application/x-www-form-urlencoded') {
      const form = await c.req.parseBody();
      const returnTo = safeReturnTo(typeof form.return_to === 'string' ? form.return_to : null);
      const email = typeof form.email === 'string' ? form.email : '';
      const parsed = Credentials.safeParse({ email, password: form.password });
      const wait = parsed.success ? throttle.retryAfter(email, clientOf(c)) : 0;
      if (wait > 0) {
        c.header('retry-after', String(wait));
        return html(c, signInPage({ returnTo, email, error: tooManyAttempts(wait).message }), 429);
      }
      const user = parsed.success
        ? await checkPassword(c, parsed.data.email, parsed.data.password)
        : undefined;
      if (!user) {
        return html(
          c,
          signInPage({
            returnTo,
            email,
            error: 'That email and password do not match an account.',
          }),
          401,
        );
      }
      startSession(c, user);
      return c.redirect(returnTo ?? '/auth/sign-in', 303);
    }
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Content-Type header: must be application/json or application/x-www-form-urlencoded',
    );
  });

  app.post('/auth/sign-out', async (c) => {
    const secret = getCookie(c, SESSION_COOKIE);
    if (secret) repos.sessions.remove(secret);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'application/x-www-form-urlencoded') return c.redirect('/auth/sign-in', 303);
    return c.body(null, 204);
  });

  return app;
}
