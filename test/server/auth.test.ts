// Credentials, scopes, API tokens and browser sign-in (spec "Authentication", "POST /tokens",
// "Errors"; docs/api.md "Errors" 401/403 rows, "Resolve, identity, tokens…", sign-in).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  client,
  createFolder,
  createPage,
  expectError,
  expectStatus,
  getContent,
  ISO_MS,
  newUser,
  send,
  sendFresh,
  tokenClient,
  uuid,
  UUID_RE,
  type Client,
} from './support/http';

let svc: RunningService;
let full: Client;
let readOnly: Client;
let writeOnly: Client;
let session: Client;
let pageId: string;
let folderId: string;

beforeAll(async () => {
  svc = await startService();
  [full, readOnly, writeOnly] = await Promise.all([
    tokenClient(svc),
    tokenClient(svc, { scopes: ['pages:read'] }),
    tokenClient(svc, { scopes: ['pages:write'] }),
  ]);
  session = client(svc, { cookie: await svc.signIn() });
  pageId = (await createPage(full, { markdown: 'scoped' })).id;
  folderId = (await createFolder(full)).id;
});
afterAll(async () => {
  await svc?.stop();
});

/** Every write the spec and docs/api.md guard with pages:write. */
function writeRoutes(): {
  method: string;
  path: string;
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}[] {
  return [
    { method: 'POST', path: '/pages', json: { title: 't', markdown: 'x' } },
    { method: 'PATCH', path: `/pages/${pageId}`, json: { title: 'nope' } },
    {
      method: 'PUT',
      path: `/pages/${pageId}/content`,
      raw: 'nope',
      headers: { 'content-type': 'text/markdown', 'if-match': '"whatever"' },
    },
    {
      method: 'POST',
      path: `/pages/${pageId}/edits`,
      json: { edits: [{ id: 'e', oldText: 'scoped', newText: 'nope' }] },
    },
    {
      method: 'POST',
      path: `/pages/${pageId}/content-operations`,
      json: { id: 'o', operation: 'append', content: 'nope' },
    },
    { method: 'POST', path: `/pages/${pageId}/copy`, json: { parentId: null } },
    { method: 'PATCH', path: `/pages/${pageId}/move`, json: { parentId: folderId } },
    { method: 'DELETE', path: `/pages/${pageId}/trash` },
    { method: 'PATCH', path: `/pages/${pageId}/restore` },
    { method: 'DELETE', path: `/pages/${pageId}/permanent` },
    { method: 'POST', path: '/folders', json: { name: 'nope' } },
    { method: 'PATCH', path: `/folders/${folderId}`, json: { name: 'nope' } },
    { method: 'POST', path: `/folders/${folderId}/copy`, json: { parentId: null } },
    { method: 'DELETE', path: `/folders/${folderId}/trash` },
    { method: 'PATCH', path: `/folders/${folderId}/restore` },
    { method: 'DELETE', path: `/folders/${folderId}/permanent` },
    { method: 'DELETE', path: '/trash/empty' },
    {
      method: 'POST',
      path: '/imports/vaultapp',
      json: { files: [{ path: 'Nope.md', content: 'nope' }] },
    },
  ];
}

function readRoutes(): string[] {
  return [
    '/pages',
    `/pages/${pageId}`,
    `/pages/${pageId}/content`,
    '/pages/resolve?title=x',
    '/folders',
    `/folders/${folderId}`,
    '/folders/resolve?name=x',
    '/trash/pages',
    '/trash/folders',
  ];
}

describe('missing and invalid credentials', () => {
  it('answers 401 unauthenticated without credentials on reads, writes and /me', async () => {
    const anonymous = client(svc, null);
    expectError(await anonymous.get('/pages'), 401, 'unauthenticated');
    expectError(await anonymous.get('/me'), 401, 'unauthenticated');
    expectError(await anonymous.get(`/pages/${pageId}/content`), 401, 'unauthenticated');
    expectError(
      await anonymous.post(`/pages/${pageId}/content-operations`, {
        id: 'x',
        operation: 'append',
        content: 'x',
      }),
      401,
      'unauthenticated',
    );
  });

  it('answers 401 for an unknown token, another scheme or a bad session cookie', async () => {
    const variants: Record<string, string>[] = [
      { authorization: 'Bearer pc_not-a-real-token' },
      { authorization: 'Bearer ' },
      { authorization: 'Basic ZGVtbzpkZW1v' },
      { authorization: `bearer${uuid()}` },
      { cookie: 'neutral-auth.session_token=forged' },
    ];
    for (const headers of variants) {
      const res = await client(svc, null).get('/pages', { headers });
      expectError(res, 401, 'unauthenticated');
    }
  });

  it('answers 401 before checking the item exists, so existence is not revealed', async () => {
    const anonymous = client(svc, null);
    expectError(await anonymous.get(`/pages/${uuid()}`), 401, 'unauthenticated');
  });
});

describe('scopes', () => {
  it('a pages:read token reads everything', async () => {
    for (const path of readRoutes()) {
      const res = await readOnly.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
    }
  });

  it('a pages:read token gets 403 insufficient_scope naming pages:write on every write', async () => {
    for (const route of writeRoutes()) {
      const res = await readOnly.request(route.method, route.path, {
        json: route.json,
        raw: route.raw,
        headers: route.headers,
      });
      expectError(res, 403, 'insufficient_scope');
      expect(res.body.error.message, `${route.method} ${route.path}`).toContain('pages:write');
    }
    // Nothing was changed by any of them.
    expect((await getContent(full, pageId)).markdown).toBe('scoped');
    expect((await full.get(`/pages/${pageId}`)).body.parentId).toBeNull();
  });

  it('a pages:write token gets 403 insufficient_scope naming pages:read on every read', async () => {
    for (const path of readRoutes()) {
      const res = await writeOnly.get(path);
      expectError(res, 403, 'insufficient_scope');
      expect(res.body.error.message, path).toContain('pages:read');
    }
  });

  it('GET /me accepts any valid token', async () => {
    expectStatus(await readOnly.get('/me'), 200);
    expectStatus(await writeOnly.get('/me'), 200);
  });

  it('a browser session may write pages (edits, content operations, content replace)', async () => {
    const page = await createPage(full, { markdown: 'session' });
    const op = await session.post(`/pages/${page.id}/content-operations`, {
      id: 'via-session',
      operation: 'append',
      content: 'by cookie',
    });
    expectStatus(op, 200);
    const edit = await session.post(`/pages/${page.id}/edits`, {
      edits: [{ id: 'e', oldText: 'by cookie', newText: 'by session' }],
    });
    expectStatus(edit, 200);
    const put = await session.put(`/pages/${page.id}/content`, {
      raw: 'replaced by session',
      headers: { 'content-type': 'text/markdown', 'if-match': edit.body.etag },
    });
    expectStatus(put, 204);
    expect((await getContent(full, page.id)).markdown).toBe('replaced by session');
  });

  it('lets the Authorization header decide when a cookie is sent too', async () => {
    const cookie = (session.auth as { cookie: string }).cookie;
    const res = await readOnly.post(
      '/pages',
      { title: 'both credentials', markdown: 'x' },
      { headers: { cookie } },
    );
    expectError(res, 403, 'insufficient_scope');
  });
});

describe('API tokens', () => {
  it('POST /tokens with a session creates a token whose secret is shown once', async () => {
    const res = await session.post('/tokens', {
      name: 'laptop',
      scopes: ['pages:read', 'pages:write'],
      expiresAt: null,
    });
    expectStatus(res, 201);
    const secret: string = res.body.token;
    expect(typeof secret).toBe('string');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(res.body).toMatchObject({
      name: 'laptop',
      scopes: ['pages:read', 'pages:write'],
      expiresAt: null,
    });
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.createdAt).toMatch(ISO_MS);

    const viaToken = client(svc, { token: secret });
    expectStatus(await viaToken.get('/pages'), 200);
    expectStatus(await viaToken.post('/pages', { title: 'by new token', markdown: 'x' }), 201);

    const list = await session.get('/tokens');
    expectStatus(list, 200);
    const listed = list.body.data.find((t: { id: string }) => t.id === res.body.id);
    expect(listed).toMatchObject({ id: res.body.id, name: 'laptop', expiresAt: null });
    expect(listed).toHaveProperty('lastUsedAt');
    expect(listed).toHaveProperty('createdAt');
    expect(list.text).not.toContain(secret);
  });

  it('a token created without scopes holds pages:read only', async () => {
    const res = await session.post('/tokens', { name: 'default scopes', expiresAt: null });
    expectStatus(res, 201);
    expect(res.body.scopes).toEqual(['pages:read']);
    const viaToken = client(svc, { token: res.body.token });
    expectStatus(await viaToken.get('/pages'), 200);
    expectError(
      await viaToken.post('/pages', { title: 't', markdown: 'x' }),
      403,
      'insufficient_scope',
    );
  });

  it('token operations need a browser session: a bearer token gets 403 forbidden', async () => {
    expectError(
      await full.post('/tokens', { name: 'x', scopes: ['pages:read'], expiresAt: null }),
      403,
      'forbidden',
    );
    expectError(await full.get('/tokens'), 403, 'forbidden');
    expectError(await full.del(`/tokens/${uuid()}`), 403, 'forbidden');
    expectError(await client(svc, null).get('/tokens'), 401, 'unauthenticated');
  });

  it('rejects bad token bodies with 400', async () => {
    for (const body of [
      { name: 5, scopes: ['pages:read'], expiresAt: null },
      { name: 'x', scopes: 'pages:read', expiresAt: null },
      { name: 'x', scopes: ['pages:admin'], expiresAt: null },
      { name: 'x', scopes: ['pages:read'], expiresAt: 'tomorrow' },
    ]) {
      expectError(await session.post('/tokens', body), 400, 'invalid_request');
    }
  });

  it('DELETE /tokens/{id} revokes: the token then gets 401', async () => {
    const created = await session.post('/tokens', {
      name: 'to revoke',
      scopes: ['pages:read'],
      expiresAt: null,
    });
    const viaToken = client(svc, { token: created.body.token });
    expectStatus(await viaToken.get('/pages'), 200);
    const res = await session.del(`/tokens/${created.body.id}`);
    expectStatus(res, 204);
    expectError(await viaToken.get('/pages'), 401, 'unauthenticated');
    const list = await session.get('/tokens');
    expect(list.body.data.map((t: { id: string }) => t.id)).not.toContain(created.body.id);
    expectError(await session.del(`/tokens/${uuid()}`), 404, 'not_found');
    expectError(await session.del('/tokens/not-a-uuid'), 400, 'invalid_request');
  });

  it('lists only the caller’s tokens, records lastUsedAt, and never revokes another user’s', async () => {
    const created = await session.post('/tokens', {
      name: 'used once',
      scopes: ['pages:read'],
      expiresAt: null,
    });
    expectStatus(await client(svc, { token: created.body.token }).get('/pages'), 200);
    const mine = await session.get('/tokens');
    const entry = mine.body.data.find((t: { id: string }) => t.id === created.body.id);
    expect(entry.lastUsedAt).toMatch(ISO_MS);

    const other = await newUser(svc, 'token-owner');
    const otherSession = client(svc, { cookie: await svc.signIn(other.email, other.password) });
    const theirs = await otherSession.get('/tokens');
    expectStatus(theirs, 200);
    const theirIds = theirs.body.data.map((t: { id: string }) => t.id);
    expect(theirIds).not.toContain(created.body.id);
    expectError(await otherSession.del(`/tokens/${created.body.id}`), 404, 'not_found');
    expectStatus(await client(svc, { token: created.body.token }).get('/pages'), 200);
  });

  it('an expired token gets 401 unauthenticated', async () => {
    const expiresAtMs = Date.now() + 3000;
    const expiresAt = new Date(expiresAtMs).toISOString();
    const created = await session.post('/tokens', {
      name: 'short-lived',
      scopes: ['pages:read'],
      expiresAt,
    });
    expectStatus(created, 201);
    expect(created.body.expiresAt).toBe(expiresAt);
    const viaToken = client(svc, { token: created.body.token });
    expectStatus(await viaToken.get('/pages'), 200);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAtMs - Date.now()) + 200));
    expectError(await viaToken.get('/pages'), 401, 'unauthenticated');
  });

  it('stores only a hash: no file in the data directory contains a secret', async () => {
    const created = await session.post('/tokens', {
      name: 'hashed',
      scopes: ['pages:read'],
      expiresAt: null,
    });
    const cliSecret = await svc.token({ name: 'cli-hashed' });
    const needles = [created.body.token as string, cliSecret].map((s) => Buffer.from(s));
    const cookieValue = Buffer.from(
      session.auth && 'cookie' in session.auth ? session.auth.cookie.split('=')[1]! : '',
    );
    for (const name of readdirSync(svc.dataDir, { recursive: true }) as string[]) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(svc.dataDir, name));
      } catch {
        continue; // a directory
      }
      for (const needle of [...needles, cookieValue]) {
        expect(bytes.includes(needle), `${name} holds a secret`).toBe(false);
      }
    }
  });

  it('rejects an expiresAt in the past with 400', async () => {
    const res = await session.post('/tokens', {
      name: 'already expired',
      scopes: ['pages:read'],
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.message).toMatch(/expiresAt/);
  });
});

describe('sign-in', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie on success', async () => {
    const res = await send(svc.origin, 'POST', '/auth/sign-in', {
      json: { email: svc.demo.email, password: svc.demo.password },
    });
    expectStatus(res, 200);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('neutral-auth.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
  });

  it('answers wrong credentials with 401 unauthenticated', async () => {
    for (const body of [
      { email: svc.demo.email, password: 'wrong' },
      { email: 'nobody@example.test', password: svc.demo.password },
    ]) {
      const res = await send(svc.origin, 'POST', '/auth/sign-in', { json: body });
      expectError(res, 401, 'unauthenticated');
      expect(res.headers.getSetCookie().join('')).not.toMatch(/session_token=[^;]+/);
    }
  });

  it('answers a malformed sign-in body with 400', async () => {
    expectError(
      await send(svc.origin, 'POST', '/auth/sign-in', { json: { email: 5 } }),
      400,
      'invalid_request',
    );
    expectError(
      await send(svc.origin, 'POST', '/auth/sign-in', {
        raw: '{',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_request',
    );
  });

  it('rejects a sign-in body over its cap with 413', async () => {
    const res = await sendFresh(
      `${svc.origin}/auth/sign-in`,
      'POST',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: svc.demo.email, password: 'p'.repeat(200 * 1024) }),
    );
    expectError(res, 413, 'payload_too_large');
  });

  it('signs out: the session then gets 401', async () => {
    const cookie = await svc.signIn();
    const mine = client(svc, { cookie });
    expectStatus(await mine.get('/me'), 200);
    const out = await send(svc.origin, 'POST', '/auth/sign-out', { auth: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join(';')).toMatch(
      /neutral-auth\.session_token=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
    expectError(await mine.get('/me'), 401, 'unauthenticated');
  });

  it('serves an HTML sign-in form for people', async () => {
    const res = await send(svc.origin, 'GET', '/auth/sign-in');
    expectStatus(res, 200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(/<form/i);
    expect(res.text).toMatch(/password/i);
  });

  it('redirects to a same-origin return_to path after a form sign-in, never elsewhere', async () => {
    const page = await send(svc.origin, 'GET', '/auth/sign-in?return_to=%2Fapi%2Fv1%2Fme');
    expect(page.text).toMatch(
      /name="return_to"[^>]*value="\/api\/v1\/me"|value="\/api\/v1\/me"[^>]*name="return_to"/,
    );
    const signIn = (returnTo: string) =>
      send(svc.origin, 'POST', '/auth/sign-in', {
        raw: new URLSearchParams({
          email: svc.demo.email,
          password: svc.demo.password,
          return_to: returnTo,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const ok = await signIn('/api/v1/me');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/api/v1/me');
    expect(ok.headers.getSetCookie().join(';')).toMatch(/neutral-auth\.session_token=[^;]+/);
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example/x']) {
      const res = await signIn(evil);
      expect(res.headers.get('location') ?? '', evil).not.toContain('evil.example');
    }
  });

  it('answers a JSON sign-in with the user, and other body types with 415', async () => {
    const res = await send(svc.origin, 'POST', '/auth/sign-in', {
      json: { email: svc.demo.email, password: svc.demo.password },
    });
    expectStatus(res, 200);
    expect(res.body.user).toMatchObject({ email: svc.demo.email });
    expect(res.body.user.id).toMatch(UUID_RE);
    expect(res.text).not.toContain(svc.demo.password);
    const plain = await send(svc.origin, 'POST', '/auth/sign-in', {
      raw: JSON.stringify({ email: svc.demo.email, password: svc.demo.password }),
      headers: { 'content-type': 'text/plain' },
    });
    expectError(plain, 415, 'unsupported_media_type');
  });

  it('escapes a hostile return_to in the sign-in page and forbids framing', async () => {
    const hostile = '/x"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await send(
      svc.origin,
      'GET',
      `/auth/sign-in?return_to=${encodeURIComponent(hostile)}`,
    );
    expectStatus(res, 200);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain('<img src=x');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});
