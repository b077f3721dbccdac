import type { Database } from './database';

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
  return {
    insert: (row: ImageRow) => void insert.run(row),
    get: (id: string): ImageRow | undefined => get.get(id),
  };
}

export type ImagesRepository = ReturnType<typeof imagesRepository>;
