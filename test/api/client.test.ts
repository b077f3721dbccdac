/**
 * Every method of `ApiClient` against the real local service over HTTP (spawned by
 * `startService()`), including the error statuses and the `ApiError` fields they become.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  ApiError,
  collect,
  isForbidden,
  isMissingScope,
  isNotFound,
  isPreconditionRequired,
  isStaleRevision,
  isUnauthenticated,
  type FetchLike,
} from '../../lib/api';
import { startService, type RunningService } from '../helpers/service';

let service: RunningService;
let api: ApiClient;
let secret: string;

const client = (token: string, fetch?: FetchLike) =>
  new ApiClient({ baseUrl: service.baseUrl, credential: { kind: 'token', token }, fetch });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const error = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.kind).toBe('http');
  expect(apiError.message.length).toBeGreaterThan(10);
  expect(apiError.message).not.toContain(secret);
  return apiError;
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

beforeAll(async () => {
  service = await startService();
  secret = await service.token({ scopes: ['pages:read', 'pages:write'], name: 'client tests' });
  api = client(secret);
});
afterAll(async () => {
  await service?.stop();
});

describe('identity and tokens', () => {
  it('me() names the caller, with a token or a session', async () => {
    expect(await api.me()).toMatchObject({ email: service.demo.email });
    const session = new ApiClient({
      baseUrl: service.baseUrl,
      credential: { kind: 'session', cookie: await service.signIn() },
    });
    expect((await session.me()).email).toBe(service.demo.email);
  });

  it('creates, lists and revokes tokens with a browser session', async () => {
    const session = new ApiClient({
      baseUrl: service.baseUrl,
      credential: { kind: 'session', cookie: await service.signIn() },
    });
    const created = await session.createToken({
      name: 'laptop',
      scopes: ['pages:read', 'pages:write'],
    });
    expect(created).toMatchObject({ name: 'laptop', scopes: ['pages:read', 'pages:write'] });
    expect(created.secret.length).toBeGreaterThan(20);
    expect((await client(created.secret).me()).email).toBe(service.demo.email);

    const listed = await session.listTokens();
    const mine = listed.find((t) => t.id === created.id);
    expect(mine).toMatchObject({ name: 'laptop' });
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    await session.revokeToken(created.id);
    expect((await session.listTokens()).some((t) => t.id === created.id)).toBe(false);
    const e = await failure(client(created.secret).me());
    expect(isUnauthenticated(e)).toBe(true);
    expect(e).toMatchObject({ status: 401, code: 'unauthenticated', retryable: false });
    expect(e.message).not.toContain(created.secret);
  });

  it('a token created without scopes can read but not write (403 insufficient_scope)', async () => {
    const session = new ApiClient({
      baseUrl: service.baseUrl,
      credential: { kind: 'session', cookie: await service.signIn() },
    });
    const readOnly = await session.createToken({ name: 'reader' });
    expect(readOnly.scopes).toEqual(['pages:read']);
    const reader = client(readOnly.secret);
    await collect(reader.listPages());
    const e = await failure(reader.createPage({ title: 'nope', markdown: 'x' }));
    expect(isMissingScope(e)).toBe(true);
    expect(e).toMatchObject({ status: 403, code: 'insufficient_scope', retryable: false });
    expect(e.message).toContain('pages:write');
  });

  it('token management with an API token is 403 forbidden', async () => {
    const e = await failure(api.createToken({ name: 'sneaky' }));
    expect(isForbidden(e)).toBe(true);
    expect(isMissingScope(e)).toBe(false);
    expect(e).toMatchObject({ status: 403, code: 'forbidden' });
    expect(e.message).toMatch(/browser session/);
  });

  it('an unknown token is 401', async () => {
    const e = await failure(client('pc_not-a-real-token').listPagesPage());
    expect(isUnauthenticated(e)).toBe(true);
    expect(e.message).not.toContain('pc_not-a-real-token');
  });
});

describe('folders', () => {
  it('create, get, update, move, resolve, list', async () => {
    const parent = await api.createFolder({ name: 'Research' });
    expect(parent).toMatchObject({ name: 'Research', parentId: null });
    const child = await api.createFolder({ name: 'Papers', parentId: parent.id });
    expect(child.parentId).toBe(parent.id);

    expect(await api.getFolder(child.id)).toMatchObject({ id: child.id, name: 'Papers' });
    expect(await api.updateFolder(child.id, { name: 'Articles', icon: '📚' })).toMatchObject({
      name: 'Articles',
      icon: '📚',
    });
    expect((await api.moveFolder(child.id, null)).parentId).toBeNull();
    expect((await api.moveFolder(child.id, parent.id)).parentId).toBe(parent.id);

    expect((await api.resolveFolders({ name: 'Articles' })).map((f) => f.id)).toEqual([child.id]);
    expect(await api.resolveFolders({ name: 'Articles', parentId: null })).toEqual([]);
    expect(
      (await api.resolveFolders({ name: 'Research', parentId: null })).map((f) => f.id),
    ).toEqual([parent.id]);

    const first = await api.listFoldersPage({ limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const all = await collect(api.listFolders({ limit: 1 }));
    expect(all.map((f) => f.id)).toEqual(expect.arrayContaining([parent.id, child.id]));
    expect(new Set(all.map((f) => f.id)).size).toBe(all.length);
  });

  it('copy, trash, list trash, restore, delete permanently', async () => {
    const folder = await api.createFolder({ name: 'Lifecycle' });
    await api.createPage({ title: 'inside', markdown: 'body', parentId: folder.id });
    const copy = await api.copyFolder(folder.id, { parentId: null });
    expect(copy.skippedRestrictedItems).toBe(false);
    expect(copy.id).not.toBe(folder.id);
    expect((await api.getFolder(copy.id)).name).toBe('Lifecycle');

    expect(await api.trashFolder(folder.id)).toEqual({ id: folder.id });
    expect((await collect(api.listTrashedFolders())).map((f) => f.id)).toContain(folder.id);
    expect((await api.listTrashedFoldersPage({ limit: 100 })).data.map((f) => f.id)).toContain(
      folder.id,
    );
    expect((await collect(api.listFolders())).map((f) => f.id)).not.toContain(folder.id);

    expect(await api.restoreFolder(folder.id)).toEqual({ id: folder.id });
    expect((await collect(api.listFolders())).map((f) => f.id)).toContain(folder.id);

    await api.trashFolder(copy.id);
    await api.deleteFolderPermanently(copy.id);
    expect(isNotFound(await failure(api.getFolder(copy.id)))).toBe(true);
  });

  it('moving a folder into its own subtree is 409 conflict, not a stale revision', async () => {
    const a = await api.createFolder({ name: 'A' });
    const b = await api.createFolder({ name: 'B', parentId: a.id });
    const e = await failure(api.moveFolder(a.id, b.id));
    expect(e).toMatchObject({ status: 409, code: 'conflict', retryable: false });
    expect(isStaleRevision(e)).toBe(false);
  });
});

describe('pages', () => {
  it('create, get, update, resolve, list (by folder, across cursors)', async () => {
    const folder = await api.createFolder({ name: 'Pages' });
    const made = [];
    for (const title of ['one', 'two', 'three']) {
      made.push(await api.createPage({ title, markdown: `# ${title}`, parentId: folder.id }));
    }
    expect(made[0]).toMatchObject({ title: 'one', permission: 'admin', parentId: folder.id });
    expect(await api.getPage(made[0]!.id)).toMatchObject({ id: made[0]!.id, title: 'one' });
    expect(await api.updatePage(made[0]!.id, { title: 'uno', icon: '1️⃣' })).toMatchObject({
      title: 'uno',
      icon: '1️⃣',
    });

    const listed = await collect(api.listPages({ parentId: folder.id, limit: 2 }));
    // Most recently updated first (spec, GET /pages); ties within a millisecond go either way.
    expect(listed.map((p) => p.title).sort()).toEqual(['three', 'two', 'uno']);
    const times = listed.map((p) => Date.parse(p.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const firstPage = await api.listPagesPage({ parentId: folder.id, limit: 2 });
    expect(firstPage.data).toHaveLength(2);
    expect(typeof firstPage.nextCursor).toBe('string');

    expect((await api.resolvePages({ title: 'two' })).map((p) => p.id)).toEqual([made[1]!.id]);
    expect(await api.resolvePages({ title: 'two', parentId: null })).toEqual([]);
    expect(
      (await api.resolvePages({ title: 'two', parentId: folder.id })).map((p) => p.id),
    ).toEqual([made[1]!.id]);
  });

  it('copy, move, trash, list trash, restore, delete permanently, empty trash', async () => {
    const folder = await api.createFolder({ name: 'Moves' });
    const page = await api.createPage({ title: 'mover', markdown: 'text' });
    const copy = await api.copyPage(page.id, { parentId: folder.id });
    expect((await api.getContent(copy.id)).markdown).toBe('text');
    expect((await api.getPage(copy.id)).parentId).toBe(folder.id);

    const moved = await api.movePage(page.id, { parentId: folder.id });
    expect(moved).toMatchObject({ id: page.id, parentId: folder.id });

    expect(await api.trashPage(page.id)).toEqual({ id: page.id });
    expect((await collect(api.listTrashedPages())).map((p) => p.id)).toContain(page.id);
    expect((await api.listTrashedPagesPage()).data.find((p) => p.id === page.id)).toMatchObject({
      title: 'mover',
    });
    expect(await api.restorePage(page.id)).toEqual({ id: page.id });
    expect((await api.getPage(page.id)).title).toBe('mover');

    await api.trashPage(page.id);
    await api.deletePagePermanently(page.id);
    expect(isNotFound(await failure(api.getPage(page.id)))).toBe(true);

    await api.trashPage(copy.id);
    const emptied = await api.emptyTrash();
    expect(emptied.pagesDeleted).toBeGreaterThanOrEqual(1);
    expect((await collect(api.listTrashedPages())).map((p) => p.id)).not.toContain(copy.id);
  });

  it('404 for a page that does not exist', async () => {
    const e = await failure(api.getPage('00000000-0000-4000-8000-000000000000'));
    expect(isNotFound(e)).toBe(true);
    expect(e).toMatchObject({ status: 404, code: 'not_found', retryable: false });
  });

  it('400 for a malformed id, a bad cursor, an out-of-range limit and an empty patch', async () => {
    const page = await api.createPage({ title: 't', markdown: 'm' });
    const calls = [
      () => api.getPage('not-a-uuid'),
      () => api.listPagesPage({ cursor: 'garbage!' }),
      () => api.listFoldersPage({ limit: 500 }),
      () => api.updatePage(page.id, {}),
    ];
    for (const call of calls) {
      const e = await failure(call());
      expect(e).toMatchObject({ status: 400, code: 'invalid_request', retryable: false });
    }
  });
});

describe('content', () => {
  it('reads with its ETag and replaces with If-Match', async () => {
    const page = await api.createPage({ title: 'content', markdown: '# Start' });
    const first = await api.getContent(page.id);
    expect(first.markdown).toBe('# Start');
    expect(first.etag).toMatch(/^".+"$/);
    const { etag } = await api.replaceContent(page.id, '# Replaced', { ifMatch: first.etag });
    expect(etag).not.toBe(first.etag);
    expect(await api.getContent(page.id)).toEqual({ markdown: '# Replaced', etag });
  });

  it('409 on a stale If-Match, 428 without one', async () => {
    const page = await api.createPage({ title: 'stale', markdown: 'v1' });
    const v1 = await api.getContent(page.id);
    await api.replaceContent(page.id, 'v2', { ifMatch: v1.etag });

    const stale = await failure(api.replaceContent(page.id, 'v3', { ifMatch: v1.etag }));
    expect(isStaleRevision(stale)).toBe(true);
    expect(stale).toMatchObject({ status: 409, code: 'revision_mismatch', retryable: false });

    const missing = await failure(api.replaceContent(page.id, 'v3', { ifMatch: null }));
    expect(isPreconditionRequired(missing)).toBe(true);
    expect(missing).toMatchObject({ status: 428, code: 'precondition_required', retryable: false });
    expect((await api.getContent(page.id)).markdown).toBe('v2');
  });

  it('413 for content over the size limit', async () => {
    const page = await api.createPage({ title: 'big', markdown: 'x' });
    const { etag } = await api.getContent(page.id);
    const e = await failure(
      api.replaceContent(page.id, 'x'.repeat(5 * 1024 * 1024 + 1), { ifMatch: etag }),
    );
    expect(e).toMatchObject({ status: 413, code: 'payload_too_large', retryable: false });
  });

  it('415 when something on the way rewrites the content type', async () => {
    // A misconfigured proxy that turns our markdown into text/plain (real HTTP, altered header).
    const rewriting: FetchLike = (input, init) => {
      const headers = new Headers(init.headers);
      headers.set('content-type', 'text/plain');
      return fetch(input, { ...init, headers });
    };
    const page = await api.createPage({ title: 'typed', markdown: 'x' });
    const { etag } = await api.getContent(page.id);
    const e = await failure(
      client(secret, rewriting).replaceContent(page.id, 'y', { ifMatch: etag }),
    );
    expect(e).toMatchObject({ status: 415, code: 'unsupported_media_type', retryable: false });
    const json = await failure(client(secret, rewriting).createFolder({ name: 'typed' }));
    expect(json.status).toBe(415);
  });

  it('applies edits all or nothing, idempotently', async () => {
    const page = await api.createPage({ title: 'edits', markdown: 'alpha beta gamma' });
    const result = await api.applyEdits(page.id, [
      { id: 'e1', oldText: 'alpha', newText: 'ALPHA' },
      { id: 'e2', oldText: 'gamma', newText: 'GAMMA' },
    ]);
    expect(result.results).toEqual([
      { id: 'e1', status: 'applied' },
      { id: 'e2', status: 'applied' },
    ]);
    expect(result.replayed).toBe(false);
    expect(result.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const after = await api.getContent(page.id);
    expect(after).toEqual({ markdown: 'ALPHA beta GAMMA', etag: result.etag });

    const again = await api.applyEdits(
      page.id,
      [
        { id: 'e1', oldText: 'alpha', newText: 'ALPHA' },
        { id: 'e2', oldText: 'gamma', newText: 'GAMMA' },
      ],
      { idempotencyKey: result.idempotencyKey },
    );
    expect(again.replayed).toBe(true);
    expect(again.etag).toBe(result.etag);

    const noMatch = await failure(
      api.applyEdits(page.id, [{ id: 'missing-1', oldText: 'delta', newText: 'x' }]),
    );
    expect(noMatch).toMatchObject({ status: 422, code: 'edit_no_match', retryable: false });
    expect(noMatch.message).toContain('missing-1');
    expect((await api.getContent(page.id)).markdown).toBe('ALPHA beta GAMMA');
  });

  it('appends and prepends once per key; a key reused for another body is 422', async () => {
    const page = await api.createPage({ title: 'ops', markdown: '---\ntitle: ops\n---\nbody' });
    const appended = await api.appendContent(page.id, {
      id: 'clip-a',
      operation: 'append',
      content: 'tail',
    });
    expect(appended).toMatchObject({ id: 'clip-a', replayed: false });
    const replay = await api.appendContent(
      page.id,
      { id: 'clip-a', operation: 'append', content: 'tail' },
      { idempotencyKey: appended.idempotencyKey },
    );
    expect(replay).toMatchObject({ id: 'clip-a', etag: appended.etag, replayed: true });

    await api.appendContent(page.id, { id: 'clip-b', operation: 'prepend', content: 'head' });
    const { markdown } = await api.getContent(page.id);
    expect(markdown).toBe('---\ntitle: ops\n---\nhead\n\nbody\n\ntail');
    expect(count(markdown, 'tail')).toBe(1);

    const reused = await failure(
      api.appendContent(
        page.id,
        { id: 'clip-c', operation: 'append', content: 'other' },
        { idempotencyKey: appended.idempotencyKey },
      ),
    );
    expect(reused).toMatchObject({ status: 422, code: 'idempotency_key_reused', retryable: false });
    expect(reused.idempotencyKey).toBe(appended.idempotencyKey);

    const invalid = await failure(
      api.appendContent(page.id, { id: 'clip-d', operation: 'append', content: '' }),
    );
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(invalid.message).toContain('content');
  });

  it('updateContent reads, changes and writes with If-Match', async () => {
    const page = await api.createPage({ title: 'update', markdown: 'one' });
    const result = await api.updateContent(page.id, (md) => `${md}\ntwo`);
    expect(result).toMatchObject({ markdown: 'one\ntwo', changed: true, attempts: 1 });
    expect(await api.getContent(page.id)).toEqual({ markdown: 'one\ntwo', etag: result.etag });
    const unchanged = await api.updateContent(page.id, () => null);
    expect(unchanged).toMatchObject({ changed: false, etag: result.etag });
  });
});

describe('permissions', () => {
  it('a viewer gets 403 forbidden on writes and 404 on what is not shared', async () => {
    const email = `viewer-${Date.now()}@pageclip.local`;
    await service.cli(['user', 'add', '--email', email, '--password', 'viewer-password-123']);
    const shared = await api.createFolder({ name: 'Shared' });
    const page = await api.createPage({
      title: 'shared page',
      markdown: 'hi',
      parentId: shared.id,
    });
    const privatePage = await api.createPage({ title: 'private', markdown: 'secret' });
    await service.cli(['grant', '--email', email, '--item', shared.id, '--level', 'view']);
    const viewer = client(await service.token({ email, scopes: ['pages:read', 'pages:write'] }));

    expect((await viewer.getPage(page.id)).permission).toBe('view');
    const e = await failure(
      viewer.appendContent(page.id, { id: 'v1', operation: 'append', content: 'x' }),
    );
    expect(isForbidden(e)).toBe(true);
    expect(e).toMatchObject({ status: 403, code: 'forbidden', retryable: false });
    const update = await failure(viewer.updateContent(page.id, (md) => `${md}!`));
    expect(update).toMatchObject({ status: 403, code: 'forbidden' });
    expect(isNotFound(await failure(viewer.getPage(privatePage.id)))).toBe(true);
    expect((await api.getContent(page.id)).markdown).toBe('hi');
  });
});

describe('import and export', () => {
  it('imports a vault and a single page, exports one page and everything', async () => {
    const result = await api.importVault([
      { path: 'Vault/Notes/First.md', content: '# First\nSee [[Second]]' },
      { path: 'Vault/Notes/Second.md', content: '# Second' },
    ]);
    expect(result).toMatchObject({ pagesCreated: 2, errors: [] });
    expect(result.foldersCreated).toBeGreaterThanOrEqual(1);
    expect(result.backlinksCreated).toBeGreaterThanOrEqual(1);

    const folder = await api.createFolder({ name: 'Imported' });
    const imported = await api.importPage({
      markdown: '---\ntitle: From file\n---\nbody',
      parentId: folder.id,
    });
    expect(imported).toMatchObject({ title: 'From file', parentId: folder.id });
    const titled = await api.importPage({ markdown: 'text', title: 'Given title' });
    expect(titled.title).toBe('Given title');

    const exported = await api.exportPage(imported.id);
    expect(exported).toEqual({
      markdown: '---\ntitle: From file\n---\nbody',
      filename: 'From file.md',
    });

    const archive = await api.exportAllPages();
    expect(archive.contentType).toBe('application/zip');
    expect(archive.filename).toBe('pageclip-export.zip');
    // A zip starts with the local file header signature "PK\x03\x04".
    expect([...archive.bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('an empty vault import is 400', async () => {
    const e = await failure(api.importVault([]));
    expect(e).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});
