/**
 * Identity and API tokens. Token management needs a browser session: construct the client
 * with `{ kind: 'session' }` (the spec, POST /tokens).
 */
import type { z } from 'zod';
import { operations as ops, type CreatedToken, type Me, type TokenInfo } from '../../contract';
import type { Caller } from './call';
import type { CallOptions } from './transport';

export interface CreateTokenInput {
  name?: string;
  /** Spec: a token created without scopes holds `pages:read`. */
  scopes?: string[];
  expiresAt?: string | null;
}

export function tokensApi(api: Caller) {
  return {
    /** The current user (named only in the spec). */
    me(opts?: CallOptions): Promise<Me> {
      return api.call(ops.me, {}, opts);
    },

    /** Creates a token; the secret is in the result and is never shown again. */
    createToken(input: CreateTokenInput = {}, opts?: CallOptions): Promise<CreatedToken> {
      // Scopes go as given: the service, not the client, judges them.
      const json = input as z.input<typeof ops.createToken.body.schema>;
      return api.call(ops.createToken, { json }, opts);
    },

    listTokens(opts?: CallOptions): Promise<TokenInfo[]> {
      return api.call(ops.listTokens, {}, opts);
    },

    async revokeToken(tokenId: string, opts?: CallOptions): Promise<void> {
      await api.send(ops.revokeToken, { params: { tokenId } }, opts);
    },
  };
}
export type TokensApi = ReturnType<typeof tokensApi>;
