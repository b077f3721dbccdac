import { createRoute, z } from '@hono/zod-openapi';
import { newRouter, type Deps } from '../http/env';
import { commonErrors, json, Uuid } from '../schemas/common';

const Me = z.object({ id: Uuid, email: z.string(), name: z.string() }).openapi('Me');

/** Identity (spec, Other named operations): any valid credential, whatever its scopes. */
export function meRoutes(_deps: Deps) {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags: ['Identity'],
      summary: 'The current user',
      responses: { 200: json(Me, 'The caller'), ...commonErrors },
    }),
    (c) => {
      const { id, email, name } = c.var.caller.user;
      return c.json({ id, email, name }, 200);
    },
  );
  return app;
}
