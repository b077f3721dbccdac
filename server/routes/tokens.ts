import { createRoute, z } from '@hono/zod-openapi';
import { invalid, notFound } from '../http/api-error';
import { requireSession } from '../http/auth';
import { iso, isoOrNull, KNOWN_SCOPES, newRouter, type Deps } from '../http/env';
import type { TokenRecord } from '../db/tokens';
import { commonErrors, json, jsonBody, Timestamp, Uuid } from '../schemas/common';

const tags = ['API tokens'];

const TokenMeta = z
  .object({
    id: Uuid,
    name: z.string(),
    scopes: z.array(z.string()),
    createdAt: Timestamp,
    expiresAt: Timestamp.nullable(),
    lastUsedAt: Timestamp.nullable(),
  })
  .openapi('Token');
const CreatedToken = TokenMeta.extend({
  token: z.string().openapi({ description: 'the secret; shown only in this response' }),
}).openapi('CreatedToken');
const CreateTokenBody = z
  .object({
    name: z.string().trim().min(1).max(200).default('API token'),
    scopes: z.array(z.enum(KNOWN_SCOPES)).min(1).max(2).optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .openapi('CreateToken');

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
      method: 'post',
      path: '/tokens',
      tags,
      summary: 'Create an API token (browser session only); the secret is shown once',
      middleware: [requireSession] as const,
      request: { body: jsonBody(CreateTokenBody) },
      responses: { 201: json(CreatedToken, 'The token and its secret'), ...commonErrors },
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
      method: 'get',
      path: '/tokens',
      tags,
      summary: 'List live (unrevoked) API tokens (browser session only)',
      middleware: [requireSession] as const,
      responses: {
        200: json(z.object({ data: z.array(TokenMeta), nextCursor: z.null() }), 'Every token'),
        ...commonErrors,
      },
    }),
    (c) => {
      const data = repos.tokens.list(c.var.caller.user.id).map(present);
      return c.json({ data, nextCursor: null }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/tokens/{tokenId}',
      tags,
      summary: 'Revoke an API token (browser session only)',
      middleware: [requireSession] as const,
      request: { params: z.object({ tokenId: Uuid }) },
      responses: { 204: { description: 'Revoked' }, ...commonErrors },
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
