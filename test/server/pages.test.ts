// Pages: list, create, read and update metadata (spec "Endpoints / Pages"; docs/api.md "General").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  client,
  createFolder,
  createPage,
  expectError,
  expectStatus,
  ISO_MS,
  tokenClient,
  uuid,
  UUID_RE,
  type Client,
} from './support/http';

let svc: RunningService;
let api: Client;

beforeAll(async () => {
  svc = await startService();
  api = await tokenClient(svc);
});
afterAll(async () => {
  await svc?.stop();
});

describe('POST /pages', () => {
  it('creates a page at the root with complete metadata', async () => {
    const res = await api.post('/pages', { title: 'First', markdown: '# First\n', parentId: null });
    expectStatus(res, 201);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const page = res.body;
    expect(page.id).toMatch(UUID_RE);
    expect(page.title).toBe('First');
    expect(page.icon).toBeNull();
    expect(page.parentId).toBeNull();
    expect(page.createdAt).toMatch(ISO_MS);
    expect(page.updatedAt).toMatch(ISO_MS);
    expect(page.permission).toBe('admin');
    const content = await api.get(`/pages/${page.id}/content`);
    expect(content.text).toBe('# First\n');
  });

  it('creates at the root when parentId is omitted', async () => {
    const res = await api.post('/pages', { title: 'No parent', markdown: 'x' });
    expectStatus(res, 201);
    expect(res.body.parentId).toBeNull();
  });

  it('creates a page inside a folder', async () => {
    const folder = await createFolder(api);
    const res = await api.post('/pages', { title: 'Inside', markdown: 'x', parentId: folder.id });
    expectStatus(res, 201);
    expect(res.body.parentId).toBe(folder.id);
  });

  it('rejects a missing or non-string title with 400 invalid_request', async () => {
    expectError(await api.post('/pages', { markdown: 'x' }), 400, 'invalid_request');
    expectError(await api.post('/pages', { title: 42, markdown: 'x' }), 400, 'invalid_request');
  });

  it('rejects a non-string markdown and a non-object body with 400', async () => {
    expectError(await api.post('/pages', { title: 't', markdown: 7 }), 400, 'invalid_request');
    expectError(await api.post('/pages', ['title']), 400, 'invalid_request');
    expectError(await api.post('/pages', 'title'), 400, 'invalid_request');
  });

  it('rejects a parentId that is not a UUID with 400 and names the field', async () => {
    const res = await api.post('/pages', { title: 't', markdown: 'x', parentId: 'nope' });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.message).toMatch(/parentId/);
  });

  it('answers 404 not_found for a parent folder that does not exist', async () => {
    const res = await api.post('/pages', { title: 't', markdown: 'x', parentId: uuid() });
    expectError(res, 404, 'not_found');
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const res = await api.request('POST', '/pages', {
      raw: '{"title": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'invalid_request');
  });

  it('limits titles to 1..1000 characters (docs/api.md Limits)', async () => {
    expectStatus(await api.post('/pages', { title: 't'.repeat(1000), markdown: '' }), 201);
    expectError(
      await api.post('/pages', { title: 't'.repeat(1001), markdown: '' }),
      400,
      'invalid_request',
    );
    expectError(await api.post('/pages', { title: '', markdown: '' }), 400, 'invalid_request');
  });

  it('ignores unknown fields and accepts a charset parameter on the JSON type', async () => {
    const res = await api.request('POST', '/pages', {
      raw: JSON.stringify({ title: 'extra', markdown: 'x', colour: 'red' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expectStatus(res, 201);
    expect(res.body).not.toHaveProperty('colour');
  });

  it('sends X-Content-Type-Options: nosniff on successes and errors', async () => {
    expect((await api.get('/pages')).headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api.get(`/pages/${uuid()}`)).headers.get('x-content-type-options')).toBe(
      'nosniff',
    );
    expect((await client(svc, null).get('/pages')).headers.get('x-content-type-options')).toBe(
      'nosniff',
    );
  });
});

describe('GET /pages/{pageId}', () => {
  it('returns the page metadata', async () => {
    const page = await createPage(api, { title: 'Read me' });
    const res = await api.get(`/pages/${page.id}`);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      id: page.id,
      title: 'Read me',
      parentId: null,
      icon: null,
      permission: 'admin',
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
    });
  });

  it('answers 404 not_found for an unknown page and 400 for a bad UUID', async () => {
    expectError(await api.get(`/pages/${uuid()}`), 404, 'not_found');
    expectError(await api.get('/pages/not-a-uuid'), 400, 'invalid_request');
  });
});

describe('PATCH /pages/{pageId}', () => {
  it('updates the title and moves updatedAt forward', async () => {
    const page = await createPage(api, { title: 'Old' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await api.patch(`/pages/${page.id}`, { title: 'New' });
    expectStatus(res, 200);
    expect(res.body.title).toBe('New');
    expect(res.body.id).toBe(page.id);
    expect(res.body.createdAt).toBe(page.createdAt);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(page.updatedAt));
    expect((await api.get(`/pages/${page.id}`)).body.title).toBe('New');
  });

  it('sets and clears the icon', async () => {
    const page = await createPage(api);
    const set = await api.patch(`/pages/${page.id}`, { icon: '📎' });
    expectStatus(set, 200);
    expect(set.body.icon).toBe('📎');
    expect(set.body.title).toBe(page.title);
    const cleared = await api.patch(`/pages/${page.id}`, { icon: null });
    expectStatus(cleared, 200);
    expect(cleared.body.icon).toBeNull();
  });

  it('rejects a body without a supported field with 400 invalid_request', async () => {
    const page = await createPage(api);
    expectError(await api.patch(`/pages/${page.id}`, {}), 400, 'invalid_request');
    expectError(await api.patch(`/pages/${page.id}`, { colour: 'red' }), 400, 'invalid_request');
  });

  it('rejects wrong field types with 400 and leaves the page unchanged', async () => {
    const page = await createPage(api, { title: 'Keep' });
    expectError(await api.patch(`/pages/${page.id}`, { title: 5 }), 400, 'invalid_request');
    expect((await api.get(`/pages/${page.id}`)).body.title).toBe('Keep');
  });

  it('answers 404 for an unknown page', async () => {
    expectError(await api.patch(`/pages/${uuid()}`, { title: 'x' }), 404, 'not_found');
  });

  it('moves updatedAt on content changes and moves, not on trash and restore', async () => {
    const folder = await createFolder(api);
    const page = await createPage(api);
    const updatedAt = async () => (await api.get(`/pages/${page.id}`)).body.updatedAt as string;
    const t0 = await updatedAt();
    await new Promise((r) => setTimeout(r, 5));
    expectStatus(
      await api.post(`/pages/${page.id}/content-operations`, {
        id: 'bump',
        operation: 'append',
        content: 'more',
      }),
      200,
    );
    const t1 = await updatedAt();
    expect(Date.parse(t1)).toBeGreaterThan(Date.parse(t0));
    await new Promise((r) => setTimeout(r, 5));
    expectStatus(await api.patch(`/pages/${page.id}/move`, { parentId: folder.id }), 200);
    const t2 = await updatedAt();
    expect(Date.parse(t2)).toBeGreaterThan(Date.parse(t1));
    expectStatus(await api.del(`/pages/${page.id}/trash`), 200);
    expectStatus(await api.patch(`/pages/${page.id}/restore`), 200);
    expect(await updatedAt()).toBe(t2);
  });
});

describe('GET /pages', () => {
  it('lists pages most recently updated first with the spec fields', async () => {
    const a = await createPage(api, { title: 'list-a' });
    await new Promise((r) => setTimeout(r, 5));
    const b = await createPage(api, { title: 'list-b' });
    const res = await api.get('/pages?limit=100');
    expectStatus(res, 200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect('nextCursor' in res.body).toBe(true);
    const ids = res.body.data.map((p: { id: string }) => p.id);
    expect(ids.indexOf(b.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    for (const item of res.body.data) {
      expect(item).toEqual(
        expect.objectContaining({
          id: expect.stringMatching(UUID_RE),
          title: expect.any(String),
          createdAt: expect.stringMatching(ISO_MS),
          updatedAt: expect.stringMatching(ISO_MS),
          permission: 'admin',
        }),
      );
    }
    const times = res.body.data.map((p: { updatedAt: string }) => Date.parse(p.updatedAt));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]);
  });

  it('filters by parentId to pages directly inside that folder', async () => {
    const folder = await createFolder(api);
    const sub = await createFolder(api, { parentId: folder.id });
    const inside = await createPage(api, { parentId: folder.id });
    await createPage(api, { parentId: sub.id });
    await createPage(api);
    const res = await api.get(`/pages?parentId=${folder.id}`);
    expectStatus(res, 200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([inside.id]);
    expect(res.body.nextCursor).toBeNull();
  });

  it('rejects a bad parentId filter with 400', async () => {
    expectError(await api.get('/pages?parentId=xyz'), 400, 'invalid_request');
  });

  it('requires credentials: 401 unauthenticated without them', async () => {
    const anonymous = client(svc, null);
    expectError(await anonymous.get('/pages'), 401, 'unauthenticated');
    expectError(
      await anonymous.post('/pages', { title: 't', markdown: '' }),
      401,
      'unauthenticated',
    );
  });
});
