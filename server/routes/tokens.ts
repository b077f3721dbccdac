import { createRoute } from '@hono/zod-openapi';
import { operations } from '../../contract';
import { invalid, notFound } from '../http/api-error';
import { requireSession } from '../http/auth';
import { iso, isoOrNull, newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';
import type { TokenRecord } from '../db/tokens';

const present = (t: TokenRecord) => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  createdAt: iso(t.createdAt),
  expiresAt: isoOrNull(t.expiresAt),
  lastUsedAt: isoOrNull(t.lastUsedAt),
});

export function tokensRoutes(deps: Deps) {
  const { repos } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      ...routeOf(operations.createToken),
      middleware: [requireSession] as const,
    }),
    (c) => {
      const body = c.req.valid('json');
      const now = deps.now();
      let expiresAt: number | null = null;
      if (body.expiresAt) {
        expiresAt = Date.parse(body.expiresAt);
        if (expiresAt <= now) throw invalid('expiresAt: must be in the future');
      }
      const { token, secret } = repos.tokens.create({
        userId: c.var.caller.user.id,
        name: body.name,
        // Spec, Tokens: without scopes the token starts with pages:read.
        scopes: [...new Set(body.scopes ?? ['pages:read'])],
        expiresAt,
        now,
      });
      return c.json({ ...present(token), token: secret }, 201);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.listTokens),
      middleware: [requireSession] as const,
    }),
    (c) => {
      const data = repos.tokens.list(c.var.caller.user.id).map(present);
      return c.json({ data, nextCursor: null }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.revokeToken),
      middleware: [requireSession] as const,
    }),
    (c) => {
      const { tokenId } = c.req.valid('param');
      if (!repos.tokens.revoke(c.var.caller.user.id, tokenId, deps.now())) {
        throw notFound(`token ${tokenId}`);
      }
      return c.body(null, 204);
    },
  );

  return app;
}
