// Concurrent writers (spec If-Match / idempotency rows; docs/api.md
// "Idempotency": in-flight 409 idempotency_key_in_use, replay with Idempotent-Replayed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createPage,
  expectError,
  expectStatus,
  getContent,
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

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('concurrent writes', () => {
  it('20 concurrent PUTs with the same If-Match: exactly one 204, nineteen 409', async () => {
    const page = await createPage(api, { markdown: 'base' });
    const { etag } = await getContent(api, page.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.put(`/pages/${page.id}/content`, {
          raw: `writer ${i}`,
          headers: { 'content-type': 'text/markdown', 'if-match': etag },
        }),
      ),
    );
    const winners = results.flatMap((res, i) => (res.status === 204 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const res of results) {
      if (res.status !== 204) expectError(res, 409, 'revision_mismatch');
    }
    const after = await getContent(api, page.id);
    expect(after.markdown).toBe(`writer ${winners[0]}`);
    expect(after.etag).toBe(results[winners[0]!]!.headers.get('etag'));
  });

  it('20 concurrent content operations with one Idempotency-Key apply exactly once', async () => {
    const page = await createPage(api, { markdown: 'start' });
    const key = uuid();
    const marker = `once-${key}`;
    const body = { id: key, operation: 'append', content: marker };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post(`/pages/${page.id}/content-operations`, body, {
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    const applied = results.filter(
      (r) => r.status === 200 && r.headers.get('idempotent-replayed') !== 'true',
    );
    expect(applied).toHaveLength(1);
    for (const res of results) {
      if (res.status === 200) {
        expect(res.body).toEqual(applied[0]!.body);
      } else {
        expectError(res, 409, 'idempotency_key_in_use');
      }
    }
    const { markdown, etag } = await getContent(api, page.id);
    expect(count(markdown, marker)).toBe(1);
    expect(etag).toBe(applied[0]!.body.etag);
    // Once completed, the key replays.
    const later = await api.post(`/pages/${page.id}/content-operations`, body, {
      headers: { 'idempotency-key': key },
    });
    expectStatus(later, 200);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(count((await getContent(api, page.id)).markdown, marker)).toBe(1);
  });

  it('20 concurrent appends with different keys all land, none lost or doubled', async () => {
    const page = await createPage(api, { markdown: '# Log' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post(
          `/pages/${page.id}/content-operations`,
          { id: `entry-${i}`, operation: i % 2 ? 'append' : 'prepend', content: `entry-${i}!` },
          { headers: { 'idempotency-key': uuid() } },
        ),
      ),
    );
    for (const res of results) expectStatus(res, 200);
    expect(new Set(results.map((r) => r.body.etag)).size).toBe(20);
    const { markdown } = await getContent(api, page.id);
    for (let i = 0; i < 20; i++) expect(count(markdown, `entry-${i}!`)).toBe(1);
    expect(count(markdown, '# Log')).toBe(1);
  });

  it('concurrent edits and appends on one page serialise without losing either', async () => {
    const page = await createPage(api, { markdown: 'a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 end' });
    const edits = Array.from({ length: 10 }, (_, i) =>
      api.post(`/pages/${page.id}/edits`, {
        edits: [{ id: `e${i}`, oldText: `a${i + 1} `, newText: `b${i + 1} ` }],
      }),
    );
    const appends = Array.from({ length: 10 }, (_, i) =>
      api.post(`/pages/${page.id}/content-operations`, {
        id: `c${i}`,
        operation: 'append',
        content: `tail-${i}`,
      }),
    );
    const results = await Promise.all([...edits, ...appends]);
    for (const res of results.slice(10)) expectStatus(res, 200);
    const { markdown } = await getContent(api, page.id);
    for (let i = 0; i < 10; i++) expect(count(markdown, `tail-${i}`)).toBe(1);
    // "a10 " contains no "a1 ": each edit matched exactly once and applied.
    for (const res of results.slice(0, 10)) expectStatus(res, 200);
    expect(markdown.startsWith('b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 end')).toBe(true);
  });

  it('50 concurrent page creations give 50 distinct pages', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.post('/pages', { title: `burst ${i}`, markdown: `${i}` }),
      ),
    );
    for (const res of results) expectStatus(res, 201);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(50);
  });
});
