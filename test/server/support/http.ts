/**
 * Small HTTP helpers for the service tests: real `fetch` against the running service, the
 * error envelope check every error test makes (docs/api.md, "Errors"), and fixtures built
 * through the public API only.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { expect } from 'vitest';
import type { RunningService } from '../../helpers/service';

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface RequestOptions {
  /** A JSON value sent with `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body sent as is (set the content type in `headers`). */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Credentials; default: the client's own. `null` sends none. */
  auth?: Auth | null;
}

export type Auth = { token: string } | { cookie: string };

export interface Client {
  readonly auth: Auth | null;
  request(method: string, path: string, opts?: RequestOptions): Promise<Res>;
  get(path: string, opts?: RequestOptions): Promise<Res>;
  post(path: string, json?: unknown, opts?: RequestOptions): Promise<Res>;
  put(path: string, opts?: RequestOptions): Promise<Res>;
  patch(path: string, json?: unknown, opts?: RequestOptions): Promise<Res>;
  del(path: string, opts?: RequestOptions): Promise<Res>;
}

function authHeaders(auth: Auth | null): Record<string, string> {
  if (!auth) return {};
  if ('token' in auth) return { authorization: `Bearer ${auth.token}` };
  return { cookie: auth.cookie };
}

/** Sends one request to `baseUrl + path` (or to `path` as is when it starts with http). */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  opts: RequestOptions = {},
  defaultAuth: Auth | null = null,
): Promise<Res> {
  const headers: Record<string, string> = {
    ...authHeaders(opts.auth === undefined ? defaultAuth : opts.auth),
  };
  let body: string | Uint8Array | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.raw !== undefined) {
    body = opts.raw;
  }
  Object.assign(headers, opts.headers ?? {});
  const url = path.startsWith('http') ? path : baseUrl + path;
  const response = await fetch(url, {
    method,
    headers,
    body: body as BodyInit | undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/**
 * Sends one request on a connection of its own, destroyed after the response. For oversized
 * bodies: the service answers 413 before reading them, and such a connection must not go
 * back to the shared keep-alive pool of `fetch` (bad-input.test.ts checks that case itself).
 * The connection is announced keep-alive so the service does not close it mid-upload.
 */
export function sendFresh(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array,
): Promise<Res> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers: { ...headers, connection: 'keep-alive' }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          const out = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string') out.set(name, value);
            else if (Array.isArray(value)) for (const v of value) out.append(name, v);
          }
          resolve({ status: response.statusCode ?? 0, headers: out, text, body: parsed });
          request.destroy();
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export function authHeader(auth: Auth | null): Record<string, string> {
  return authHeaders(auth);
}

export function client(service: RunningService, auth: Auth | null): Client {
  const request = (method: string, path: string, opts?: RequestOptions): Promise<Res> =>
    send(service.baseUrl, method, path, opts, auth);
  return {
    auth,
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, json, opts) => request('POST', path, { ...opts, json }),
    put: (path, opts) => request('PUT', path, opts),
    patch: (path, json, opts) => request('PATCH', path, { ...opts, json }),
    del: (path, opts) => request('DELETE', path, opts),
  };
}

const demoSessions = new WeakMap<RunningService, Promise<string>>();

/**
 * Mints a token through `POST /tokens` with a browser session: one HTTP call instead of a CLI
 * process per token keeps the suite fast (the CLI path has its own tests in cli.test.ts).
 */
async function mintToken(
  service: RunningService,
  cookie: string,
  scopes: string[],
): Promise<string> {
  const res = await send(
    service.baseUrl,
    'POST',
    '/tokens',
    { json: { name: 'test', scopes, expiresAt: null } },
    { cookie },
  );
  if (res.status !== 201 || typeof res.body?.token !== 'string') {
    throw new Error(`POST /tokens failed: ${res.status} ${res.text}`);
  }
  return res.body.token;
}

/** A client with a fresh token (default scopes read+write) for `email` (default: the demo user). */
export async function tokenClient(
  service: RunningService,
  opts: { scopes?: string[]; email?: string } = {},
): Promise<Client> {
  const scopes = opts.scopes ?? ['pages:read', 'pages:write'];
  if (opts.email !== undefined && opts.email !== service.demo.email) {
    return client(service, { token: await service.token({ ...opts, scopes }) });
  }
  let session = demoSessions.get(service);
  if (!session) {
    session = service.signIn();
    demoSessions.set(service, session);
  }
  return client(service, { token: await mintToken(service, await session, scopes) });
}

/** Creates a user through the CLI and returns a read+write token client for them. */
export async function newUser(
  service: RunningService,
  label = 'user',
): Promise<{ email: string; password: string; api: Client }> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  await service.cli(['user', 'add', '--email', email, '--password', password, '--name', label]);
  const cookie = await service.signIn(email, password);
  const api = client(service, {
    token: await mintToken(service, cookie, ['pages:read', 'pages:write']),
  });
  return { email, password, api };
}

/** Shares an item with a user through the service's `grant` command (docs/api.md, Permissions). */
export function grant(
  service: RunningService,
  email: string,
  item: string,
  level: 'view' | 'edit' | 'admin',
): Promise<unknown> {
  return service.cli(['grant', '--email', email, '--item', item, '--level', level]);
}

/** Asserts the error envelope `{ error: { code, message } }` with this status and code. */
export function expectError(res: Res, status: number, code: string): void {
  const context = `${status} ${code} expected, got ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBe(status);
  expect(res.headers.get('content-type') ?? '', context).toMatch(/application\/json/);
  expect(res.body, context).toBeTypeOf('object');
  expect(res.body?.error?.code, context).toBe(code);
  expect(typeof res.body?.error?.message, context).toBe('string');
  expect(res.body.error.message.length, context).toBeGreaterThan(0);
}

/** Asserts a success status, printing the body on failure. */
export function expectStatus(res: Res, status: number): void {
  expect(res.status, `expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`).toBe(
    status,
  );
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID_RE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

export interface PageMeta {
  id: string;
  title: string;
  icon: string | null;
  parentId: string | null;
  createdAt: string;
  updatedAt: string;
  permission: string;
}

export interface Folder {
  id: string;
  name: string;
  parentId: string | null;
  icon: unknown;
  ownerId: unknown;
  permission: string;
  createdAt: string;
  updatedAt: string;
}

export async function createPage(
  api: Client,
  input: { title?: string; markdown?: string; parentId?: string | null } = {},
): Promise<PageMeta> {
  const res = await api.post('/pages', {
    title: input.title ?? `page ${randomUUID().slice(0, 8)}`,
    markdown: input.markdown ?? '# Hello\n',
    parentId: input.parentId ?? null,
  });
  expectStatus(res, 201);
  return res.body as PageMeta;
}

export async function createFolder(
  api: Client,
  input: { name?: string; parentId?: string | null } = {},
): Promise<Folder> {
  const res = await api.post('/folders', {
    name: input.name ?? `folder ${randomUUID().slice(0, 8)}`,
    parentId: input.parentId ?? null,
  });
  expectStatus(res, 201);
  return res.body as Folder;
}

export async function getContent(
  api: Client,
  pageId: string,
): Promise<{ markdown: string; etag: string }> {
  const res = await api.get(`/pages/${pageId}/content`);
  expectStatus(res, 200);
  const etag = res.headers.get('etag');
  expect(etag, 'content ETag header').toBeTruthy();
  return { markdown: res.text, etag: etag! };
}

/** Follows `nextCursor` until null and returns every item. */
export async function listAll<T = { id: string }>(
  api: Client,
  path: string,
  limit = 100,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 10_000; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const url: string =
      `${path}${sep}limit=${limit}` + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
    const res = await api.get(url);
    expectStatus(res, 200);
    items.push(...(res.body.data as T[]));
    cursor = res.body.nextCursor;
    if (cursor === null) return items;
    expect(typeof cursor).toBe('string');
  }
  throw new Error(`listing ${path} did not end`);
}

export const uuid = (): string => randomUUID();
