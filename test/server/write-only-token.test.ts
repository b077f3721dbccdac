// A pages:write token without pages:read learns nothing about existing pages (docs/api.md,
// Authentication and scopes): operations whose answer or outcome depends on what a page holds
// need pages:read as well.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  createPage,
  expectError,
  expectStatus,
  getContent,
  tokenClient,
  type Client,
} from './support/http';

let svc: RunningService;
let full: Client;
let writeOnly: Client;

beforeAll(async () => {
  svc = await startService();
  full = await tokenClient(svc);
  writeOnly = await tokenClient(svc, { scopes: ['pages:write'] });
});
afterAll(async () => {
  await svc?.stop();
});

describe('a write-only token', () => {
  it('cannot read a title through PATCH, a move or a folder update', async () => {
    const folder = await createFolder(full, { name: 'Secret folder name' });
    const page = await createPage(full, { title: 'Secret title', parentId: folder.id });
    for (const res of [
      await writeOnly.patch(`/pages/${page.id}`, { icon: '🔒' }),
      await writeOnly.patch(`/pages/${page.id}/move`, { parentId: null }),
      await writeOnly.patch(`/folders/${folder.id}`, { icon: '🔒' }),
    ]) {
      expectError(res, 403, 'insufficient_scope');
      expect(res.body.error.message).toContain('pages:read');
      expect(res.text).not.toContain('Secret');
    }
    expect((await full.get(`/pages/${page.id}`)).body).toMatchObject({
      icon: null,
      parentId: folder.id,
    });
  });

  it('cannot probe content with edits (no substring oracle)', async () => {
    const page = await createPage(full, { markdown: 'the password is hunter2' });
    const probe = await writeOnly.post(`/pages/${page.id}/edits`, {
      edits: [{ id: 'p', oldText: 'hunter2', newText: 'hunter2' }],
    });
    expectError(probe, 403, 'insufficient_scope');
    expect(probe.body.error.message).toContain('pages:read');
    expect((await getContent(full, page.id)).markdown).toBe('the password is hunter2');
  });

  it('still creates, appends and replaces, answering only ids and ETags', async () => {
    const created = await writeOnly.post('/pages', { title: 'Blind', markdown: 'one' });
    expectStatus(created, 201);
    const op = await writeOnly.post(`/pages/${created.body.id}/content-operations`, {
      id: 'a',
      operation: 'append',
      content: 'two',
    });
    expectStatus(op, 200);
    expect(Object.keys(op.body).sort()).toEqual(['etag', 'id']);
    expect((await getContent(full, created.body.id)).markdown).toBe('one\n\ntwo');
  });
});
