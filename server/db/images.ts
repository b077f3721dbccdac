import type { Database } from './database';

/** Where the service serves a stored image: `${IMAGE_PATH}{id}` (docs/api.md, Vault import). */
export const IMAGE_PATH = '/api/v1/images/';

export interface ImageRow {
  id: string;
  owner_id: string;
  path: string;
  mime_type: string;
  data: Buffer;
  created_at: number;
}

export function imagesRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO images (id, owner_id, path, mime_type, data, created_at)
     VALUES (@id, @owner_id, @path, @mime_type, @data, @created_at)`,
  );
  const get = db.prepare<[string], ImageRow>('SELECT * FROM images WHERE id = ?');
  const removeUnlinked = db.prepare(
    `DELETE FROM images WHERE id IN (SELECT value FROM json_each(?))
     AND NOT EXISTS (SELECT 1 FROM image_links WHERE image_id = images.id)`,
  );
  return {
    insert: (row: ImageRow) => void insert.run(row),
    get: (id: string): ImageRow | undefined => get.get(id),
    /** Deletes those of these images that no page links (image-links.ts); returns how many. */
    removeUnlinked: (ids: string[]): number => removeUnlinked.run(JSON.stringify(ids)).changes,
  };
}

export type ImagesRepository = ReturnType<typeof imagesRepository>;
