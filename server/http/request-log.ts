import type { MiddlewareHandler } from 'hono';
import { escapeForLog } from './log-escape';

/**
 * One line per request: method, path, status, duration. The path excludes the query
 * string, and no header or body is ever logged, so tokens, cookies and content stay out;
 * control characters in the path are escaped, so one request is always one line.
 */
export function requestLog(write: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = (performance.now() - started).toFixed(1);
      write(`${c.req.method} ${escapeForLog(c.req.path)} ${c.res.status} ${ms}ms`);
    }
  };
}
