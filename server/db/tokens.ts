import crypto from 'node:crypto';
import type { Database } from './database';
import { hashSecret, newSecret } from './secrets';

export interface TokenRecord {
  id: string;
  userId: string;
  name: string;
  scopes: string[];
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  scopes: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

const toRecord = (row: TokenRow): TokenRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  scopes: JSON.parse(row.scopes) as string[],
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

/** lastUsedAt is refreshed at most once a minute so reads stay read-only on the hot path. */
const LAST_USED_PRECISION_MS = 60_000;

export function tokensRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO tokens (id, user_id, name, scopes, secret_hash, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const bySecret = db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE secret_hash = ?');
  const list = db.prepare<[string], TokenRow>(
    'SELECT * FROM tokens WHERE user_id = ? AND revoked_at IS NULL ORDER BY created_at, id',
  );
  const revoke = db.prepare(
    'UPDATE tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL',
  );
  const revokeNamed = db.prepare(
    'UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND name = ? AND revoked_at IS NULL',
  );
  const touch = db.prepare('UPDATE tokens SET last_used_at = ? WHERE id = ?');

  return {
    create(input: {
      userId: string;
      name: string;
      scopes: string[];
      expiresAt: number | null;
      now?: number;
    }): { token: TokenRecord; secret: string } {
      const now = input.now ?? Date.now();
      const secret = newSecret('pc_');
      const id = crypto.randomUUID();
      insert.run(
        id,
        input.userId,
        input.name,
        JSON.stringify(input.scopes),
        hashSecret(secret),
        now,
        input.expiresAt,
      );
      return {
        secret,
        token: {
          id,
          userId: input.userId,
          name: input.name,
          scopes: input.scopes,
          createdAt: now,
          expiresAt: input.expiresAt,
          lastUsedAt: null,
        },
      };
    },
    /** The live token for a secret: unknown, revoked and expired secrets all give undefined. */
    authenticate(secret: string, now = Date.now()): TokenRecord | undefined {
      const row = bySecret.get(hashSecret(secret));
      if (!row || row.revoked_at !== null) return undefined;
      if (row.expires_at !== null && row.expires_at <= now) return undefined;
      if (row.last_used_at === null || now - row.last_used_at >= LAST_USED_PRECISION_MS) {
        touch.run(now, row.id);
        row.last_used_at = now;
      }
      return toRecord(row);
    },
    list(userId: string): TokenRecord[] {
      return list.all(userId).map(toRecord);
    },
    revoke(userId: string, id: string, now = Date.now()): boolean {
      return revoke.run(now, id, userId).changes > 0;
    },
    revokeByName(userId: string, name: string, now = Date.now()): number {
      return revokeNamed.run(now, userId, name).changes;
    },
  };
}

export type TokensRepository = ReturnType<typeof tokensRepository>;
