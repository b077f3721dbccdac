import crypto from 'node:crypto';
import type { Database } from './database';
import { hashPassword, verifyPassword } from './secrets';

export interface User {
  id: string;
  email: string;
  name: string;
}

interface UserRow extends User {
  password_hash: string;
}

export function usersRepository(db: Database) {
  const insert = db.prepare(
    'INSERT INTO users (id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const byEmail = db.prepare<[string], UserRow>(
    'SELECT id, email, name, password_hash FROM users WHERE email = ?',
  );
  const byId = db.prepare<[string], User>('SELECT id, email, name FROM users WHERE id = ?');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users');

  return {
    async create(input: { email: string; password: string; name?: string }): Promise<User> {
      const email = input.email.trim();
      if (byEmail.get(email)) throw new Error(`a user with email ${email} already exists`);
      const user: User = {
        id: crypto.randomUUID(),
        email,
        name: input.name?.trim() || email.split('@')[0] || email,
      };
      insert.run(user.id, user.email, user.name, await hashPassword(input.password), Date.now());
      return user;
    },
    byEmail(email: string): User | undefined {
      const row = byEmail.get(email.trim());
      return row && { id: row.id, email: row.email, name: row.name };
    },
    byId(id: string): User | undefined {
      return byId.get(id);
    },
    count(): number {
      return count.get()!.n;
    },
    /** The user when the password matches; undefined otherwise (no hint which part was wrong). */
    async authenticate(email: string, password: string): Promise<User | undefined> {
      const row = byEmail.get(email.trim());
      if (!row) {
        // Spend the same time as a real check so response timing does not reveal accounts.
        await verifyPassword(password, DUMMY_HASH);
        return undefined;
      }
      if (!(await verifyPassword(password, row.password_hash))) return undefined;
      return { id: row.id, email: row.email, name: row.name };
    },
  };
}

const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export type UsersRepository = ReturnType<typeof usersRepository>;
