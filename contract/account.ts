/** Identity and API tokens (the spec, Tokens and Other named operations). */
import { z } from 'zod';
import { defineOperation } from './operation';
import { SCOPES, Timestamp, Uuid, UuidString } from './primitives';
import { optionalString } from './tolerant';

const TokenMeta = z
  .object({
    id: UuidString,
    name: z.string(),
    scopes: z.array(z.string()),
    createdAt: Timestamp,
    expiresAt: Timestamp.nullable(),
    lastUsedAt: Timestamp.nullable(),
  })
  .meta({ id: 'Token' });

// Named only in the spec: every field beyond an id is optional to a client.
export const TokenInfoReading = z.object({
  id: z.string().min(1),
  name: optionalString,
  scopes: z.array(z.string()).optional().catch(undefined),
  createdAt: optionalString,
  expiresAt: optionalString,
  lastUsedAt: optionalString,
});
export type TokenInfo = z.output<typeof TokenInfoReading>;

/**
 * The spec, POST /tokens: "token metadata and the secret, shown only once"; field names not
 * shown. Accepts the metadata flat or under `token`, and the secret as `secret` or `token`.
 */
const CreatedTokenReading = z
  .object({ secret: z.string().min(1).optional(), token: z.unknown().optional() })
  .loose()
  .transform((v, ctx) => {
    const secret = v.secret ?? (typeof v.token === 'string' ? v.token : undefined);
    if (secret === undefined || secret.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['secret'], message: 'missing the token secret' });
      return z.NEVER;
    }
    const metaSource = typeof v.token === 'object' && v.token !== null ? v.token : v;
    const meta = TokenInfoReading.safeParse(metaSource);
    if (!meta.success) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'missing the token id' });
      return z.NEVER;
    }
    return { ...meta.data, secret };
  });
export type CreatedToken = z.output<typeof CreatedTokenReading>;

const MeReading = z.object({ id: z.string().min(1), email: optionalString, name: optionalString });
export type Me = z.output<typeof MeReading>;

const tag = 'API tokens';

export const accountOperations = {
  me: defineOperation({
    method: 'get',
    path: '/me',
    tag: 'Identity',
    summary: 'The current user',
    access: 'any',
    status: 200,
    answer: {
      type: 'json',
      schema: z.object({ id: UuidString, email: z.string(), name: z.string() }).meta({ id: 'Me' }),
      description: 'The caller',
    },
    reading: MeReading,
    doc: '`{ id, email, name }`',
  }),
  createToken: defineOperation({
    method: 'post',
    path: '/tokens',
    tag,
    summary: 'Create an API token (browser session only); the secret is shown once',
    access: 'session',
    body: {
      type: 'json',
      schema: z
        .object({
          name: z.string().trim().min(1).max(200).default('API token'),
          scopes: z.array(z.enum(SCOPES)).min(1).max(2).optional(),
          expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
        })
        .meta({ id: 'CreateToken' }),
    },
    status: 201,
    answer: {
      type: 'json',
      schema: TokenMeta.extend({
        token: z.string().meta({ description: 'the secret; shown only in this response' }),
      }).meta({ id: 'CreatedToken' }),
      description: 'The token and its secret',
    },
    reading: CreatedTokenReading,
    doc: 'token metadata + `token` (the secret)',
  }),
  listTokens: defineOperation({
    method: 'get',
    path: '/tokens',
    tag,
    summary: 'List live (unrevoked) API tokens (browser session only)',
    access: 'session',
    status: 200,
    answer: {
      type: 'json',
      schema: z.object({ data: z.array(TokenMeta), nextCursor: z.null() }),
      description: 'Every token',
    },
    // Named only in the spec: a `{ data }` envelope or a bare array.
    reading: z.union([
      z.object({ data: z.array(TokenInfoReading) }).transform((v) => v.data),
      z.array(TokenInfoReading),
    ]),
    doc: '`{ data: [token], nextCursor: null }`',
  }),
  revokeToken: defineOperation({
    method: 'delete',
    path: '/tokens/{tokenId}',
    tag,
    summary: 'Revoke an API token (browser session only)',
    access: 'session',
    params: z.object({ tokenId: Uuid }),
    status: 204,
    answer: { type: 'none', description: 'Revoked' },
    doc: 'no content',
  }),
};
