import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';
import type { AppEnv } from './env';

const MARKDOWN = /^text\/markdown\s*(;|$)/i;

/**
 * Routes whose body is a markdown document (PUT content, page import) answer 415
 * `unsupported_media_type` to anything else (docs/api.md, Errors), before any other check
 * reads the body.
 */
export const requireMarkdown: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!MARKDOWN.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'unsupported_media_type', 'Content-Type header: must be text/markdown');
  }
  return next();
};
