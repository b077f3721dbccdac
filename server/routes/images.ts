import { createRoute } from '@hono/zod-openapi';
import { operations } from '../../contract';
import { notFound } from '../http/api-error';
import { requireScope } from '../http/auth';
import { newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';

/** Images stored by the vault import, served back to the user who imported them. */
export function imagesRoutes(deps: Deps) {
  const app = newRouter();
  app.openapi(
    createRoute({
      ...routeOf(operations.getImage),
      middleware: [requireScope('pages:read')] as const,
    }),
    (c) => {
      const { imageId } = c.req.valid('param');
      const image = deps.repos.images.get(imageId);
      if (!image || image.owner_id !== c.var.caller.user.id) throw notFound(`image ${imageId}`);
      return c.body(new Uint8Array(image.data), 200, {
        'content-type': image.mime_type,
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        // An SVG may carry script: never let it run in the service's origin.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    },
  );
  return app;
}
