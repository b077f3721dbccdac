import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';

/**
 * Sign-in and sign-out change which account the browser is in, so another site must not be
 * able to post them (login and logout CSRF): a browser's `Sec-Fetch-Site` must say
 * same-origin (or `none`, typed by the user); without it, an `Origin` must be the service's
 * own. Programs that send neither are not browsers and are let through.
 */
export const refuseCrossSite: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  // Sec-Fetch-Site decides when sent: the sign-in page's no-referrer policy makes the
  // browser send `Origin: null` with its own same-origin form post.
  let sameOrigin: boolean;
  if (site !== undefined) sameOrigin = site === 'same-origin' || site === 'none';
  else if (origin === undefined) sameOrigin = true;
  else {
    try {
      sameOrigin = new URL(origin).host === (c.req.header('host') ?? '').toLowerCase();
    } catch {
      sameOrigin = false;
    }
  }
  if (!sameOrigin) {
    throw new ApiError(
      403,
      'forbidden',
      `Origin header: ${origin ?? site ?? 'another site'} may not post to ${c.req.path}; sign in on the service's own page`,
    );
  }
  return next();
};
