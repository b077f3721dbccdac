import type { Database } from './database';
import { foldersRepository } from './folders';
import { grantsRepository } from './grants';
import { idempotencyRepository } from './idempotency';
import { imagesRepository } from './images';
import { pagesRepository } from './pages';
import { reachRepository } from './reach';
import { sessionsRepository } from './sessions';
import { tokensRepository } from './tokens';
import { usersRepository } from './users';

/** Every repository over one database, with statements prepared once at start. */
export function createRepositories(db: Database) {
  // First: the page and folder lists are prepared against its table.
  const reach = reachRepository(db);
  return {
    db,
    reach,
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    tokens: tokensRepository(db),
    folders: foldersRepository(db, reach.touch),
    pages: pagesRepository(db),
    grants: grantsRepository(db, reach.touch),
    idempotency: idempotencyRepository(db),
    images: imagesRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
