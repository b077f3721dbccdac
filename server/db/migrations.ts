import type { Database } from 'better-sqlite3';

/**
 * Versioned schema migrations, applied in order and recorded in SQLite's `user_version`.
 * Never edit a released migration: append a new one.
 *
 * Times are stored as integer milliseconds since the epoch (sortable, compact), except page
 * created/updated times, which are unique microsecond stamps (migration 2); all are rendered
 * as ISO 8601 with milliseconds in responses (docs/api.md, General).
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE sessions (
    secret_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_expiry ON sessions(expires_at);

  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    scopes TEXT NOT NULL,
    secret_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    last_used_at INTEGER,
    revoked_at INTEGER
  );
  CREATE INDEX tokens_user ON tokens(user_id, created_at, id);

  CREATE TABLE folders (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users(id),
    parent_id TEXT REFERENCES folders(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    icon TEXT,
    restricted INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_at INTEGER,
    trash_root TEXT
  );
  CREATE INDEX folders_parent ON folders(parent_id);
  CREATE INDEX folders_owner ON folders(owner_id);
  CREATE INDEX folders_order ON folders(created_at, id);
  CREATE INDEX folders_name ON folders(name);
  CREATE INDEX folders_trash ON folders(deleted_at DESC, id) WHERE deleted_at IS NOT NULL;

  CREATE TABLE pages (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users(id),
    parent_id TEXT REFERENCES folders(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    icon TEXT,
    content TEXT NOT NULL,
    etag TEXT NOT NULL,
    restricted INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_at INTEGER,
    trash_root TEXT
  );
  CREATE INDEX pages_live_order ON pages(updated_at DESC, id) WHERE deleted_at IS NULL;
  CREATE INDEX pages_parent_order ON pages(parent_id, updated_at DESC, id);
  CREATE INDEX pages_title ON pages(title);
  CREATE INDEX pages_trash ON pages(deleted_at DESC, id) WHERE deleted_at IS NOT NULL;
  CREATE INDEX pages_trash_root ON pages(trash_root) WHERE trash_root IS NOT NULL;

  -- Grants are polymorphic (a page or a folder id); the item decides what they reach.
  CREATE TABLE grants (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    item_id TEXT NOT NULL,
    level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
    PRIMARY KEY (user_id, item_id)
  );
  CREATE INDEX grants_item ON grants(item_id);

  CREATE TABLE idempotency (
    caller TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'completed')),
    status INTEGER,
    body TEXT,
    etag TEXT,
    created_at INTEGER NOT NULL,
    completed_at INTEGER,
    PRIMARY KEY (caller, method, path, key)
  ) WITHOUT ROWID;
  CREATE INDEX idempotency_created ON idempotency(created_at);

  CREATE TABLE images (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    mime_type TEXT NOT NULL,
    data BLOB NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // Page listings are exact snapshots (each page exactly once, in order, even when
  // pages not yet listed are updated): page times become strictly increasing microsecond
  // stamps, and every change of a page's updated_at keeps the previous value for an hour so
  // a listing can place the page where it stood when the listing began.
  `
  UPDATE pages SET created_at = created_at * 1000, updated_at = updated_at * 1000;
  -- Keyed by the (unique) stamp of the change: every insert appends at the end of one b-tree.
  CREATE TABLE page_changes (
    changed_at INTEGER PRIMARY KEY,
    page_id TEXT NOT NULL,
    prev_updated_at INTEGER NOT NULL
  );
  `,
  // Appends change updated_at; an index keyed on it costs two more b-tree writes per commit.
  // Folder-filtered page lists use the parent index and sort the (few) pages of one folder.
  `
  DROP INDEX pages_parent_order;
  CREATE INDEX pages_parent ON pages(parent_id);
  -- Likewise the idempotency sweep (every 10 minutes) scans instead of indexing every key.
  DROP INDEX idempotency_created;
  `,
  // Which pages link which stored images (image-links.ts): a permanent delete removes the
  // images no page links any more without reading every page. Filled from the pages there
  // are: every '/api/v1/images/' (15 characters) followed by the id of an image.
  `
  CREATE TABLE image_links (
    page_id TEXT NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    image_id TEXT NOT NULL,
    PRIMARY KEY (page_id, image_id)
  ) WITHOUT ROWID;
  CREATE INDEX image_links_image ON image_links(image_id);
  WITH RECURSIVE found(page_id, rest, image_id) AS (
    SELECT id, content, NULL FROM pages WHERE instr(content, '/api/v1/images/') > 0
    UNION ALL
    SELECT page_id,
      substr(rest, instr(rest, '/api/v1/images/') + 15),
      lower(substr(rest, instr(rest, '/api/v1/images/') + 15, 36))
    FROM found WHERE instr(rest, '/api/v1/images/') > 0
  )
  INSERT OR IGNORE INTO image_links (page_id, image_id)
  SELECT page_id, image_id FROM found WHERE image_id IN (SELECT id FROM images);
  `,
];

export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `the data directory was written by a newer version (schema ${current}, this build knows ${migrations.length})`,
    );
  }
  for (let version = current; version < migrations.length; version++) {
    // IMMEDIATE, and the version read again under the lock: a command and the service
    // opening a new data directory at once must not both apply the same step.
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) !== version) return;
      db.exec(migrations[version]!);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
