// Bad input never gives a 5xx (issue 2 "Tests"; decisions.md "Errors": 400 / 413 / 415 rows and
// "General" body caps). Junk is generated from fixed seeds so any failure replays exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  client,
  createFolder,
  createPage,
  expectError,
  expectStatus,
  send,
  tokenClient,
  type Client,
  type Res,
} from './support/http';
import { Junk } from './support/junk';

let svc: RunningService;
let api: Client;
let session: Client;
let pageId: string;
let folderId: string;

beforeAll(async () => {
  svc = await startService();
  api = await tokenClient(svc);
  session = client(svc, { cookie: await svc.signIn() });
  pageId = (await createPage(api, { markdown: 'fuzz target' })).id;
  folderId = (await createFolder(api)).id;
});
afterAll(async () => {
  await svc?.stop();
});

const MiB = 1024 * 1024;

interface JsonRoute {
  method: string;
  path: () => string;
  keys: string[];
  session?: boolean;
  origin?: boolean; // outside /api/v1
}

const JSON_ROUTES: JsonRoute[] = [
  { method: 'POST', path: () => '/pages', keys: ['title', 'markdown', 'parentId'] },
  { method: 'PATCH', path: () => `/pages/${pageId}`, keys: ['title', 'icon'] },
  {
    method: 'POST',
    path: () => `/pages/${pageId}/edits`,
    keys: ['edits', 'id', 'oldText', 'newText'],
  },
  {
    method: 'POST',
    path: () => `/pages/${pageId}/content-operations`,
    keys: ['id', 'operation', 'content'],
  },
  { method: 'POST', path: () => `/pages/${pageId}/copy`, keys: ['parentId'] },
  { method: 'PATCH', path: () => `/pages/${pageId}/move`, keys: ['parentId'] },
  { method: 'POST', path: () => '/folders', keys: ['name', 'parentId'] },
  { method: 'PATCH', path: () => `/folders/${folderId}`, keys: ['name', 'icon', 'parentId'] },
  { method: 'POST', path: () => `/folders/${folderId}/copy`, keys: ['parentId'] },
  {
    method: 'POST',
    path: () => '/imports/vaultapp',
    keys: ['files', 'path', 'content', 'data', 'mimeType'],
  },
  { method: 'POST', path: () => '/tokens', keys: ['name', 'scopes', 'expiresAt'], session: true },
  { method: 'POST', path: () => '/auth/sign-in', keys: ['email', 'password'], origin: true },
];

function call(route: JsonRoute, opts: Parameters<Client['request']>[2]): Promise<Res> {
  if (route.origin) return send(svc.origin, route.method, route.path(), opts);
  return (route.session ? session : api).request(route.method, route.path(), opts);
}

/** Never a 5xx; every error carries the envelope. */
function expectHandled(res: Res, what: string): void {
  expect(res.status, `${what} -> ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body?.error?.code, `${what}: ${res.text.slice(0, 200)}`).toEqual(expect.any(String));
    expect(res.body?.error?.message, `${what}: ${res.text.slice(0, 200)}`).toEqual(
      expect.any(String),
    );
  }
}

describe('malformed requests', () => {
  it('answers malformed JSON with 400 invalid_request on every JSON route', async () => {
    for (const route of JSON_ROUTES) {
      for (const raw of ['{', '{"a":', '[1,,2]', 'nul', '{"a":1}garbage', '']) {
        const res = await call(route, { raw, headers: { 'content-type': 'application/json' } });
        expectError(res, 400, 'invalid_request');
      }
    }
  });

  it('answers JSON routes sent something other than JSON with 415', async () => {
    for (const route of JSON_ROUTES.filter((r) => !r.origin)) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'text/markdown']) {
        const res = await call(route, { raw: '{"title":"x"}', headers: { 'content-type': type } });
        expectError(res, 415, 'unsupported_media_type');
      }
      const untyped = await call(route, { raw: new TextEncoder().encode('{"title":"x"}') });
      expectError(untyped, 415, 'unsupported_media_type');
    }
  });

  it('rejects JSON bodies over 10 MiB with 413 payload_too_large', async () => {
    const big = JSON.stringify({ title: 't', markdown: 'm'.repeat(10 * MiB + 10) });
    expectError(
      await api.request('POST', '/pages', {
        raw: big,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'payload_too_large',
    );
    const ops = JSON.stringify({ id: 'x', operation: 'append', content: 'c'.repeat(10 * MiB) });
    expectError(
      await api.request('POST', `/pages/${pageId}/content-operations`, {
        raw: ops,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'payload_too_large',
    );
  });

  it('rejects a vault import over 50 MiB with 413', async () => {
    const files = [{ path: 'Huge.md', content: 'h'.repeat(50 * MiB + 100) }];
    const res = await api.request('POST', '/imports/vaultapp', {
      raw: JSON.stringify({ files }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 413, 'payload_too_large');
  });

  it('enforces the cap on a chunked body without Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(MiB));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    let status: number;
    let text = '';
    try {
      const response = await fetch(`${svc.baseUrl}/pages/${pageId}/content`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${(api.auth as { token: string }).token}`,
          'content-type': 'text/markdown',
          'if-match': '"irrelevant"',
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      status = response.status;
      text = await response.text();
    } catch {
      // The service may close the connection once the cap is hit; that is not a 5xx.
      status = 413;
    }
    expect(status, text).toBe(413);
    expectStatus(await api.get(`/pages/${pageId}`), 200);
  });

  it('rejects bad Idempotency-Keys, If-Match junk and bad query values without a 5xx', async () => {
    const junk = new Junk(7);
    for (let i = 0; i < 40; i++) {
      const ascii = junk
        .string()
        .replace(/[^\x20-\x7e]/g, '')
        .slice(0, 300);
      const op = await api.post(
        `/pages/${pageId}/content-operations`,
        { id: `k${i}`, operation: 'append', content: 'k' },
        { headers: { 'idempotency-key': ascii } },
      );
      expectHandled(op, `idempotency-key ${JSON.stringify(ascii)}`);
      const put = await api.put(`/pages/${pageId}/content`, {
        raw: 'never',
        headers: { 'content-type': 'text/markdown', 'if-match': ascii || '*x' },
      });
      expectHandled(put, `if-match ${JSON.stringify(ascii)}`);
      expect(put.status).not.toBe(204);
      for (const path of [
        '/pages',
        '/folders',
        '/trash/pages',
        '/pages/resolve',
        '/folders/resolve',
      ]) {
        const query = `limit=${encodeURIComponent(ascii)}&cursor=${encodeURIComponent(ascii)}&parentId=${encodeURIComponent(ascii)}&title=${encodeURIComponent(ascii)}&name=${encodeURIComponent(ascii)}`;
        expectHandled(await api.get(`${path}?${query}`), `GET ${path}?${query}`);
      }
    }
  });

  it('answers unknown routes and methods with an enveloped 404 or 405, never a 5xx', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/pages/resolve'],
      ['DELETE', '/pages'],
      ['GET', `/pages/${pageId}/nope`],
      ['PUT', '/folders'],
    ] as const) {
      const res = await api.request(method, path);
      expect([404, 405], `${method} ${path}: ${res.status}`).toContain(res.status);
      expectHandled(res, `${method} ${path}`);
    }
  });
});

describe('generated junk', () => {
  it('survives 400 junk bodies across all JSON write routes', async () => {
    const junk = new Junk(20261121);
    for (let i = 0; i < 400; i++) {
      const route = JSON_ROUTES[i % JSON_ROUTES.length]!;
      const useRaw = junk.int(5) === 0;
      const body = useRaw ? junk.rawText() : JSON.stringify(junk.nearMiss(route.keys));
      const res = await call(route, { raw: body, headers: { 'content-type': 'application/json' } });
      expectHandled(res, `#${i} ${route.method} ${route.path()} ${body.slice(0, 200)}`);
    }
  });

  it('survives 60 junk markdown documents on PUT content', async () => {
    const junk = new Junk(42);
    let etag = (await api.get(`/pages/${pageId}/content`)).headers.get('etag')!;
    for (let i = 0; i < 60; i++) {
      const text = junk.string();
      const res = await api.put(`/pages/${pageId}/content`, {
        raw: text,
        headers: { 'content-type': 'text/markdown', 'if-match': etag },
      });
      expectHandled(res, `PUT content #${i}`);
      if (res.status === 204) etag = res.headers.get('etag')!;
    }
  });

  it('is still healthy afterwards', async () => {
    expectStatus(await api.get('/pages'), 200);
    expectStatus(await api.get(`/pages/${pageId}/content`), 200);
  });
});
