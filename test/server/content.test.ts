// Page content: read and replace with ETag / If-Match (spec "PUT /pages/{pageId}/content",
// "Errors"; docs/api.md "Content", "General" body caps).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  authHeader,
  createPage,
  expectError,
  expectStatus,
  getContent,
  sendFresh,
  tokenClient,
  uuid,
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

const STRONG_ETAG = /^"[^"]+"$/;
const MiB = 1024 * 1024;

function put(pageId: string, markdown: string | Uint8Array, headers: Record<string, string>) {
  return api.put(`/pages/${pageId}/content`, { raw: markdown, headers });
}

describe('GET /pages/{pageId}/content', () => {
  it('returns the markdown as written, as text/markdown with a strong quoted ETag', async () => {
    const markdown = '---\ntitle: "Hi"\ntags: [a, b]\n---\n# Héllo 👋\r\n\r\nBody  \n';
    const page = await createPage(api, { markdown });
    const res = await api.get(`/pages/${page.id}/content`);
    expectStatus(res, 200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(res.text).toBe(markdown);
    expect(res.headers.get('etag')).toMatch(STRONG_ETAG);
  });

  it('keeps the same ETag while the content does not change', async () => {
    const page = await createPage(api);
    const first = await getContent(api, page.id);
    await api.patch(`/pages/${page.id}`, { title: 'renamed, content untouched' });
    const second = await getContent(api, page.id);
    expect(second.etag).toBe(first.etag);
  });

  it('answers 404 not_found for an unknown page', async () => {
    expectError(await api.get(`/pages/${uuid()}/content`), 404, 'not_found');
  });

  it('answers 304 to If-None-Match with the current ETag, 200 with a stale one', async () => {
    const page = await createPage(api, { markdown: 'cached' });
    const { etag } = await getContent(api, page.id);
    const same = await api.get(`/pages/${page.id}/content`, { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    const stale = await api.get(`/pages/${page.id}/content`, {
      headers: { 'if-none-match': '"stale"' },
    });
    expectStatus(stale, 200);
    expect(stale.text).toBe('cached');
  });
});

describe('PUT /pages/{pageId}/content', () => {
  it('replaces the content when If-Match equals the current ETag: 204 and a new ETag', async () => {
    const page = await createPage(api, { markdown: 'before' });
    const { etag } = await getContent(api, page.id);
    const res = await put(page.id, '# after\n', {
      'content-type': 'text/markdown',
      'if-match': etag,
    });
    expectStatus(res, 204);
    expect(res.text).toBe('');
    const newEtag = res.headers.get('etag');
    expect(newEtag).toMatch(STRONG_ETAG);
    expect(newEtag).not.toBe(etag);
    const after = await getContent(api, page.id);
    expect(after.markdown).toBe('# after\n');
    expect(after.etag).toBe(newEtag);
  });

  it('accepts text/markdown with a charset parameter', async () => {
    const page = await createPage(api);
    const { etag } = await getContent(api, page.id);
    const res = await put(page.id, 'charset ok', {
      'content-type': 'text/markdown; charset=utf-8',
      'if-match': etag,
    });
    expectStatus(res, 204);
    expect((await getContent(api, page.id)).markdown).toBe('charset ok');
  });

  it('answers 409 revision_mismatch for a stale If-Match and keeps the content', async () => {
    const page = await createPage(api, { markdown: 'v1' });
    const { etag: stale } = await getContent(api, page.id);
    expectStatus(
      await put(page.id, 'v2', { 'content-type': 'text/markdown', 'if-match': stale }),
      204,
    );
    const res = await put(page.id, 'v3', { 'content-type': 'text/markdown', 'if-match': stale });
    expectError(res, 409, 'revision_mismatch');
    expect((await getContent(api, page.id)).markdown).toBe('v2');
  });

  it('compares If-Match exactly: a weak or unquoted form of the ETag is a mismatch', async () => {
    const page = await createPage(api, { markdown: 'exact' });
    const { etag } = await getContent(api, page.id);
    const headers = { 'content-type': 'text/markdown' };
    expectError(
      await put(page.id, 'x', { ...headers, 'if-match': `W/${etag}` }),
      409,
      'revision_mismatch',
    );
    expectError(
      await put(page.id, 'x', { ...headers, 'if-match': etag.replaceAll('"', '') }),
      409,
      'revision_mismatch',
    );
    expect((await getContent(api, page.id)).markdown).toBe('exact');
  });

  it('never treats "*" or a list of ETags as a match (If-Match is compared exactly)', async () => {
    const page = await createPage(api, { markdown: 'star' });
    const { etag } = await getContent(api, page.id);
    for (const ifMatch of ['*', `"other", ${etag}`, `${etag}, "other"`, ` ${etag}x`]) {
      const res = await put(page.id, 'x', { 'content-type': 'text/markdown', 'if-match': ifMatch });
      expectError(res, 409, 'revision_mismatch');
    }
    expect((await getContent(api, page.id)).markdown).toBe('star');
  });

  it('answers 428 precondition_required without If-Match and keeps the content', async () => {
    const page = await createPage(api, { markdown: 'kept' });
    const res = await put(page.id, 'lost?', { 'content-type': 'text/markdown' });
    expectError(res, 428, 'precondition_required');
    expect(res.body.error.message).toMatch(/If-Match/i);
    expect((await getContent(api, page.id)).markdown).toBe('kept');
  });

  it('answers 415 unsupported_media_type for a body that is not text/markdown', async () => {
    const page = await createPage(api, { markdown: 'kept' });
    const { etag } = await getContent(api, page.id);
    expectError(
      await put(page.id, '{"markdown":"x"}', {
        'content-type': 'application/json',
        'if-match': etag,
      }),
      415,
      'unsupported_media_type',
    );
    const plain = await put(page.id, 'plain', { 'content-type': 'text/plain', 'if-match': etag });
    expectError(plain, 415, 'unsupported_media_type');
    expect(plain.body.error.message).toMatch(/content-type/i);
    expectError(
      await put(page.id, new TextEncoder().encode('no type'), { 'if-match': etag }),
      415,
      'unsupported_media_type',
    );
    expect((await getContent(api, page.id)).markdown).toBe('kept');
  });

  it('answers 404 for an unknown page and 400 for a bad page id', async () => {
    const headers = { 'content-type': 'text/markdown', 'if-match': '"x"' };
    expectError(await put(uuid(), 'x', headers), 404, 'not_found');
    expectError(await put('1234', 'x', headers), 400, 'invalid_request');
  });

  it('accepts a 4 MiB document and rejects one over 5 MiB with 413 payload_too_large', async () => {
    const page = await createPage(api, { markdown: 'small' });
    const { etag } = await getContent(api, page.id);
    const big = '# big\n' + 'a'.repeat(4 * MiB);
    const ok = await put(page.id, big, { 'content-type': 'text/markdown', 'if-match': etag });
    expectStatus(ok, 204);
    const tooBig = 'b'.repeat(5 * MiB + 1);
    // On a connection of its own: the service may answer before reading the whole body.
    const res = await sendFresh(
      `${svc.baseUrl}/pages/${page.id}/content`,
      'PUT',
      {
        ...authHeader(api.auth),
        'content-type': 'text/markdown',
        'if-match': ok.headers.get('etag')!,
      },
      tooBig,
    );
    expectError(res, 413, 'payload_too_large');
    const after = await getContent(api, page.id);
    expect(after.markdown.length).toBe(big.length);
  });

  it('stores multi-byte text byte for byte', async () => {
    const page = await createPage(api);
    const { etag } = await getContent(api, page.id);
    const text = 'Ünïcödé — 中文 — 🧷\u00a0\n\ttab\r\nend';
    expectStatus(
      await put(page.id, text, {
        'content-type': 'text/markdown; charset=utf-8',
        'if-match': etag,
      }),
      204,
    );
    expect((await getContent(api, page.id)).markdown).toBe(text);
  });

  it('refuses an append that would grow the content past 5 MiB with 413, keeping it', async () => {
    const page = await createPage(api, { markdown: 'seed' });
    const { etag } = await getContent(api, page.id);
    const nearly = 'n'.repeat(5 * MiB - 1000);
    expectStatus(
      await put(page.id, nearly, { 'content-type': 'text/markdown', 'if-match': etag }),
      204,
    );
    const before = await getContent(api, page.id);
    const res = await api.post(`/pages/${page.id}/content-operations`, {
      id: 'too-much',
      operation: 'append',
      content: 'm'.repeat(2000),
    });
    expectError(res, 413, 'payload_too_large');
    const after = await getContent(api, page.id);
    expect(after.etag).toBe(before.etag);
    expect(after.markdown.length).toBe(nearly.length);
  });
});
