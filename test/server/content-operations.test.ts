// Append / prepend and the idempotency contract (spec "POST /pages/{pageId}/content-operations",
// "Limits"; docs/api.md "Content" and "Idempotency").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startService, type RunningService } from '../helpers/service';
import {
  createPage,
  expectError,
  expectStatus,
  getContent,
  grant,
  newUser,
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

const op = (pageId: string, body: unknown, headers?: Record<string, string>, who: Client = api) =>
  who.post(`/pages/${pageId}/content-operations`, body, { headers });

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe('POST /pages/{pageId}/content-operations', () => {
  it('appends at the end after a blank line and echoes the id with the new etag', async () => {
    const page = await createPage(api, { markdown: '# Notes\n\nfirst line\n' });
    const before = await getContent(api, page.id);
    const res = await op(page.id, { id: 'clip-1', operation: 'append', content: 'appended' });
    expectStatus(res, 200);
    expect(res.body.id).toBe('clip-1');
    expect(typeof res.body.etag).toBe('string');
    expect(res.body.etag.length).toBeGreaterThan(0);
    expect(res.headers.get('etag')).toBe(res.body.etag);
    expect(res.body.etag).not.toBe(before.etag);
    const after = await getContent(api, page.id);
    expect(after.etag).toBe(res.body.etag);
    expect(after.markdown.replace(/\n+$/, '')).toBe('# Notes\n\nfirst line\n\nappended');
  });

  it('appends after a blank line when the content has no trailing newline', async () => {
    const page = await createPage(api, { markdown: 'no newline' });
    expectStatus(await op(page.id, { id: 'x', operation: 'append', content: 'next' }), 200);
    expect((await getContent(api, page.id)).markdown.replace(/\n+$/, '')).toBe(
      'no newline\n\nnext',
    );
  });

  it('prepends at the start of a body without frontmatter, followed by a blank line', async () => {
    const page = await createPage(api, { markdown: 'old body\n' });
    expectStatus(await op(page.id, { id: 'p', operation: 'prepend', content: 'new top' }), 200);
    const { markdown } = await getContent(api, page.id);
    expect(markdown).toMatch(/^new top\n\n+old body\n?$/);
  });

  it('prepends after the frontmatter block and never breaks it', async () => {
    const frontmatter = '---\ntitle: Clip\nsource: "https://example.com/a"\ntags:\n  - x\n---\n';
    const page = await createPage(api, { markdown: `${frontmatter}# Body\n` });
    expectStatus(await op(page.id, { id: 'p', operation: 'prepend', content: '> quote' }), 200);
    const { markdown } = await getContent(api, page.id);
    expect(markdown.startsWith(frontmatter)).toBe(true);
    const rest = markdown.slice(frontmatter.length);
    expect(rest).toMatch(/^\n?> quote\n\n+# Body\n?$/);
    const yamlBlock = /^---\n([\s\S]*?)\n---\n/.exec(markdown)![1]!;
    expect(parseYaml(yamlBlock)).toEqual({
      title: 'Clip',
      source: 'https://example.com/a',
      tags: ['x'],
    });
  });

  it('appends below the body of a page with frontmatter', async () => {
    const page = await createPage(api, { markdown: '---\na: 1\n---\nbody\n' });
    expectStatus(await op(page.id, { id: 'x', operation: 'append', content: 'tail' }), 200);
    expect((await getContent(api, page.id)).markdown.replace(/\n+$/, '')).toBe(
      '---\na: 1\n---\nbody\n\ntail',
    );
  });

  it('prepends after a frontmatter block with no body, and after a CRLF one', async () => {
    const bare = await createPage(api, { markdown: '---\na: 1\n---' });
    expectStatus(await op(bare.id, { id: 'p', operation: 'prepend', content: 'first' }), 200);
    const bareText = (await getContent(api, bare.id)).markdown;
    expect(bareText).toMatch(/^---\na: 1\n---\r?\n+first\n*$/);

    const crlf = await createPage(api, { markdown: '---\r\na: 1\r\n---\r\nbody\r\n' });
    expectStatus(await op(crlf.id, { id: 'p', operation: 'prepend', content: 'top' }), 200);
    const crlfText = (await getContent(api, crlf.id)).markdown;
    expect(crlfText.startsWith('---\r\na: 1\r\n---\r\n')).toBe(true);
    expect(crlfText.indexOf('top')).toBeLessThan(crlfText.indexOf('body'));
    expect(crlfText.indexOf('top')).toBeGreaterThan(crlfText.indexOf('a: 1'));
  });

  it('treats an unclosed leading "---" as body, not frontmatter', async () => {
    const page = await createPage(api, { markdown: '---\nnot: closed\n' });
    expectStatus(await op(page.id, { id: 'p', operation: 'prepend', content: 'head' }), 200);
    expect((await getContent(api, page.id)).markdown).toMatch(/^head\n\n+---\nnot: closed\n$/);
  });

  it('accepts an id of exactly 200 characters and rejects 201 or none with 400', async () => {
    const page = await createPage(api);
    const ok = await op(page.id, { id: 'i'.repeat(200), operation: 'append', content: 'x' });
    expectStatus(ok, 200);
    expect(ok.body.id).toBe('i'.repeat(200));
    for (const id of ['i'.repeat(201), '', 5, null]) {
      const res = await op(page.id, { id, operation: 'append', content: 'x' });
      expectError(res, 400, 'invalid_request');
    }
    expectError(await op(page.id, { operation: 'append', content: 'x' }), 400, 'invalid_request');
  });

  it('rejects empty content and unknown operations with 400, changing nothing', async () => {
    const page = await createPage(api, { markdown: 'same' });
    const { etag } = await getContent(api, page.id);
    const bad = [
      { id: 'a', operation: 'append', content: '' },
      { id: 'a', operation: 'insert', content: 'x' },
      { id: 'a', operation: 'APPEND', content: 'x' },
      { id: 'a', content: 'x' },
      { id: 'a', operation: 'append' },
      { id: 'a', operation: 'append', content: ['x'] },
    ];
    for (const body of bad) {
      const res = await op(page.id, body);
      expectError(res, 400, 'invalid_request');
    }
    expect((await getContent(api, page.id)).etag).toBe(etag);
  });

  it('answers 404 for an unknown page', async () => {
    const res = await op(uuid(), { id: 'a', operation: 'append', content: 'x' });
    expectError(res, 404, 'not_found');
  });
});

describe('Idempotency-Key', () => {
  it('replays a completed request with Idempotent-Replayed: true and applies it once', async () => {
    const page = await createPage(api, { markdown: 'start' });
    const key = uuid();
    const body = { id: key, operation: 'append', content: `marker-${key}` };
    const first = await op(page.id, body, { 'idempotency-key': key });
    expectStatus(first, 200);
    expect(first.headers.get('idempotent-replayed')).not.toBe('true');
    const second = await op(page.id, body, { 'idempotency-key': key });
    expectStatus(second, 200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    const { markdown, etag } = await getContent(api, page.id);
    expect(count(markdown, `marker-${key}`)).toBe(1);
    expect(etag).toBe(first.body.etag);
  });

  it('answers 422 idempotency_key_reused for the same key with a different body', async () => {
    const page = await createPage(api, { markdown: 'start' });
    const key = uuid();
    expectStatus(
      await op(
        page.id,
        { id: 'a', operation: 'append', content: 'one' },
        { 'idempotency-key': key },
      ),
      200,
    );
    const res = await op(
      page.id,
      { id: 'a', operation: 'append', content: 'two' },
      { 'idempotency-key': key },
    );
    expectError(res, 422, 'idempotency_key_reused');
    const { markdown } = await getContent(api, page.id);
    expect(count(markdown, 'one')).toBe(1);
    expect(markdown).not.toContain('two');
  });

  it('scopes a key to the path: the same key on another page runs as new', async () => {
    const a = await createPage(api, { markdown: 'a' });
    const b = await createPage(api, { markdown: 'b' });
    const key = uuid();
    const body = { id: key, operation: 'append', content: 'shared-key' };
    expectStatus(await op(a.id, body, { 'idempotency-key': key }), 200);
    const res = await op(b.id, body, { 'idempotency-key': key });
    expectStatus(res, 200);
    expect(res.headers.get('idempotent-replayed')).not.toBe('true');
    expect((await getContent(api, b.id)).markdown).toContain('shared-key');
  });

  it('scopes a key to the caller: another user with edit access runs as new', async () => {
    const page = await createPage(api, { markdown: 'shared page' });
    const other = await newUser(svc, 'editor');
    await grant(svc, other.email, page.id, 'edit');
    const key = uuid();
    const body = { id: key, operation: 'append', content: 'per-caller' };
    expectStatus(await op(page.id, body, { 'idempotency-key': key }), 200);
    const res = await op(page.id, body, { 'idempotency-key': key }, other.api);
    expectStatus(res, 200);
    expect(res.headers.get('idempotent-replayed')).not.toBe('true');
    expect(count((await getContent(api, page.id)).markdown, 'per-caller')).toBe(2);
  });

  it('rejects empty, blank and over-long keys with 400 invalid_request', async () => {
    const page = await createPage(api, { markdown: 'k' });
    const body = { id: 'k', operation: 'append', content: 'never' };
    for (const key of ['', '   ', '\t', 'k'.repeat(201)]) {
      const res = await op(page.id, body, { 'idempotency-key': key });
      expectError(res, 400, 'invalid_request');
      expect(res.body.error.message).toMatch(/idempotency-key/i);
    }
    expect((await getContent(api, page.id)).markdown).not.toContain('never');
    const ok = await op(page.id, body, { 'idempotency-key': 'k'.repeat(200) });
    expectStatus(ok, 200);
  });

  it('replays edits with their results and does not apply them again', async () => {
    const page = await createPage(api, { markdown: 'counter: 1' });
    const key = uuid();
    const body = { edits: [{ id: 'inc', oldText: 'counter: 1', newText: 'counter: 2' }] };
    const first = await api.post(`/pages/${page.id}/edits`, body, {
      headers: { 'idempotency-key': key },
    });
    expectStatus(first, 200);
    const second = await api.post(`/pages/${page.id}/edits`, body, {
      headers: { 'idempotency-key': key },
    });
    expectStatus(second, 200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await getContent(api, page.id)).markdown).toBe('counter: 2');
  });

  it('stores and replays a completed 4xx (an edit that did not match)', async () => {
    const page = await createPage(api, { markdown: 'nothing yet' });
    const key = uuid();
    const body = { edits: [{ id: 'later', oldText: 'appears later', newText: 'done' }] };
    const headers = { 'idempotency-key': key };
    const first = await api.post(`/pages/${page.id}/edits`, body, { headers });
    expectError(first, 422, 'edit_no_match');
    // The text now exists, but the key's stored 422 is replayed: the edit is not applied.
    const { etag } = await getContent(api, page.id);
    expectStatus(
      await api.put(`/pages/${page.id}/content`, {
        raw: 'appears later',
        headers: { 'content-type': 'text/markdown', 'if-match': etag },
      }),
      204,
    );
    const second = await api.post(`/pages/${page.id}/edits`, body, { headers });
    expectError(second, 422, 'edit_no_match');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await getContent(api, page.id)).markdown).toBe('appears later');
  });

  it('without a key, the same operation applied twice appends twice', async () => {
    const page = await createPage(api, { markdown: 'x' });
    const body = { id: 'same', operation: 'append', content: 'twice' };
    expectStatus(await op(page.id, body), 200);
    expectStatus(await op(page.id, body), 200);
    expect(count((await getContent(api, page.id)).markdown, 'twice')).toBe(2);
  });

  it('scopes a key to the user: another token of the same user replays', async () => {
    const page = await createPage(api, { markdown: 'two tokens' });
    const second = await tokenClient(svc);
    const key = uuid();
    const body = { id: key, operation: 'append', content: 'same-user' };
    expectStatus(await op(page.id, body, { 'idempotency-key': key }), 200);
    const res = await op(page.id, body, { 'idempotency-key': key }, second);
    expectStatus(res, 200);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(count((await getContent(api, page.id)).markdown, 'same-user')).toBe(1);
  });
});
