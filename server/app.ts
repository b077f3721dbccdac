import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Repositories } from './db/repositories';
import { accessControl } from './domain/access';
import { ApiError } from './http/api-error';
import { authenticate } from './http/auth';
import { allowedHosts } from './http/allowed-hosts';
import { apiBodyCap, readBody, refuseDeclaredOversize } from './http/body';
import { newRouter, type AppEnv, type Deps } from './http/env';
import { escapeForLog } from './http/log-escape';
import { requestLog } from './http/request-log';
import { authRoutes } from './routes/auth';
import { exportsRoutes } from './routes/exports';
import { foldersRoutes } from './routes/folders';
import { imagesRoutes } from './routes/images';
import { importsRoutes } from './routes/imports';
import { meRoutes } from './routes/me';
import { pageContentRoutes } from './routes/page-content';
import { pagesRoutes } from './routes/pages';
import { tokensRoutes } from './routes/tokens';
import { trashRoutes } from './routes/trash';
import { viewRoutes } from './routes/view';

export interface AppOptions {
  repos: Repositories;
  /** Where request log lines go; undefined turns the log off (`--quiet`). */
  log?: ((line: string) => void) | undefined;
  now?: () => number;
  /** Host names answered besides 127.0.0.1, localhost and [::1] (`serve --allow-host`). */
  allowedHosts?: readonly string[];
}

function toEnvelope(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    // Raised by hono's own validators before our handlers run.
    if (error.status === 415) {
      return new ApiError(
        415,
        'unsupported_media_type',
        'Content-Type header: this operation takes application/json',
      );
    }
    if (error.status === 413) return new ApiError(413, 'payload_too_large', 'body: too large');
    if (error.status === 400) return new ApiError(400, 'invalid_request', 'body: malformed JSON');
  }
  return new ApiError(
    500,
    'internal_error',
    'the service failed unexpectedly; the request was not applied',
  );
}

export function createApp(options: AppOptions) {
  const repos = options.repos;
  const deps: Deps = { repos, access: accessControl(repos), now: options.now ?? Date.now };

  const app = new Hono<AppEnv>();
  if (options.log) app.use('*', requestLog(options.log));
  app.use('*', allowedHosts(options.allowedHosts));
  // Set before the handler runs: a header added after the response exists forces hono to
  // rebuild it as a full web Response, the slow path of @hono/node-server.
  app.use('*', async (c, next) => {
    c.header('x-content-type-options', 'nosniff');
    return next();
  });

  app.route('/', authRoutes(deps));
  app.route('/', viewRoutes(deps));

  const api = newRouter();
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'browserSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'neutral-auth.session_token',
  });
  // Registered before the auth middleware so the contract is readable without a credential.
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Pageclip local Page and Folder Service',
      version: '1.0.0',
      description: 'The local implementation of the Page and Folder Service; see docs/api.md.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearerToken: [] }, { browserSession: [] }],
  });
  // Credentials before the body: an unauthenticated upload is refused unread.
  api.use('*', refuseDeclaredOversize(apiBodyCap));
  api.use('*', authenticate(deps));
  api.use('*', readBody(apiBodyCap));
  for (const routes of [
    meRoutes,
    tokensRoutes,
    pagesRoutes,
    pageContentRoutes,
    foldersRoutes,
    trashRoutes,
    importsRoutes,
    exportsRoutes,
    imagesRoutes,
  ]) {
    api.route('/', routes(deps));
  }
  app.route('/api/v1', api as unknown as OpenAPIHono<AppEnv>);

  app.notFound((c) =>
    c.json(
      { error: { code: 'not_found', message: `no route for ${c.req.method} ${c.req.path}` } },
      404,
    ),
  );
  app.onError((error, c: Context) => {
    const apiError = toEnvelope(error);
    if (apiError.status >= 500) {
      console.error(`internal error on ${c.req.method} ${escapeForLog(c.req.path)}:`, error);
    }
    return c.json(apiError.envelope, apiError.status);
  });
  return { app, deps };
}
