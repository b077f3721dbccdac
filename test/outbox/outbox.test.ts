import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient, collect } from '../../lib/api';
import { readPageclipId } from '../../lib/clip-markdown';
import type { OutboxEntry } from '../../lib/outbox';
import { HOUR_MS } from '../../lib/outbox/policy';
import { REPLAY_WINDOW_CODE } from '../../lib/outbox/state';
import { outboxItem, readOutbox } from '../../lib/outbox/store';
import type { WriteRequest } from '../../lib/write-request';
import { countOf, useRig } from './rig';

const rig = useRig();

const uuid = (): string => crypto.randomUUID();

function createWrite(parentId: string, title = `Clip ${uuid()}`, body = 'Body'): WriteRequest {
  return {
    kind: 'create-page',
    clipId: uuid(),
    title,
    markdown: `# ${title}\n\n${body}`,
    parentId,
  };
}
function appendWrite(pageId: string, content: string): WriteRequest {
  return { kind: 'add-to-page', clipId: uuid(), pageId, operation: 'append', content };
}
function inboxWrite(parentId: string, content: string): WriteRequest {
  return {
    kind: 'add-to-titled-page',
    clipId: uuid(),
    title: 'Inbox',
    parentId,
    operation: 'append',
    content,
  };
}

/** Pages with this exact title in the folder: a duplicate create would show up here. */
async function pagesTitled(folderId: string, title: string) {
  return rig.direct.resolvePages({ title, parentId: folderId });
}
function titleOf(write: WriteRequest): string {
  if (!('title' in write)) throw new Error(`a ${write.kind} write has no title`);
  return write.title;
}
async function newPage(folderId: string): Promise<string> {
  const page = await rig.direct.createPage({
    title: `P ${uuid()}`,
    markdown: 'start',
    parentId: folderId,
  });
  return page.id;
}
async function contentOf(pageId: string): Promise<string> {
  return (await rig.direct.getContent(pageId)).markdown;
}
async function entry(id: string): Promise<OutboxEntry> {
  const found = (await readOutbox()).entries.find((e) => e.id === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
}

describe('persist before sending', () => {
  it('has the entry in storage.local when enqueue resolves, before any request', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    const queued = await outbox.enqueue(write, 'Clip');
    expect(queued).toMatchObject({ id: write.clipId, status: 'queued', attempts: 0 });
    const raw = await fakeBrowser.storage.local.get('outbox');
    expect(JSON.stringify(raw)).toContain(write.clipId);
    expect(rig.proxy.log).toHaveLength(0);
  });

  it('is one write for one click: the same clipId enqueued twice is one entry', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    await outbox.enqueue(write, 'Clip');
    await outbox.enqueue(write, 'Clip');
    await rig.drain(outbox);
    expect(await outbox.list()).toHaveLength(1);
    expect(await pagesTitled(folder, titleOf(write))).toHaveLength(1);
  });

  it('refuses a malformed write with a clear error and stores nothing', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const bad = { ...appendWrite(uuid(), 'x'), pageId: 'not-a-uuid' } as WriteRequest;
    await expect(outbox.enqueue(bad, 'x')).rejects.toThrow(/pageId/);
    const brokenYaml = { ...createWrite(folder), markdown: '---\n: : [\n---\nBody' };
    await expect(outbox.enqueue(brokenYaml, 'x')).rejects.toThrow(/YAML/);
    expect(await outbox.list()).toEqual([]);
  });

  it('writes pageclip_id into a created page that lacks it', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    await outbox.enqueue(write, 'Clip');
    await rig.drain(outbox);
    const saved = await entry(write.clipId);
    expect(saved.status).toBe('saved');
    expect(readPageclipId(await contentOf(saved.result!.pageId))).toBe(write.clipId);
  });
});

describe('exactly once under faults', () => {
  it('never duplicates a page when the create response is dropped after the service applied it', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    rig.proxy.addRule({
      method: 'POST',
      path: '/api/v1/pages',
      faults: ['drop-after-apply', 'drop-after-apply'],
    });
    await outbox.enqueue(write, 'Clip');
    await outbox.flush();
    expect(await entry(write.clipId)).toMatchObject({ status: 'queued', outcomeUnknown: true });
    await rig.drain(outbox);

    const pages = await pagesTitled(folder, titleOf(write));
    expect(pages).toHaveLength(1);
    expect(await entry(write.clipId)).toMatchObject({
      status: 'saved',
      result: { pageId: pages[0]!.id },
    });
    // Exactly one POST reached the service; the retry found the page instead of creating it.
    const creates = rig.proxy.log.filter((r) => r.method === 'POST' && r.path === '/api/v1/pages');
    expect(creates).toHaveLength(1);
  });

  it('finds its page after a lost answer when the service cleaned the title (a bidi mark, a control)', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    // Right-to-left sites put marks in their titles; the service stores the title without them.
    const write = createWrite(folder, `\u200f\u202bعنوان\u202c Clip\u0085${uuid()}`);
    rig.proxy.addRule({ method: 'POST', path: '/api/v1/pages', faults: ['drop-after-apply'] });
    await outbox.enqueue(write, 'Clip');
    await rig.drain(outbox);

    const creates = rig.proxy.log.filter((r) => r.method === 'POST' && r.path === '/api/v1/pages');
    expect(creates).toHaveLength(1);
    const all = [];
    for await (const page of rig.direct.listPages({ parentId: folder })) all.push(page);
    expect(all).toHaveLength(1);
    expect(await entry(write.clipId)).toMatchObject({
      status: 'saved',
      result: { pageId: all[0]!.id },
    });
  });

  it('leaves one page when the browser itself sent the create twice (Chromium resends a POST on a dropped keep-alive connection)', async () => {
    const resending = new ApiClient({
      baseUrl: rig.proxy.rebase(rig.service.baseUrl),
      credential: { kind: 'token', token: rig.token },
      fetch: async (input, init) => {
        if (init.method === 'POST' && new URL(input).pathname.endsWith('/pages')) {
          await fetch(input, init);
        }
        return fetch(input, init);
      },
    });
    const outbox = rig.makeOutbox({ getClient: async () => resending });
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    const other = createWrite(folder, titleOf(write)); // same title, another clip: left alone
    await outbox.enqueue(write, 'Clip');
    await outbox.enqueue(other, 'Clip');
    await rig.drain(outbox);

    const pages = await pagesTitled(folder, titleOf(write));
    expect(pages).toHaveLength(2);
    const ids = await Promise.all(pages.map(async (p) => readPageclipId(await contentOf(p.id))));
    expect(ids.sort()).toEqual([write.clipId, other.clipId].sort());
    const trashed = (await collect(rig.direct.listTrashedPages())).filter(
      (p) => p.title === titleOf(write),
    );
    expect(trashed).toHaveLength(2);
    expect((await outbox.list()).map((e) => e.status)).toEqual(['saved', 'saved']);
  });

  it('trashes extra copies found when looking up an uncertain create', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    const markdown = `---\npageclip_id: ${write.clipId}\n---\n\nBody`;
    const first = await rig.direct.createPage({
      title: titleOf(write),
      markdown,
      parentId: folder,
    });
    await rig.direct.createPage({ title: titleOf(write), markdown, parentId: folder });
    rig.proxy.addRule({ method: 'POST', path: '/api/v1/pages', faults: ['unavailable'] });
    await outbox.enqueue(write, 'Clip');
    await rig.drain(outbox);
    expect(await pagesTitled(folder, titleOf(write))).toMatchObject([{ id: first.id }]);
    expect(await entry(write.clipId)).toMatchObject({
      status: 'saved',
      result: { pageId: first.id },
    });
  });

  it('creates again when the lost create had not been applied (reset before forwarding)', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    rig.proxy.addRule({ method: 'POST', path: '/api/v1/pages', faults: ['reset', 'unavailable'] });
    await outbox.enqueue(write, 'Clip');
    await rig.drain(outbox);
    expect(await pagesTitled(folder, titleOf(write))).toHaveLength(1);
    expect((await entry(write.clipId)).attempts).toBe(3);
  });

  it('appends exactly once through dropped responses, 503s and resets, always with the clipId as key', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const pageId = await newPage(folder);
    const marker = `marker-${uuid()}`;
    const write = appendWrite(pageId, marker);
    rig.proxy.addRule({
      method: 'POST',
      path: /content-operations$/,
      faults: ['drop-after-apply', 'unavailable', 'reset', 'drop-after-apply'],
    });
    await outbox.enqueue(write, 'Page');
    await rig.drain(outbox);

    expect(countOf(await contentOf(pageId), marker)).toBe(1);
    expect(await entry(write.clipId)).toMatchObject({ status: 'saved', attempts: 5 });
    const keys = rig.sentKeys.filter((r) => r.url.endsWith('/content-operations'));
    expect(keys).toHaveLength(5);
    expect(new Set(keys.map((k) => k.key))).toEqual(new Set([write.clipId]));
  });

  it('retries 503 with a growing delay that honours Retry-After', async () => {
    const outbox = rig.makeOutbox({ policy: { baseDelayMs: 1000, maxDelayMs: 60_000 } });
    const folder = await rig.newFolder();
    const pageId = await newPage(folder);
    const write = appendWrite(pageId, `x-${uuid()}`);
    rig.proxy.addRule({
      path: /content-operations$/,
      faults: ['unavailable', 'unavailable', { kind: 'unavailable', retryAfter: 120 }],
    });
    await outbox.enqueue(write, 'Page');
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = rig.clock.now;
      await outbox.flush();
      const e = await entry(write.clipId);
      expect(e.status).toBe('queued');
      expect(e.lastError).toMatchObject({ status: 503, retryable: true });
      delays.push(e.nextAttemptAt! - before);
      rig.clock.now = e.nextAttemptAt!;
    }
    // random() = 0.5: 3/4 of base·2^step; then the service's 120 s beats 3 s.
    expect(delays).toEqual([750, 1500, 120_000]);
    await rig.drain(outbox);
    expect(await entry(write.clipId)).toMatchObject({ status: 'saved', attempts: 4 });
  });

  it('treats a timeout as retryable and still appends once', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const pageId = await newPage(folder);
    const marker = `t-${uuid()}`;
    rig.proxy.addRule({ path: /content-operations$/, faults: [{ kind: 'delay', ms: 3000 }] });
    const write = appendWrite(pageId, marker);
    await outbox.enqueue(write, 'Page');
    await outbox.flush();
    expect(await entry(write.clipId)).toMatchObject({
      status: 'queued',
      lastError: { code: 'timeout' },
    });
    await rig.drain(outbox);
    expect(countOf(await contentOf(pageId), marker)).toBe(1);
  });

  it('delivers appends to one page in enqueue order, a failing first one holding the rest back', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const pageId = await newPage(folder);
    const writes = [1, 2, 3, 4, 5].map((n) => appendWrite(pageId, `line-${n}-${uuid()}`));
    rig.proxy.addRule({
      path: /content-operations$/,
      faults: ['unavailable', 'drop-after-apply', 'unavailable'],
    });
    for (const w of writes) await outbox.enqueue(w, 'Page');
    await outbox.flush();
    // The first failed and waits for its retry; nothing behind it was sent.
    const after = await outbox.list();
    expect(after.map((e) => e.attempts)).toEqual([1, 0, 0, 0, 0]);

    await rig.drain(outbox);
    const text = await contentOf(pageId);
    const positions = writes.map((w) => text.indexOf(w.kind === 'add-to-page' ? w.content : ''));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const w of writes) if (w.kind === 'add-to-page') expect(countOf(text, w.content)).toBe(1);
  });

  it('sends nothing twice when two flushes start together', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const pageId = await newPage(folder);
    const writes = [appendWrite(pageId, `a-${uuid()}`), createWrite(folder)];
    for (const w of writes) await outbox.enqueue(w, 'x');
    await Promise.all([outbox.flush(), outbox.flush(), outbox.flush()]);
    expect(rig.proxy.log.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect((await outbox.list()).map((e) => e.status)).toEqual(['saved', 'saved']);
  });

  it('does not hold a new clip for another page behind a slow request', async () => {
    const patient = new ApiClient({
      baseUrl: rig.proxy.rebase(rig.service.baseUrl),
      credential: { kind: 'token', token: rig.token },
      timeoutMs: 20_000,
    });
    const outbox = rig.makeOutbox({ getClient: async () => patient });
    const folder = await rig.newFolder();
    const [slowPage, otherPage] = [await newPage(folder), await newPage(folder)];
    rig.proxy.addRule({
      path: `/api/v1/pages/${slowPage}/content-operations`,
      faults: [{ kind: 'delay', ms: 4000 }],
    });
    const slow = appendWrite(slowPage, `slow-${uuid()}`);
    const quick = appendWrite(otherPage, `quick-${uuid()}`);
    await outbox.enqueue(slow, 'Slow');
    const first = outbox.flush();
    await expect.poll(async () => (await entry(slow.clipId)).status).toBe('sending');
    await outbox.enqueue(quick, 'Quick');
    const second = outbox.flush();
    await expect.poll(async () => (await entry(quick.clipId)).status).toBe('saved');
    expect((await entry(slow.clipId)).status).toBe('sending');
    await Promise.all([first, second]);
    expect((await entry(slow.clipId)).status).toBe('saved');
  });

  it('keeps a second Outbox in the same worker from claiming an entry the first is sending', async () => {
    const a = rig.makeOutbox();
    const b = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    await a.enqueue(write, 'x');
    await Promise.all([a.flush(), b.flush()]);
    expect(await pagesTitled(folder, titleOf(write))).toHaveLength(1);
    expect(rig.proxy.log.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('a worker stopped mid-write', () => {
  /** A client whose request reaches the service (or not), but whose caller never hears back. */
  function frozenClient(send: boolean): ApiClient {
    return new ApiClient({
      baseUrl: rig.proxy.rebase(rig.service.baseUrl),
      credential: { kind: 'token', token: rig.token },
      timeoutMs: 60_000,
      fetch: async (input, init) => {
        if (send) await fetch(input, { ...init, signal: undefined });
        return new Promise<Response>(() => undefined);
      },
    });
  }

  async function stopMidWrite(write: WriteRequest, send: boolean): Promise<void> {
    const dead = rig.makeOutbox({ getClient: async () => frozenClient(send) });
    await dead.enqueue(write, 'x');
    void dead.flush();
    await expect.poll(async () => (await entry(write.clipId)).status).toBe('sending');
    if (send) await expect.poll(() => rig.proxy.log.length).toBeGreaterThan(0);
    dead.dispose();
  }

  for (const send of [true, false]) {
    const when = send ? 'after the request reached the service' : 'before the request left';
    it(`recovers a create exactly once (${when})`, async () => {
      const folder = await rig.newFolder();
      const write = createWrite(folder);
      await stopMidWrite(write, send);

      // Only one worker runs at a time: the next one takes the entry over at once, long before
      // the stopped worker's lease would have run out.
      const next = rig.makeOutbox();
      await next.flush();
      expect((await entry(write.clipId)).status).not.toBe('sending');
      await rig.drain(next);
      expect(await entry(write.clipId)).toMatchObject({ status: 'saved', outcomeUnknown: true });
      expect(await pagesTitled(folder, titleOf(write))).toHaveLength(1);
    });

    it(`recovers an append exactly once (${when})`, async () => {
      const folder = await rig.newFolder();
      const pageId = await newPage(folder);
      const marker = `crash-${uuid()}`;
      const write = appendWrite(pageId, marker);
      await stopMidWrite(write, send);
      await rig.drain(rig.makeOutbox());
      expect(await entry(write.clipId)).toMatchObject({ status: 'saved' });
      expect(countOf(await contentOf(pageId), marker)).toBe(1);
    });
  }

  it('ignores the answer of a taken-over attempt that arrives late', async () => {
    const folder = await rig.newFolder();
    const pageId = await newPage(folder);
    const write = appendWrite(pageId, `late-${uuid()}`);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = new ApiClient({
      baseUrl: rig.proxy.rebase(rig.service.baseUrl),
      credential: { kind: 'token', token: rig.token },
      timeoutMs: 60_000,
      fetch: async (input, init) => {
        const res = await fetch(input, { ...init, signal: undefined });
        await gate;
        return res;
      },
    });
    const old = rig.makeOutbox({ getClient: async () => slow });
    await old.enqueue(write, 'Page');
    const oldFlush = old.flush();
    await expect.poll(async () => (await entry(write.clipId)).status).toBe('sending');

    const taker = rig.makeOutbox();
    await rig.drain(taker);
    const saved = await entry(write.clipId);
    expect(saved).toMatchObject({ status: 'saved', attempts: 2 });

    release();
    await oldFlush;
    // The old attempt no longer holds the lease: its answer changes nothing.
    expect(await entry(write.clipId)).toEqual(saved);
  });
});

describe('the Inbox (add-to-titled-page)', () => {
  it('creates the Inbox once, even when the create response is lost, then appends in order', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const notes = [1, 2, 3].map((n) => `note-${n}-${uuid()}`);
    rig.proxy.addRule({ method: 'POST', path: '/api/v1/pages', faults: ['drop-after-apply'] });
    rig.proxy.addRule({ path: /content-operations$/, faults: ['drop-after-apply'] });
    const writes = notes.map((n) => inboxWrite(folder, n));
    for (const w of writes) await outbox.enqueue(w, 'Inbox');
    await rig.drain(outbox);

    const pages = await pagesTitled(folder, 'Inbox');
    expect(pages.map((p) => p.title)).toEqual(['Inbox']);
    const text = await contentOf(pages[0]!.id);
    expect(readPageclipId(text)).toBe(writes[0]!.clipId);
    const positions = notes.map((n) => text.indexOf(n));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const n of notes) expect(countOf(text, n)).toBe(1);
    const saved = await outbox.list();
    expect(saved.every((e) => e.status === 'saved' && e.result?.pageId === pages[0]!.id)).toBe(
      true,
    );
  });

  it('appends to an existing page with that exact title', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const inbox = await rig.direct.createPage({
      title: 'Inbox',
      markdown: 'mine',
      parentId: folder,
    });
    await rig.direct.createPage({ title: 'inbox', markdown: 'other', parentId: folder });
    const write = inboxWrite(folder, `n-${uuid()}`);
    await outbox.enqueue(write, 'Inbox');
    await rig.drain(outbox);
    expect(await entry(write.clipId)).toMatchObject({
      status: 'saved',
      targetPageId: inbox.id,
      result: { pageId: inbox.id },
    });
    expect(await contentOf(inbox.id)).toContain(
      write.kind === 'add-to-titled-page' && write.content,
    );
  });
});

describe('failures retrying cannot fix', () => {
  it('keeps a 404 with its reason, and delivers it once retargeted', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = appendWrite(uuid(), `lost-${uuid()}`);
    await outbox.enqueue(write, 'Gone');
    await rig.drain(outbox);
    const failed = await entry(write.clipId);
    expect(failed).toMatchObject({
      status: 'failed',
      lastError: { status: 404, code: 'not_found', retryable: false },
    });
    expect(failed.lastError!.message.length).toBeGreaterThan(0);
    // Kept until the user acts: more flushes change nothing.
    await outbox.flush();
    expect((await entry(write.clipId)).attempts).toBe(1);

    const pageId = await newPage(folder);
    await outbox.retarget(write.clipId, { ...write, pageId } as WriteRequest, 'Found');
    await rig.drain(outbox);
    expect(await entry(write.clipId)).toMatchObject({ status: 'saved', label: 'Found' });
    expect(await contentOf(pageId)).toContain(write.kind === 'add-to-page' && write.content);
  });

  it('keeps a 403 (read-only token) and discards it only on request', async () => {
    const readOnly = new ApiClient({
      baseUrl: rig.proxy.rebase(rig.service.baseUrl),
      credential: { kind: 'token', token: await rig.service.token({ scopes: ['pages:read'] }) },
    });
    const outbox = rig.makeOutbox({ getClient: async () => readOnly });
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    await outbox.enqueue(write, 'Clip');
    await rig.drain(outbox);
    expect(await entry(write.clipId)).toMatchObject({
      status: 'failed',
      lastError: { status: 403, code: 'insufficient_scope' },
    });
    await outbox.discard(write.clipId);
    expect(await outbox.list()).toEqual([]);
    expect(await pagesTitled(folder, titleOf(write))).toEqual([]);
  });

  it('keeps a 422 (the key was used for another body) and retries it on request', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const pageId = await newPage(folder);
    const write = appendWrite(pageId, 'ours');
    await rig.direct.appendContent(
      pageId,
      { id: write.clipId, operation: 'append', content: 'someone else' },
      { idempotencyKey: write.clipId },
    );
    await outbox.enqueue(write, 'Page');
    await rig.drain(outbox);
    expect(await entry(write.clipId)).toMatchObject({
      status: 'failed',
      lastError: { status: 422, code: 'idempotency_key_reused' },
    });
    await outbox.retry(write.clipId);
    expect((await entry(write.clipId)).status).toBe('queued');
    await rig.drain(outbox);
    expect(await entry(write.clipId)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('waits (does not fail) while no client is configured', async () => {
    const outbox = rig.makeOutbox({ getClient: async () => null });
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    await outbox.enqueue(write, 'Clip');
    await outbox.flush();
    expect(await entry(write.clipId)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: { code: 'not_connected' },
      nextAttemptAt: rig.clock.now + 60_000,
    });
  });
});

describe('the 24-hour replay window', () => {
  it('stops an unconfirmed append before a retry could duplicate it, and sends it on the user’s retry', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const pageId = await newPage(folder);
    const marker = `late-${uuid()}`;
    const write = appendWrite(pageId, marker);
    rig.proxy.addRule({ path: /content-operations$/, faults: ['drop-after-apply'] });
    await outbox.enqueue(write, 'Page');
    await outbox.flush();
    expect(await entry(write.clipId)).toMatchObject({ status: 'queued', outcomeUnknown: true });

    rig.clock.now += 23 * HOUR_MS;
    const sentBefore = rig.proxy.log.length;
    await outbox.flush();
    expect(await entry(write.clipId)).toMatchObject({
      status: 'failed',
      replayWindowWarning: true,
      lastError: { code: REPLAY_WINDOW_CODE },
    });
    expect(rig.proxy.log.length).toBe(sentBefore);

    await outbox.retry(write.clipId);
    await rig.drain(outbox);
    // The real service still replays (its clock has not moved): one copy.
    expect(await entry(write.clipId)).toMatchObject({
      status: 'saved',
      replayWindowWarning: false,
    });
    expect(countOf(await contentOf(pageId), marker)).toBe(1);
  });
});

describe('listening', () => {
  it('resolves waitFor when the entry is saved, and with the queued entry on timeout', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    await outbox.enqueue(write, 'Clip');
    const timedOut = await outbox.waitFor(write.clipId, 20);
    expect(timedOut.status).toBe('queued');
    const waiting = outbox.waitFor(write.clipId, 10_000);
    await outbox.flush();
    expect((await waiting).status).toBe('saved');
    await expect(outbox.waitFor(uuid(), 10)).rejects.toThrow(/not in the outbox/);
  });

  it('tells listeners of every change and each settled entry once', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const seen: string[] = [];
    const settled: string[] = [];
    outbox.onChange((entries) => seen.push(entries.map((e) => e.status).join(',')));
    outbox.onSettled((e) => settled.push(e.status));
    await outbox.enqueue(createWrite(folder), 'Clip');
    await outbox.enqueue(appendWrite(uuid(), 'x'), 'Gone');
    await rig.drain(outbox);
    expect(seen[0]).toBe('queued');
    expect(seen).toContain('sending,queued');
    expect(settled.sort()).toEqual(['failed', 'saved']);
  });

  it('keeps unreadable stored entries aside instead of dropping them', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    await outboxItem.setValue({ entries: [{ id: 'garbage' }], quarantined: [] });
    const write = createWrite(folder);
    await outbox.enqueue(write, 'Clip');
    expect((await outbox.list()).map((e) => e.id)).toEqual([write.clipId]);
    expect((await outboxItem.getValue()).quarantined).toEqual([{ id: 'garbage' }]);
  });
});
