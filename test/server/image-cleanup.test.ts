// Stored images go with the last page that shows them (docs/api.md, Lifecycle, "Images"):
// permanent deletion of a page or a folder, and Empty Trash, over real HTTP and SQLite.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { createRepositories } from '../../server/db/repositories';
import { removeUnlinkedImages } from '../../server/domain/remove-pages';
import { startService, type RunningService } from '../helpers/service';
import { expectStatus, getContent, listAll, newUser, send, type Client } from './support/http';

let svc: RunningService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.stop();
});

// A real 1x1 PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

interface Imported {
  pageId: string;
  imageUrl: string;
}

/** A clip saved with its image, as the extension's "Keep images" imports it. */
async function importClip(api: Client, title: string): Promise<Imported> {
  const res = await api.post('/imports/vaultapp', {
    files: [
      { path: `${title}.md`, content: `# ${title}\n\n![a photo](${title}.png)\n` },
      { path: `${title}.png`, data: PNG_BASE64, mimeType: 'image/png' },
    ],
  });
  expectStatus(res, 200);
  const page = (await listAll<{ id: string; title: string }>(api, '/pages')).find(
    (p) => p.title === title,
  );
  expect(page).toBeDefined();
  const { markdown } = await getContent(api, page!.id);
  const imageUrl = /\((\/api\/v1\/images\/[0-9a-f-]+)\)/.exec(markdown)?.[1];
  expect(imageUrl, markdown).toBeDefined();
  return { pageId: page!.id, imageUrl: imageUrl! };
}

/** A page made with `markdown` at the top level; its id. */
async function newPage(api: Client, title: string, markdown: string): Promise<string> {
  const res = await api.post('/pages', { title, markdown, parentId: null });
  expectStatus(res, 201);
  return (res.body as { id: string }).id;
}

async function imageStatus(api: Client, url: string): Promise<number> {
  return (await send(svc.origin, 'GET', url, {}, api.auth)).status;
}

async function trashAndDelete(api: Client, pageId: string): Promise<void> {
  expectStatus(await api.del(`/pages/${pageId}/trash`), 200);
  expectStatus(await api.del(`/pages/${pageId}/permanent`), 204);
}

describe('stored images and page deletion', () => {
  it('deletes an image with the page that showed it, not while the page is in Trash', async () => {
    const { api } = await newUser(svc, 'images');
    const clip = await importClip(api, 'Harbour');
    expect(await imageStatus(api, clip.imageUrl)).toBe(200);

    expectStatus(await api.del(`/pages/${clip.pageId}/trash`), 200);
    expect(await imageStatus(api, clip.imageUrl)).toBe(200);

    expectStatus(await api.del(`/pages/${clip.pageId}/permanent`), 204);
    expect(await imageStatus(api, clip.imageUrl)).toBe(404);
  });

  it('keeps an image a copy of the page, live or in Trash, still shows', async () => {
    const { api } = await newUser(svc, 'images');
    const clip = await importClip(api, 'Lighthouse');
    const copy = await api.post(`/pages/${clip.pageId}/copy`, { parentId: null });
    expectStatus(copy, 201);
    const copyId = (copy.body as { id: string }).id;

    // The copy in Trash can be restored: it still shows the image.
    expectStatus(await api.del(`/pages/${copyId}/trash`), 200);
    await trashAndDelete(api, clip.pageId);
    expect(await imageStatus(api, clip.imageUrl)).toBe(200);

    expectStatus(await api.del(`/pages/${copyId}/permanent`), 204);
    expect(await imageStatus(api, clip.imageUrl)).toBe(404);
  });

  it('counts an image an append links, and keeps it through later appends', async () => {
    const { api } = await newUser(svc, 'images');
    const clip = await importClip(api, 'Quay');
    const notesId = await newPage(api, 'Notes', '# Notes\n');
    const append = async (content: string) => {
      const key = randomUUID();
      const res = await api.post(
        `/pages/${notesId}/content-operations`,
        { id: key, operation: 'append', content },
        { headers: { 'idempotency-key': key } },
      );
      expectStatus(res, 200);
    };
    await append(`![the quay](${clip.imageUrl})`);
    await append('A line without images.');

    await trashAndDelete(api, clip.pageId);
    expect(await imageStatus(api, clip.imageUrl)).toBe(200);
    await trashAndDelete(api, notesId);
    expect(await imageStatus(api, clip.imageUrl)).toBe(404);
  });

  it('counts the links a replaced content holds, and only those', async () => {
    const { api } = await newUser(svc, 'images');
    const pier = await importClip(api, 'Pier');
    const wall = await importClip(api, 'Wall');
    const boardId = await newPage(api, 'Board', '# Board\n');
    const replace = async (markdown: string) => {
      const { etag } = await getContent(api, boardId);
      const res = await api.put(`/pages/${boardId}/content`, {
        raw: markdown,
        headers: { 'content-type': 'text/markdown', 'if-match': etag },
      });
      expectStatus(res, 204);
    };
    await replace(`![the pier](${pier.imageUrl})\n![the wall](${wall.imageUrl})\n`);
    await replace(`![the pier](${pier.imageUrl})\n`);

    // The board's link to the wall's image was replaced away: the image goes with its clip.
    await trashAndDelete(api, wall.pageId);
    expect(await imageStatus(api, wall.imageUrl)).toBe(404);
    // The board still links the pier's image: it outlives its clip, and goes with the board.
    await trashAndDelete(api, pier.pageId);
    expect(await imageStatus(api, pier.imageUrl)).toBe(200);
    await trashAndDelete(api, boardId);
    expect(await imageStatus(api, pier.imageUrl)).toBe(404);
  });

  it("deletes the images of a folder's pages with the folder", async () => {
    const { api } = await newUser(svc, 'images');
    const res = await api.post('/imports/vaultapp', {
      files: [
        { path: 'Trip/Day one.md', content: '![[beach.png]]\n' },
        { path: 'Trip/Deep/Day two.md', content: '![[hill.png]]\n' },
        { path: 'Trip/beach.png', data: PNG_BASE64, mimeType: 'image/png' },
        { path: 'Trip/Deep/hill.png', data: PNG_BASE64, mimeType: 'image/png' },
      ],
    });
    expectStatus(res, 200);
    const urls = (res.body as { images: { url: string }[] }).images.map((i) => i.url);
    expect(urls).toHaveLength(2);
    const folders = await listAll<{ id: string; name: string; parentId: string | null }>(
      api,
      '/folders',
    );
    const trip = folders.find((f) => f.name === 'Trip' && f.parentId === null)!;

    expectStatus(await api.del(`/folders/${trip.id}/trash`), 200);
    for (const url of urls) expect(await imageStatus(api, url)).toBe(200);
    expectStatus(await api.del(`/folders/${trip.id}/permanent`), 204);
    for (const url of urls) expect(await imageStatus(api, url)).toBe(404);
  });

  it('Empty Trash deletes the images only trashed pages showed', async () => {
    const { api } = await newUser(svc, 'images');
    const gone = await importClip(api, 'Market');
    const kept = await importClip(api, 'Bridge');
    // Another page of the user shows the second clip's image too.
    await newPage(api, 'Favourites', `![the bridge](${kept.imageUrl})\n`);

    expectStatus(await api.del(`/pages/${gone.pageId}/trash`), 200);
    expectStatus(await api.del(`/pages/${kept.pageId}/trash`), 200);
    const emptied = await api.del('/trash/empty');
    expectStatus(emptied, 200);
    expect(emptied.body).toMatchObject({ pagesDeleted: 2 });

    expect(await imageStatus(api, gone.imageUrl)).toBe(404);
    expect(await imageStatus(api, kept.imageUrl)).toBe(200);
  });
});

describe('the image links of pages written before they were kept', () => {
  it('are found in the pages when the database is upgraded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pageclip-image-links-'));
    const db = openDatabase(dir);
    try {
      const image = randomUUID();
      const other = randomUUID();
      const now = Date.now();
      db.prepare(
        "INSERT INTO users (id, email, name, password_hash, created_at) VALUES ('u', 'u@example.test', 'U', 'x', ?)",
      ).run(now);
      const addImage = db.prepare(
        "INSERT INTO images (id, owner_id, path, mime_type, data, created_at) VALUES (?, 'u', 'a.png', 'image/png', x'00', ?)",
      );
      addImage.run(image, now);
      addImage.run(other, now);
      const addPage = db.prepare(
        "INSERT INTO pages (id, owner_id, parent_id, title, content, etag, created_at, updated_at) VALUES (?, 'u', NULL, ?, ?, 'e', ?, ?)",
      );
      // Linked twice, upper case once; a link to no stored image; a page linking nothing.
      addPage.run(
        'p1',
        'One',
        `![a](/api/v1/images/${image}) and ![b](/api/v1/images/${image.toUpperCase()}) ![c](/api/v1/images/${randomUUID()})`,
        now,
        now,
      );
      addPage.run('p2', 'Two', 'no images here', now, now);
      // The database as the previous version left it: no links table.
      const version = db.pragma('user_version', { simple: true }) as number;
      db.exec('DROP TABLE image_links');
      db.pragma(`user_version = ${version - 1}`);

      migrate(db);
      expect(db.pragma('user_version', { simple: true })).toBe(version);
      expect(db.prepare('SELECT page_id, image_id FROM image_links').all()).toEqual([
        { page_id: 'p1', image_id: image },
      ]);
      const repos = createRepositories(db);
      expect(removeUnlinkedImages(repos, new Set([image, other]))).toBe(1);
      expect(repos.images.get(image)).toBeDefined();
      expect(repos.images.get(other)).toBeUndefined();
    } finally {
      closeDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
