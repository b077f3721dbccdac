import type { Database } from './database';
import { IMAGE_PATH } from './images';

// A stored image's address in a page's markdown (vault-import.ts writes crypto.randomUUID ids).
const IMAGE_URL = new RegExp(`${IMAGE_PATH.replaceAll('/', '\\/')}([0-9a-f-]{36})`, 'gi');

/**
 * Which pages link which stored images (table `image_links`), kept by the pages repository on
 * every content write, so that a permanent delete finds the images no page links any more
 * without reading every page (docs/api.md, Lifecycle, Images). A link names an image that
 * exists; a page's links go with the page (ON DELETE CASCADE).
 */
export function imageLinksRepository(db: Database) {
  const clear = db.prepare('DELETE FROM image_links WHERE page_id = ?');
  const addOne = db.prepare(
    'INSERT OR IGNORE INTO image_links (page_id, image_id) SELECT ?, id FROM images WHERE id = ?',
  );
  const ofPages = db.prepare<[string], { image_id: string }>(
    `SELECT DISTINCT image_id FROM image_links
     WHERE page_id IN (SELECT value FROM json_each(?))`,
  );
  /** Records the images `text`, added to the page's content, links. */
  const add = (pageId: string, text: string): void => {
    if (!text.includes(IMAGE_PATH)) return;
    const ids = new Set<string>();
    for (const match of text.matchAll(IMAGE_URL)) ids.add(match[1]!.toLowerCase());
    for (const id of ids) addOne.run(pageId, id);
  };
  return {
    /** Records the images `content` links as the page's only ones. */
    set(pageId: string, content: string): void {
      clear.run(pageId);
      add(pageId, content);
    },
    /** Records the images an append's or prepend's text links; the page's others stand. */
    add,
    /** The images these pages link. */
    ofPages: (pageIds: string[]): string[] =>
      ofPages.all(JSON.stringify(pageIds)).map((row) => row.image_id),
  };
}
