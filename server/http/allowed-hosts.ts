import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';

/** The names the service always answers to: it listens on 127.0.0.1 only. */
export const DEFAULT_HOST_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** The host name of a Host header, lower-cased, without its port (`[::1]:8787` is `[::1]`). */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/**
 * Answers only requests whose Host header names this service (docs/api.md, General). A web
 * page that rebinds its own domain to 127.0.0.1 reaches the service with its own name in
 * Host, so it gets 400 instead of the sign-in page, the cookie and the API.
 */
export function allowedHosts(extra: readonly string[] = []): MiddlewareHandler {
  const names = new Set<string>([...DEFAULT_HOST_NAMES, ...extra.map(hostName)]);
  return async (c, next) => {
    const header = c.req.header('host');
    if (header === undefined || !names.has(hostName(header))) {
      throw new ApiError(
        400,
        'invalid_request',
        `Host header: ${JSON.stringify(header ?? null)} is not a name this service answers to (${[...names].join(', ')}; add one with serve --allow-host)`,
      );
    }
    return next();
  };
}
