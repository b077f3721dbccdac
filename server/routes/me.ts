import { createRoute } from '@hono/zod-openapi';
import { operations } from '../../contract';
import { newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';

/** Identity (spec, Other named operations): any valid credential, whatever its scopes. */
export function meRoutes(_deps: Deps) {
  const app = newRouter();
  app.openapi(createRoute(routeOf(operations.me)), (c) => {
    const { id, email, name } = c.var.caller.user;
    return c.json({ id, email, name }, 200);
  });
  return app;
}
