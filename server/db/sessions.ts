import type { Database } from './database';
import { hashSecret, newSecret } from './secrets';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function sessionsRepository(db: Database) {
  const insert = db.prepare(
    'INSERT INTO sessions (secret_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const find = db.prepare<[string, number], { user_id: string }>(
    'SELECT user_id FROM sessions WHERE secret_hash = ? AND expires_at > ?',
  );
  const remove = db.prepare('DELETE FROM sessions WHERE secret_hash = ?');
  const sweep = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');

  return {
    create(userId: string, now = Date.now()): { secret: string; expiresAt: number } {
      const secret = newSecret('pcs_');
      const expiresAt = now + SESSION_TTL_MS;
      insert.run(hashSecret(secret), userId, now, expiresAt);
      return { secret, expiresAt };
    },
    userIdFor(secret: string, now = Date.now()): string | undefined {
      return find.get(hashSecret(secret), now)?.user_id;
    },
    remove(secret: string): void {
      remove.run(hashSecret(secret));
    },
    sweep(now = Date.now()): void {
      sweep.run(now);
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
