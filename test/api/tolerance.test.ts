/**
 * The client against crafted answers a real deployment (or a proxy in front of it) might give:
 * it must accept what the spec allows, and turn everything else into an `ApiError` with a clear
 * message, never a crash further on (docs/api.md: the client reads what the spec does not show tolerantly).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, ApiError, collect, isApiError, withRetry } from '../../lib/api';
import { startCraftedServer, type CraftedServer } from './support/crafted-server';

const TOKEN = 'pc_tolerance-secret-token-0123456789';
const PAGE_ID = '0b6f1f7e-8a44-4b8e-9d43-5f1a3c2e7d10';
const FOLDER_ID = '2c1d4e5f-6a7b-4c8d-9e0f-a1b2c3d4e5f6';

const page = (over: Record<string, unknown> = {}) => ({
  id: PAGE_ID,
  title: 'A page',
  createdAt: '2026-11-21T08:30:00.000Z',
  updatedAt: '2026-11-21T08:31:00.000Z',
  permission: 'edit',
  ...over,
});

let server: CraftedServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startCraftedServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.fallback(() => ({ status: 500, body: '' }));
  client = new ApiClient({
    baseUrl: server.baseUrl,
    credential: { kind: 'token', token: TOKEN },
    timeoutMs: 5_000,
  });
});

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const error = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.message).not.toContain(TOKEN);
  return apiError;
}

describe('answers the spec allows', () => {
  it('parses pages with extra fields and without the optional ones, dropping the unknown', async () => {
    server.queue({
      body: {
        data: [
          page({ surprise: { nested: true }, icon: '📄', parentId: FOLDER_ID }),
          page({ id: '3a1d4e5f-6a7b-4c8d-9e0f-a1b2c3d4e5f6', title: 'No extras' }),
        ],
        nextCursor: null,
        total: 2,
      },
    });
    const result = await client.listPagesPage();
    expect(result.nextCursor).toBeNull();
    expect(result.data).toHaveLength(2);
    expect(result.data[0]).toEqual({ ...page(), icon: '📄', parentId: FOLDER_ID });
    expect(result.data[0]).not.toHaveProperty('surprise');
    expect(result.data[1]?.icon).toBeUndefined();
    expect(result.data[1]?.parentId).toBeUndefined();
  });

  it('keeps only the string form of folder fields whose other alternatives are not shown', async () => {
    server.queue({
      body: {
        data: [
          {
            id: FOLDER_ID,
            parentId: null,
            name: 'Reading',
            icon: null,
            ownerId: { kind: 'team' },
            permission: 'owner',
            createdAt: 1763713800000,
          },
          { id: PAGE_ID, parentId: FOLDER_ID, name: 'Inner', icon: '📁', permission: 'view' },
        ],
      },
    });
    const result = await client.listFoldersPage();
    // nextCursor missing entirely: the list ends instead of failing.
    expect(result.nextCursor).toBeNull();
    expect(result.data[0]).toMatchObject({ id: FOLDER_ID, parentId: null, name: 'Reading' });
    expect(result.data[0]?.icon).toBeUndefined();
    expect(result.data[0]?.ownerId).toBeUndefined();
    expect(result.data[0]?.permission).toBeUndefined();
    expect(result.data[0]?.createdAt).toBeUndefined();
    expect(result.data[1]).toMatchObject({ icon: '📁', permission: 'view' });
  });

  it('accepts a folder creation answer with only id and name', async () => {
    server.queue({ status: 201, body: { id: FOLDER_ID, name: 'Inbox' } });
    const folder = await client.createFolder({ name: 'Inbox' });
    expect(folder).toMatchObject({ id: FOLDER_ID, name: 'Inbox' });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ name: 'Inbox', parentId: null });
  });

  it('accepts resolve answers as an envelope or a bare array', async () => {
    server.queue({ body: { data: [page()] } }, { body: [page({ title: 'Bare' })] });
    expect((await client.resolvePages({ title: 'A page' }))[0]?.title).toBe('A page');
    expect((await client.resolvePages({ title: 'Bare' }))[0]?.title).toBe('Bare');
    expect(server.requests[0]!.url).toBe('/api/v1/pages/resolve?title=A+page');
  });

  it('reads token creation answers flat or nested, and lists as arrays or envelopes', async () => {
    server.queue(
      { status: 201, body: { id: 'tok-1', name: 'cli', scopes: ['pages:read'], secret: 's1' } },
      { status: 201, body: { token: { id: 'tok-2', name: 'x', scopes: [] }, secret: 's2' } },
      { body: [{ id: 'tok-1' }] },
      { body: { data: [{ id: 'tok-1', lastUsedAt: null }] } },
    );
    expect(await client.createToken({ name: 'cli' })).toMatchObject({ id: 'tok-1', secret: 's1' });
    expect(await client.createToken({ name: 'x' })).toMatchObject({ id: 'tok-2', secret: 's2' });
    expect(await client.listTokens()).toEqual([{ id: 'tok-1' }]);
    expect(await client.listTokens()).toEqual([{ id: 'tok-1', lastUsedAt: null }]);
  });

  it('tolerates unknown shapes where the spec shows none (trash, move, empty trash)', async () => {
    server.queue(
      { status: 204 },
      { body: { moved: true } },
      { body: { id: PAGE_ID, extra: 1 } },
      { body: 'ok', headers: { 'content-type': 'text/plain' } },
    );
    expect(await client.trashPage(PAGE_ID)).toEqual({});
    expect(await client.movePage(PAGE_ID, { parentId: null })).toBeNull();
    expect(await client.restorePage(PAGE_ID)).toEqual({ id: PAGE_ID });
    // Not JSON at all where no shape is shown: still an error, with a clear message.
    const e = await failure(client.emptyTrash());
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toMatch(/not JSON/);
  });
});

describe('answers that break the spec', () => {
  it('names a missing required field', async () => {
    const { title: _omit, ...noTitle } = page();
    server.queue({ body: noTitle });
    const e = await failure(client.getPage(PAGE_ID));
    expect(e).toMatchObject({ kind: 'invalid-response', code: 'invalid_response', status: 200 });
    expect(e.retryable).toBe(false);
    expect(e.message).toContain(`GET /pages/${PAGE_ID}`);
    expect(e.message).toContain('field "title"');
  });

  it('names a field of the wrong type, deep in a list', async () => {
    server.queue({
      body: { data: [page(), page({ updatedAt: 1763713800000 })], nextCursor: null },
    });
    const e = await failure(client.listPagesPage());
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toContain('field "data.1.updatedAt"');
    expect(e.message).toMatch(/expected string/);
  });

  it('rejects ids that are not the UUIDs the spec allows', async () => {
    server.queue({ body: page({ id: 'page-1' }) });
    const e = await failure(client.getPage(PAGE_ID));
    expect(e.message).toContain('field "id"');
  });

  it('rejects a body that is not JSON', async () => {
    server.queue({ body: 'Welcome to nginx!', headers: { 'content-type': 'text/plain' } });
    const e = await failure(client.getPage(PAGE_ID));
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toMatch(/the body is not JSON \(text\/plain: "Welcome to nginx!"\)/);
  });

  it('rejects an empty body where metadata is due', async () => {
    server.queue({ status: 200 });
    const e = await failure(client.createPage({ title: 't', markdown: 'm' }));
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toContain('the body is empty');
  });

  it('requires the ETag of content reads and writes', async () => {
    server.queue(
      { body: '# hi', headers: { 'content-type': 'text/markdown' } },
      { status: 204 },
      { body: { id: 'op-1' }, headers: { etag: '"e1"' } },
    );
    const read = await failure(client.getContent(PAGE_ID));
    expect(read.message).toContain('the ETag header is missing');
    const write = await failure(client.replaceContent(PAGE_ID, 'x', { ifMatch: '"e0"' }));
    expect(write.message).toContain('the ETag header is missing');
    const append = await failure(
      client.appendContent(PAGE_ID, { id: 'op-1', operation: 'append', content: 'x' }),
    );
    expect(append.message).toContain('field "etag"');
  });

  it('refuses an HTML page as page content, so it can never be written back', async () => {
    server.queue({
      body: '<html><head><title>Sign in to Wi-Fi</title></head></html>',
      headers: { 'content-type': 'text/html; charset=utf-8', etag: '"portal"' },
    });
    let changed = false;
    const e = await failure(
      client.updateContent(PAGE_ID, (md) => {
        changed = true;
        return `${md} more`;
      }),
    );
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toContain('expected markdown, got text/html');
    expect(changed).toBe(false);
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('stops a list whose cursor repeats instead of looping forever', async () => {
    server.fallback(() => ({ body: { data: [page()], nextCursor: 'same' } }));
    const e = await failure(collect(client.listPages()));
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toMatch(/cursor it had already returned/);
    expect(server.requests).toHaveLength(2);
  });
});

describe('error answers', () => {
  it('reads the error envelope', async () => {
    server.queue({
      status: 404,
      body: { error: { code: 'not_found', message: 'page 0b6f… was not found' }, trace: 'x' },
    });
    const e = await failure(client.getPage(PAGE_ID));
    expect(e).toMatchObject({ kind: 'http', status: 404, code: 'not_found', retryable: false });
    expect(e.message).toContain('page 0b6f… was not found');
  });

  it('turns a proxy HTML 502 page into a retryable error with a clear message', async () => {
    server.queue({
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>',
    });
    const e = await failure(client.getPage(PAGE_ID));
    expect(e).toMatchObject({ kind: 'http', status: 502, code: 'http_502', retryable: true });
    expect(e.message).toContain('HTML page instead of the error envelope ("502 Bad Gateway")');
  });

  it('handles empty and non-envelope error bodies', async () => {
    server.queue(
      { status: 500 },
      { status: 400, body: { message: 'bad' } },
      { status: 418, body: 'short and stout', headers: { 'content-type': 'text/plain' } },
    );
    const empty = await failure(client.getPage(PAGE_ID));
    expect(empty).toMatchObject({ status: 500, code: 'http_500', retryable: true });
    expect(empty.message).toContain('with an empty body');
    const json = await failure(client.getPage(PAGE_ID));
    expect(json).toMatchObject({ status: 400, code: 'http_400', retryable: false });
    expect(json.message).toContain('not the error envelope');
    const teapot = await failure(client.getPage(PAGE_ID));
    expect(teapot).toMatchObject({ status: 418, code: 'http_418', retryable: false });
    expect(teapot.message).toContain('"short and stout"');
  });

  it('reads Retry-After as seconds or as an HTTP date', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    server.queue(
      {
        status: 429,
        headers: { 'retry-after': '3' },
        body: { error: { code: 'rate_limited', message: 'slow down' } },
      },
      { status: 503, headers: { 'retry-after': inAMinute } },
      { status: 503, headers: { 'retry-after': 'soon' } },
    );
    const seconds = await failure(client.getPage(PAGE_ID));
    expect(seconds).toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryable: true,
      retryAfterMs: 3000,
    });
    const date = await failure(client.getPage(PAGE_ID));
    expect(date.retryAfterMs).toBeGreaterThan(50_000);
    expect(date.retryAfterMs).toBeLessThanOrEqual(60_000);
    const junk = await failure(client.getPage(PAGE_ID));
    expect(junk.retryAfterMs).toBeNull();
  });

  it('retries a 429 after exactly the Retry-After delay, then succeeds', async () => {
    server.queue(
      {
        status: 429,
        headers: { 'retry-after': '2' },
        body: { error: { code: 'rate_limited', message: 'later' } },
      },
      { body: page() },
    );
    const slept: number[] = [];
    const result = await withRetry(() => client.getPage(PAGE_ID), {
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect(result.id).toBe(PAGE_ID);
    expect(slept).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });
});

describe('transport failures', () => {
  it('reports a refused connection as a retryable network error', async () => {
    const down = await startCraftedServer();
    const baseUrl = down.baseUrl;
    await down.close();
    const c = new ApiClient({ baseUrl, credential: { kind: 'token', token: TOKEN } });
    const e = await failure(c.me());
    expect(e).toMatchObject({
      kind: 'network',
      status: null,
      code: 'network_error',
      retryable: true,
    });
    expect(e.message).toMatch(/could not reach the service at http:\/\/127\.0\.0\.1:\d+/);
    expect(e.message).toContain('ECONNREFUSED');
  });

  it('reports a service that never answers as a timeout', async () => {
    server.queue({ hang: true });
    const e = await failure(client.getPage(PAGE_ID, { timeoutMs: 200 }));
    expect(e).toMatchObject({ kind: 'timeout', status: null, code: 'timeout', retryable: true });
    expect(e.message).toContain('within 200 ms');
  });

  it("hands back the caller's abort as an abort, not as a failure", async () => {
    server.queue({ hang: true });
    const controller = new AbortController();
    const pending = client.getPage(PAGE_ID, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(isApiError(error)).toBe(false);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('what the client sends', () => {
  it('sends the token as a bearer header and a session as a cookie', async () => {
    server.fallback(() => ({ body: { id: 'u1', email: 'a@b.c' } }));
    await client.me();
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.requests[0]!.headers.cookie).toBeUndefined();
    const session = new ApiClient({
      baseUrl: server.baseUrl,
      credential: { kind: 'session', cookie: 'neutral-auth.session_token=abc' },
    });
    await session.me();
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
    expect(server.requests[1]!.headers.cookie).toBe('neutral-auth.session_token=abc');
  });

  it('asks the browser for cookies only with a session credential', async () => {
    server.fallback(() => ({ body: { id: 'u1' } }));
    const modes: (RequestCredentials | undefined)[] = [];
    const recording = (input: string, init: RequestInit) => {
      modes.push(init.credentials);
      return fetch(input, init);
    };
    const base = { baseUrl: server.baseUrl, fetch: recording };
    await new ApiClient({ ...base, credential: { kind: 'token', token: TOKEN } }).me();
    await new ApiClient({ ...base, credential: { kind: 'session' } }).me();
    expect(modes).toEqual(['omit', 'include']);
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
  });

  it('refuses a base URL that is not http(s) and an empty token', () => {
    const credential = { kind: 'token', token: TOKEN } as const;
    expect(() => new ApiClient({ baseUrl: 'not a url', credential })).toThrow(/not a URL/);
    expect(() => new ApiClient({ baseUrl: 'file:///etc/api/v1', credential })).toThrow(/http/);
    expect(
      () => new ApiClient({ baseUrl: server.baseUrl, credential: { kind: 'token', token: ' ' } }),
    ).toThrow(/empty/);
  });

  it('sends markdown with If-Match, and leaves If-Match out only when asked', async () => {
    server.fallback(() => ({ status: 204, headers: { etag: '"e2"' } }));
    expect(await client.replaceContent(PAGE_ID, '# new', { ifMatch: '"e1"' })).toEqual({
      etag: '"e2"',
    });
    await client.replaceContent(PAGE_ID, '# new', { ifMatch: null });
    const [first, second] = server.requests;
    expect(first).toMatchObject({
      method: 'PUT',
      url: `/api/v1/pages/${PAGE_ID}/content`,
      body: '# new',
    });
    expect(first!.headers['content-type']).toMatch(/^text\/markdown/);
    expect(first!.headers['if-match']).toBe('"e1"');
    expect(second!.headers['if-match']).toBeUndefined();
  });

  it('mints one Idempotency-Key per call and reuses it on every retry', async () => {
    server.queue(
      { status: 503 },
      { status: 502 },
      {
        body: { id: 'op-9', etag: '"e9"' },
        headers: { etag: '"e9"', 'idempotent-replayed': 'true' },
      },
    );
    const result = await client.appendContent(
      PAGE_ID,
      { id: 'op-9', operation: 'append', content: 'hello' },
      { retry: { sleep: async () => {} } },
    );
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(result).toEqual({ id: 'op-9', etag: '"e9"', replayed: true, idempotencyKey: keys[0] });
  });

  it('uses the caller’s key, and hands it back on failure for a later retry', async () => {
    server.queue({ status: 503 });
    const e = await failure(
      client.applyEdits(PAGE_ID, [{ id: 'e1', oldText: 'a', newText: 'b' }], {
        idempotencyKey: 'clip-1',
      }),
    );
    expect(e.idempotencyKey).toBe('clip-1');
    expect(server.requests[0]!.headers['idempotency-key']).toBe('clip-1');
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      edits: [{ id: 'e1', oldText: 'a', newText: 'b' }],
    });
  });

  it('follows nextCursor across pages and sends list parameters', async () => {
    const second = { ...page(), id: '3a1d4e5f-6a7b-4c8d-9e0f-a1b2c3d4e5f6' };
    server.queue(
      { body: { data: [page()], nextCursor: 'c1' } },
      { body: { data: [second], nextCursor: null } },
    );
    const all = await collect(client.listPages({ parentId: FOLDER_ID, limit: 1 }));
    expect(all.map((p) => p.id)).toEqual([PAGE_ID, second.id]);
    expect(server.requests.map((r) => r.url)).toEqual([
      `/api/v1/pages?limit=1&parentId=${FOLDER_ID}`,
      `/api/v1/pages?cursor=c1&limit=1&parentId=${FOLDER_ID}`,
    ]);
  });

  it('encodes ids into paths, so an id can never reach another route', async () => {
    server.fallback(() => ({ status: 404, body: { error: { code: 'not_found', message: 'no' } } }));
    await failure(client.getPage('../tokens'));
    expect(server.requests[0]!.url).toBe('/api/v1/pages/..%2Ftokens');
  });
});
