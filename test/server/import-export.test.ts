// Vault import, page import, page export and export of all pages (spec "POST /imports/vaultapp",
// "Other named operations"; docs/api.md "Page import and exports"; the
// routes are the project's, see docs/api.md).
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  createPage,
  expectError,
  expectStatus,
  getContent,
  listAll,
  newUser,
  tokenClient,
  send,
  uuid,
  type Client,
  type Folder,
  type PageMeta,
} from './support/http';

let svc: RunningService;
let shared: Client;

beforeAll(async () => {
  svc = await startService();
  shared = await tokenClient(svc);
});
afterAll(async () => {
  await svc?.stop();
});

// A real 1x1 PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function fresh(): Promise<Client> {
  return (await newUser(svc, 'vault')).api;
}

describe('POST /imports/vaultapp', () => {
  it('creates folders, pages, images and backlinks, and names the files that failed', async () => {
    const api = shared;
    const res = await api.post('/imports/vaultapp', {
      files: [
        { path: 'Projects/Alpha.md', content: '# Alpha\n\nSee [[Beta]].\n\n![[diagram.png]]\n' },
        { path: 'Projects/Sub/Beta.md', content: 'Back to [[Alpha]] and [[Nowhere]].' },
        { path: 'Loose.md', content: 'loose note' },
        { path: 'diagram.png', data: PNG_BASE64, mimeType: 'image/png' },
        { path: 'tool.exe', data: 'TVo=', mimeType: 'application/octet-stream' },
        { path: 'broken.png', data: '!!!not base64!!!', mimeType: 'image/png' },
      ],
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      foldersCreated: 2,
      pagesCreated: 3,
      imagesUploaded: 1,
      backlinksCreated: 2,
    });
    expect(res.body.errors).toHaveLength(2);
    expect(res.body.errors.join('\n')).toContain('tool.exe');
    expect(res.body.errors.join('\n')).toContain('broken.png');

    const folders = await listAll<Folder>(api, '/folders');
    const projects = folders.find((f) => f.name === 'Projects' && f.parentId === null);
    expect(projects).toBeDefined();
    const sub = folders.find((f) => f.name === 'Sub' && f.parentId === projects!.id);
    expect(sub).toBeDefined();

    const inProjects = await listAll<PageMeta>(api, `/pages?parentId=${projects!.id}`);
    expect(inProjects.map((p) => p.title)).toEqual(['Alpha']);
    const inSub = await listAll<PageMeta>(api, `/pages?parentId=${sub!.id}`);
    expect(inSub.map((p) => p.title)).toEqual(['Beta']);
    const all = await listAll<PageMeta>(api, '/pages');
    expect(all.find((p) => p.title === 'Loose')?.parentId).toBeNull();

    // The image is stored and served back; the note points at it.
    const alpha = await getContent(api, inProjects[0]!.id);
    const url = /\((\/api\/v1\/images\/[0-9a-f-]+)\)/.exec(alpha.markdown)?.[1];
    expect(url, alpha.markdown).toBeDefined();
    const token = (api.auth as { token: string }).token;
    const image = await fetch(svc.origin + url, { headers: { authorization: `Bearer ${token}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(PNG_BASE64, 'base64'));

    // Only its owner gets it.
    const stranger = await fresh();
    const denied = await send(svc.origin, 'GET', url!, {}, stranger.auth);
    expectError(denied, 404, 'not_found');
  });

  it('rejects an empty or missing file list and malformed entries with 400', async () => {
    const api = shared;
    expectError(await api.post('/imports/vaultapp', { files: [] }), 400, 'invalid_request');
    expectError(await api.post('/imports/vaultapp', {}), 400, 'invalid_request');
    expectError(
      await api.post('/imports/vaultapp', { files: [{ content: 'no path' }] }),
      400,
      'invalid_request',
    );
    expectError(
      await api.post('/imports/vaultapp', { files: [{ path: 'a.md', content: 5 }] }),
      400,
      'invalid_request',
    );
    const titles = (await listAll<PageMeta>(api, '/pages')).map((p) => p.title);
    expect(titles).not.toContain('a');
  });

  it('reports a path escaping the vault as an error and imports the rest', async () => {
    const api = shared;
    const res = await api.post('/imports/vaultapp', {
      files: [
        { path: '../outside.md', content: 'x' },
        { path: 'Inside.md', content: 'y' },
      ],
    });
    expectStatus(res, 200);
    expect(res.body.pagesCreated).toBe(1);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toContain('../outside.md');
  });
});

describe('POST /imports/page', () => {
  it('imports one markdown document into a folder, titled from its frontmatter', async () => {
    const api = shared;
    const folder = await createFolder(api);
    const text = '---\ntitle: Imported note\n---\n# Heading\n\nbody\n';
    const res = await api.request('POST', `/imports/page?parentId=${folder.id}`, {
      raw: text,
      headers: { 'content-type': 'text/markdown' },
    });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({ title: 'Imported note', parentId: folder.id });
    expect((await getContent(api, res.body.id)).markdown).toBe(text);
  });

  it('rejects a non-markdown body with 415, a bad parentId with 400, an unknown one with 404', async () => {
    const api = shared;
    const headers = { 'content-type': 'text/markdown' };
    expectError(
      await api.request('POST', '/imports/page', {
        raw: '{}',
        headers: { 'content-type': 'application/json' },
      }),
      415,
      'unsupported_media_type',
    );
    expectError(
      await api.request('POST', '/imports/page?parentId=nope', { raw: 'x', headers }),
      400,
      'invalid_request',
    );
    expectError(
      await api.request('POST', `/imports/page?parentId=${uuid()}`, { raw: 'x', headers }),
      404,
      'not_found',
    );
  });
});

describe('exports', () => {
  it('GET /pages/{id}/export downloads the page as a markdown file', async () => {
    const api = shared;
    const page = await createPage(api, { title: 'Export me', markdown: '# Export me\n\nbody' });
    const res = await api.get(`/pages/${page.id}/export`);
    expectStatus(res, 200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment;.*Export me\.md/);
    expect(res.text).toBe('# Export me\n\nbody');
    expectError(await api.get(`/pages/${uuid()}/export`), 404, 'not_found');
  });

  it('GET /exports/pages downloads every accessible page as a zip of the folder tree', async () => {
    const api = await fresh();
    const folder = await createFolder(api, { name: 'Reading' });
    const sub = await createFolder(api, { name: 'Later', parentId: folder.id });
    await createPage(api, { title: 'Top', markdown: 'top' });
    await createPage(api, { title: 'Nested', parentId: sub.id, markdown: 'nested' });
    await createPage(api, { title: 'a/b: c?', parentId: folder.id, markdown: 'odd name' });
    const other = shared;
    await createPage(other, { title: 'Not mine', markdown: 'private' });

    const response = await fetch(`${svc.baseUrl}/exports/pages`, {
      headers: { authorization: `Bearer ${(api.auth as { token: string }).token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const texts = Object.fromEntries(
      Object.entries(files)
        .filter(([name]) => !name.endsWith('/'))
        .map(([name, bytes]) => [name, strFromU8(bytes)]),
    );
    expect(texts['Top.md']).toBe('top');
    expect(texts['Reading/Later/Nested.md']).toBe('nested');
    const odd = Object.keys(texts).filter(
      (name) => name.startsWith('Reading/') && texts[name] === 'odd name',
    );
    expect(odd).toHaveLength(1);
    expect(odd[0]!.split('/')).toHaveLength(2);
    expect(Object.values(texts)).not.toContain('private');
    expect(Object.keys(texts)).toHaveLength(3);
  });

  it('keeps empty folders in the zip', async () => {
    const api = await fresh();
    await createFolder(api, { name: 'Empty' });
    await createPage(api, { title: 'One', markdown: '1' });
    const response = await fetch(`${svc.baseUrl}/exports/pages`, {
      headers: { authorization: `Bearer ${(api.auth as { token: string }).token}` },
    });
    expect(response.status).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())));
    expect(names).toContain('Empty/');
    expect(names).toContain('One.md');
  });
});
