// Bad input never gives a 5xx (docs/api.md "Errors": 400 / 413 / 415 rows and
// "General" body caps). Junk is generated from fixed seeds so any failure replays exactly.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  authHeader,
  client,
  createFolder,
  createPage,
  expectError,
  expectStatus,
  send,
  sendFresh,
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
// Targets of the body-less lifecycle routes, so junk there cannot remove the main targets.
let sparePageId: string;
let spareFolderId: string;

beforeAll(async () => {
  svc = await startService();
  api = await tokenClient(svc);
  session = client(svc, { cookie: await svc.signIn() });
  pageId = (await createPage(api, { markdown: 'fuzz target' })).id;
  folderId = (await createFolder(api)).id;
  sparePageId = (await createPage(api, { markdown: 'spare' })).id;
  spareFolderId = (await createFolder(api)).id;
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

/** Percent-encodes junk text; lone surrogates (which encodeURIComponent refuses) become U+FFFD. */
const encodeJunk = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

/** An oversized JSON body on a connection of its own (see sendFresh). */
function oversized(method: string, path: string, body: string): Promise<Res> {
  return sendFresh(
    svc.baseUrl + path,
    method,
    { ...authHeader(api.auth), 'content-type': 'application/json' },
    body,
  );
}

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
    expectError(await oversized('POST', '/pages', big), 413, 'payload_too_large');
    const ops = JSON.stringify({ id: 'x', operation: 'append', content: 'c'.repeat(10 * MiB) });
    expectError(
      await oversized('POST', `/pages/${pageId}/content-operations`, ops),
      413,
      'payload_too_large',
    );
  });

  it('rejects a vault import over 50 MiB with 413', async () => {
    const files = [{ path: 'Huge.md', content: 'h'.repeat(50 * MiB + 100) }];
    const res = await oversized('POST', '/imports/vaultapp', JSON.stringify({ files }));
    expectError(res, 413, 'payload_too_large');
  });

  it('keeps a kept-alive connection usable after a 413', async () => {
    // One connection for everything: a 413 answered before the body was read must either
    // close the connection (Connection: close) or leave it clean for the next request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = (method: string, path: string, body?: string, headers = {}) =>
      new Promise<{ status: number; connection: string | undefined } | { error: string }>(
        (resolve) => {
          const req = http.request(
            svc.origin + path,
            { method, agent, headers: { ...authHeader(api.auth), ...headers } },
            (res) => {
              res.resume();
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
              );
            },
          );
          req.on('error', (error: NodeJS.ErrnoException) =>
            resolve({ error: error.code ?? error.message }),
          );
          req.end(body);
        },
      );
    const cases: [string, string, number, Record<string, string>][] = [
      ['POST', '/auth/sign-in', 300 * 1024, { 'content-type': 'application/json' }],
      ['POST', '/api/v1/pages', 11 * MiB, { 'content-type': 'application/json' }],
      [
        'PUT',
        `/api/v1/pages/${pageId}/content`,
        6 * MiB,
        { 'content-type': 'text/markdown', 'if-match': '"x"' },
      ],
    ];
    try {
      for (const [method, path, size, headers] of cases) {
        for (let round = 0; round < 2; round++) {
          const what = `${method} ${path} (${size} bytes), round ${round}`;
          const big = await request(method, path, 'x'.repeat(size), headers);
          expect(big, what).toMatchObject({ status: 413 });
          const next = await request('GET', '/api/v1/me');
          expect(next, `${what}: the request after the 413`).toMatchObject({ status: 200 });
        }
      }
    } finally {
      agent.destroy();
    }
  });

  it('enforces the cap on a chunked body without Content-Length', async () => {
    const chunk = 'x'.repeat(MiB);
    const result = await new Promise<{ status: number; text: string } | { error: string }>(
      (resolve) => {
        const req = http.request(
          `${svc.baseUrl}/pages/${pageId}/content`,
          {
            method: 'PUT',
            agent: false,
            headers: {
              ...authHeader(api.auth),
              'content-type': 'text/markdown',
              'if-match': '"irrelevant"',
              connection: 'keep-alive',
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (text += d));
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, text });
              req.destroy();
            });
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
        // No Content-Length: node sends Transfer-Encoding: chunked.
        let sent = 0;
        const pump = (): void => {
          while (sent < 12) {
            sent++;
            if (!req.write(chunk)) {
              req.once('drain', pump);
              return;
            }
          }
          req.end();
        };
        pump();
      },
    );
    expect(result).toMatchObject({ status: 413 });
    expect(JSON.parse((result as { text: string }).text).error.code).toBe('payload_too_large');
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

  it('survives junk bodies on the body-less lifecycle routes', async () => {
    const junk = new Junk(314);
    const routes: [string, () => string][] = [
      ['DELETE', () => `/pages/${sparePageId}/trash`],
      ['PATCH', () => `/pages/${sparePageId}/restore`],
      ['DELETE', () => `/folders/${spareFolderId}/trash`],
      ['PATCH', () => `/folders/${spareFolderId}/restore`],
      ['DELETE', () => '/trash/empty'],
    ];
    for (let i = 0; i < 50; i++) {
      const [method, path] = routes[i % routes.length]!;
      const raw = i % 3 === 0 ? junk.rawText() : JSON.stringify(junk.value(3));
      const res = await api.request(method, path(), {
        raw,
        headers: { 'content-type': i % 2 ? 'application/json' : 'text/plain' },
      });
      expectHandled(res, `#${i} ${method} ${path()} ${raw.slice(0, 100)}`);
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

  it('survives 60 junk page imports and junk path segments on every item route', async () => {
    const junk = new Junk(99);
    for (let i = 0; i < 60; i++) {
      const title = encodeJunk(junk.string());
      const res = await api.request('POST', `/imports/page?title=${title}`, {
        raw: junk.string(),
        headers: { 'content-type': 'text/markdown' },
      });
      expectHandled(res, `POST /imports/page #${i}`);
    }
    const itemRoutes: [string, string][] = [
      ['GET', '/pages/%s'],
      ['GET', '/pages/%s/content'],
      ['GET', '/pages/%s/export'],
      ['PATCH', '/pages/%s/restore'],
      ['DELETE', '/pages/%s/trash'],
      ['GET', '/folders/%s'],
      ['DELETE', '/folders/%s/permanent'],
      ['GET', '/images/%s'],
      ['DELETE', '/tokens/%s'],
    ];
    for (let i = 0; i < 120; i++) {
      const [method, template] = itemRoutes[i % itemRoutes.length]!;
      const segment = encodeJunk(junk.string()) || '%20';
      const path = template.replace('%s', segment);
      const who = path.startsWith('/tokens') ? session : api;
      expectHandled(await who.request(method, path), `${method} ${path.slice(0, 200)}`);
    }
  });

  it('is still healthy afterwards', async () => {
    expectStatus(await api.get('/pages'), 200);
    expectStatus(await api.get(`/pages/${pageId}/content`), 200);
  });
});
