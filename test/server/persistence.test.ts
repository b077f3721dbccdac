// Durability across a process restart (docs/api.md "Idempotency": the
// replay window is 24 hours, so it must outlive the process).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  client,
  createFolder,
  createPage,
  expectError,
  expectStatus,
  getContent,
  grant,
  listAll,
  tokenClient,
  uuid,
  type Client,
  type PageMeta,
} from './support/http';

// Each test starts several command-line processes and restarts the service: on a loaded
// two-core machine that alone has taken over 30 s, the default limit.
vi.setConfig({ testTimeout: 120_000 });

let svc: RunningService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.stop();
});

describe('after restart()', () => {
  it('keeps pages, folders, content, ETags, tokens, grants and idempotency records', async () => {
    const api = await tokenClient(svc);
    const session = client(svc, { cookie: await svc.signIn() });
    const apiToken = await session.post('/tokens', {
      name: 'survives',
      scopes: ['pages:read', 'pages:write'],
      expiresAt: null,
    });
    expectStatus(apiToken, 201);
    const revoked = await session.post('/tokens', {
      name: 'stays revoked',
      scopes: ['pages:read'],
      expiresAt: null,
    });
    expectStatus(await session.del(`/tokens/${revoked.body.id}`), 204);

    const folder = await createFolder(api, { name: 'Durable' });
    const page = await createPage(api, {
      title: 'Durable page',
      parentId: folder.id,
      markdown: '---\nk: v\n---\nbody',
    });
    const trashed = await createPage(api, { title: 'in trash' });
    expectStatus(await api.del(`/pages/${trashed.id}/trash`), 200);
    const key = uuid();
    const body = { id: key, operation: 'append', content: `durable-${key}` };
    const applied = await api.post(`/pages/${page.id}/content-operations`, body, {
      headers: { 'idempotency-key': key },
    });
    expectStatus(applied, 200);
    const before = await getContent(api, page.id);
    const meta = (await api.get(`/pages/${page.id}`)).body as PageMeta;

    await svc.restart();

    const after = await getContent(api, page.id);
    expect(after).toEqual(before);
    expect((await api.get(`/pages/${page.id}`)).body).toEqual(meta);
    expect((await api.get(`/folders/${folder.id}`)).body.name).toBe('Durable');
    expect((await listAll(api, '/trash/pages')).map((p) => p.id)).toContain(trashed.id);

    const replay = await api.post(`/pages/${page.id}/content-operations`, body, {
      headers: { 'idempotency-key': key },
    });
    expectStatus(replay, 200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(applied.body);
    expect((await getContent(api, page.id)).markdown.split(`durable-${key}`)).toHaveLength(2);

    const reused = await api.post(
      `/pages/${page.id}/content-operations`,
      { ...body, content: 'different' },
      { headers: { 'idempotency-key': key } },
    );
    expectError(reused, 422, 'idempotency_key_reused');

    expectStatus(await client(svc, { token: apiToken.body.token }).get('/pages'), 200);
    expectError(
      await client(svc, { token: revoked.body.token }).get('/pages'),
      401,
      'unauthenticated',
    );
    // The demo account (and its password) persists; sign-in still works.
    expect(await svc.signIn()).toMatch(/^neutral-auth\.session_token=/);
  });

  it('keeps grants and restrictions', async () => {
    const owner = await tokenClient(svc);
    const email = `later-${uuid().slice(0, 8)}@example.test`;
    await svc.cli(['user', 'add', '--email', email, '--password', 'pw-later-123']);
    const folder = await createFolder(owner);
    const open = await createPage(owner, { parentId: folder.id });
    const closed = await createPage(owner, { parentId: folder.id });
    await grant(svc, email, folder.id, 'view');
    await svc.cli(['restrict', '--item', closed.id]);
    const other: Client = await tokenClient(svc, { email });

    await svc.restart();

    const visible = await listAll(other, '/pages');
    expect(visible.map((p) => p.id)).toEqual([open.id]);
    expect((await other.get(`/pages/${open.id}`)).body.permission).toBe('view');
    expectError(await other.get(`/pages/${closed.id}`), 404, 'not_found');
  });

  it('keeps serving on the same port and data dir, without a new demo user', async () => {
    const origin = svc.origin;
    await svc.restart();
    expect(svc.origin).toBe(origin);
    expect(svc.logs()).not.toMatch(/demo password/);
    expectStatus(await client(svc, { token: await svc.token() }).get('/me'), 200);
  });
});
