// Exact text edits (spec "POST /pages/{pageId}/edits"; docs/api.md "Content" and the 422 rows).
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

const edits = (pageId: string, body: unknown, headers?: Record<string, string>) =>
  api.post(`/pages/${pageId}/edits`, body, { headers });

describe('POST /pages/{pageId}/edits', () => {
  it('applies every edit and answers results in request order with the new etag', async () => {
    const page = await createPage(api, { markdown: 'alpha beta gamma\n' });
    const before = await getContent(api, page.id);
    const res = await edits(page.id, {
      edits: [
        { id: 'e-2', oldText: 'gamma', newText: 'GAMMA' },
        { id: 'e-1', oldText: 'alpha', newText: 'ALPHA' },
      ],
    });
    expectStatus(res, 200);
    expect(res.body.results).toHaveLength(2);
    expect(res.body.results[0]).toMatchObject({ id: 'e-2', status: 'applied' });
    expect(res.body.results[1]).toMatchObject({ id: 'e-1', status: 'applied' });
    expect(typeof res.body.etag).toBe('string');
    expect(res.body.etag.length).toBeGreaterThan(0);
    expect(res.headers.get('etag')).toBe(res.body.etag);
    expect(res.body.etag).not.toBe(before.etag);
    const after = await getContent(api, page.id);
    expect(after.markdown).toBe('ALPHA beta GAMMA\n');
    expect(after.etag).toBe(res.body.etag);
  });

  it('matches every oldText against the content as it was before the request', async () => {
    const page = await createPage(api, { markdown: 'one two' });
    // "three" only exists after the first edit: matching the original content, it is missing.
    const res = await edits(page.id, {
      edits: [
        { id: 'a', oldText: 'one', newText: 'three' },
        { id: 'second-edit', oldText: 'three', newText: 'four' },
      ],
    });
    expectError(res, 422, 'edit_no_match');
    expect(res.body.error.message).toContain('second-edit');
    expect((await getContent(api, page.id)).markdown).toBe('one two');
  });

  it('swaps two words in one request (edits do not see each other)', async () => {
    const page = await createPage(api, { markdown: 'left right' });
    const res = await edits(page.id, {
      edits: [
        { id: 'l', oldText: 'left', newText: 'right' },
        { id: 'r', oldText: 'right', newText: 'left' },
      ],
    });
    expectStatus(res, 200);
    expect((await getContent(api, page.id)).markdown).toBe('right left');
  });

  it('rejects a missing match with 422 edit_no_match naming the edit, applying nothing', async () => {
    const page = await createPage(api, { markdown: 'keep this text' });
    const { etag } = await getContent(api, page.id);
    const res = await edits(page.id, {
      edits: [
        { id: 'fine', oldText: 'keep', newText: 'KEEP' },
        { id: 'missing-edit-7', oldText: 'absent', newText: 'x' },
      ],
    });
    expectError(res, 422, 'edit_no_match');
    expect(res.body.error.message).toContain('missing-edit-7');
    const after = await getContent(api, page.id);
    expect(after.markdown).toBe('keep this text');
    expect(after.etag).toBe(etag);
  });

  it('rejects an oldText occurring twice with 422 edit_ambiguous_match', async () => {
    const page = await createPage(api, { markdown: 'echo echo' });
    const res = await edits(page.id, {
      edits: [{ id: 'twice-9', oldText: 'echo', newText: 'x' }],
    });
    expectError(res, 422, 'edit_ambiguous_match');
    expect(res.body.error.message).toContain('twice-9');
    expect((await getContent(api, page.id)).markdown).toBe('echo echo');
  });

  it('rejects overlapping matches with 422 edit_overlap', async () => {
    const page = await createPage(api, { markdown: 'abcdef' });
    const res = await edits(page.id, {
      edits: [
        { id: 'left-part', oldText: 'abcd', newText: 'x' },
        { id: 'right-part', oldText: 'cdef', newText: 'y' },
      ],
    });
    expectError(res, 422, 'edit_overlap');
    expect(res.body.error.message).toMatch(/left-part|right-part/);
    expect((await getContent(api, page.id)).markdown).toBe('abcdef');
  });

  it('treats two edits of the same text as overlapping', async () => {
    const page = await createPage(api, { markdown: 'foo bar' });
    const res = await edits(page.id, {
      edits: [
        { id: 'first', oldText: 'foo', newText: 'x' },
        { id: 'second', oldText: 'foo', newText: 'y' },
      ],
    });
    expectError(res, 422, 'edit_overlap');
    expect((await getContent(api, page.id)).markdown).toBe('foo bar');
  });

  it('counts overlapping occurrences: "aa" in "aaa" is ambiguous', async () => {
    const page = await createPage(api, { markdown: 'aaa' });
    const res = await edits(page.id, {
      edits: [{ id: 'self-overlap', oldText: 'aa', newText: 'b' }],
    });
    expectError(res, 422, 'edit_ambiguous_match');
    expect((await getContent(api, page.id)).markdown).toBe('aaa');
  });

  it('matches multi-byte text exactly', async () => {
    const page = await createPage(api, { markdown: 'café 🧷 naïve' });
    const res = await edits(page.id, {
      edits: [{ id: 'u', oldText: '🧷 naïve', newText: '📎 naive' }],
    });
    expectStatus(res, 200);
    expect((await getContent(api, page.id)).markdown).toBe('café 📎 naive');
  });

  it('accepts adjacent (touching but not overlapping) matches', async () => {
    const page = await createPage(api, { markdown: 'abcdef' });
    const res = await edits(page.id, {
      edits: [
        { id: '1', oldText: 'abc', newText: '1' },
        { id: '2', oldText: 'def', newText: '2' },
      ],
    });
    expectStatus(res, 200);
    expect((await getContent(api, page.id)).markdown).toBe('12');
  });

  it('rejects an empty oldText and malformed edit lists with 400 invalid_request', async () => {
    const page = await createPage(api, { markdown: 'text' });
    expectError(
      await edits(page.id, { edits: [{ id: 'e', oldText: '', newText: 'x' }] }),
      400,
      'invalid_request',
    );
    expectError(await edits(page.id, {}), 400, 'invalid_request');
    expectError(await edits(page.id, { edits: 'no' }), 400, 'invalid_request');
    expectError(
      await edits(page.id, { edits: [{ oldText: 'text', newText: 'x' }] }),
      400,
      'invalid_request',
    );
    expectError(
      await edits(page.id, { edits: [{ id: 'e', oldText: 'text' }] }),
      400,
      'invalid_request',
    );
    expect((await getContent(api, page.id)).markdown).toBe('text');
  });

  it('answers 404 for an unknown page', async () => {
    const res = await edits(uuid(), { edits: [{ id: 'e', oldText: 'a', newText: 'b' }] });
    expectError(res, 404, 'not_found');
  });

  it('never touches the frontmatter unless an edit matches inside it', async () => {
    const markdown = '---\ntitle: t\n---\nbody text\n';
    const page = await createPage(api, { markdown });
    expectStatus(
      await edits(page.id, { edits: [{ id: 'b', oldText: 'body', newText: 'BODY' }] }),
      200,
    );
    expect((await getContent(api, page.id)).markdown).toBe('---\ntitle: t\n---\nBODY text\n');
  });

  it('rejects an empty edit list with 400', async () => {
    const page = await createPage(api, { markdown: 'x' });
    expectError(await edits(page.id, { edits: [] }), 400, 'invalid_request');
  });
});
