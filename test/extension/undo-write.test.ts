/**
 * Undo from the on-page confirmation, with fakeBrowser, a real Outbox and the real local
 * service over HTTP: a saved append is taken back out exactly, an edited one is left alone,
 * a write never sent is only dropped from the outbox, a new page goes to the Trash only while
 * it is as the clip made it, and an append that found its highlight already there has nothing
 * to undo.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '../../lib/api';
import { connectWithToken } from '../../lib/background/connection';
import type { BackgroundContext } from '../../lib/background/context';
import { confirmationView } from '../../lib/background/confirmation-view';
import { undoWrite } from '../../lib/background/undo-write';
import { testBackground } from '../helpers/background-context';
import { startService, type RunningService } from '../helpers/service';

let service: RunningService;
let api: ApiClient;

beforeAll(async () => {
  service = await startService();
  api = new ApiClient({
    baseUrl: service.baseUrl,
    credential: {
      kind: 'token',
      token: await service.token({ scopes: ['pages:read', 'pages:write'] }),
    },
  });
});
afterAll(async () => {
  await service?.stop();
});

function makeContext(autoFlush = true): BackgroundContext {
  const ctx = testBackground({ now: Date.now, outbox: { autoFlush } });
  return ctx;
}

async function connected(autoFlush = true): Promise<BackgroundContext> {
  const ctx = makeContext(autoFlush);
  const token = await service.token({ scopes: ['pages:read', 'pages:write'] });
  await connectWithToken(ctx, service.baseUrl, token);
  return ctx;
}

const QUOTE =
  '> Foxes moved into the city.\n>\n> — [Foxes](https://news.example/foxes), 2026-11-24';

async function appendSaved(ctx: BackgroundContext, pageId: string) {
  const clipId = crypto.randomUUID();
  await ctx.outbox.enqueue(
    { kind: 'add-to-page', clipId, pageId, operation: 'append', content: QUOTE },
    'Reading',
  );
  await ctx.outbox.flush();
  expect((await ctx.outbox.waitFor(clipId, 10_000)).status).toBe('saved');
  return clipId;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => true);
});
afterEach(() => vi.restoreAllMocks());

describe('undoWrite', () => {
  it('takes a saved append back out, leaving what was there before', async () => {
    const ctx = await connected();
    const before = '# Reading\n\nEarlier.\n';
    const page = await api.createPage({ title: 'Reading', markdown: before, parentId: null });
    const id = await appendSaved(ctx, page.id);
    expect((await api.getContent(page.id)).markdown).toContain(QUOTE);
    expect(await undoWrite(ctx, id)).toEqual({ kind: 'undone' });
    expect((await api.getContent(page.id)).markdown).toBe(before);
  });

  it('keeps later appends and removes only its own', async () => {
    const ctx = await connected();
    const page = await api.createPage({ title: 'Log', markdown: '# Log\n', parentId: null });
    const id = await appendSaved(ctx, page.id);
    await api.appendContent(page.id, { id: 'later', operation: 'append', content: 'Later.' });
    expect(await undoWrite(ctx, id)).toEqual({ kind: 'undone' });
    expect((await api.getContent(page.id)).markdown).toBe('# Log\n\nLater.');
  });

  it('removes nothing when the appended text was changed since', async () => {
    const ctx = await connected();
    const page = await api.createPage({ title: 'Edited', markdown: '# Edited\n', parentId: null });
    const id = await appendSaved(ctx, page.id);
    const { markdown, etag } = await api.getContent(page.id);
    const edited = markdown.replace('city', 'suburbs');
    await api.replaceContent(page.id, edited, { ifMatch: etag });
    expect(await undoWrite(ctx, id)).toEqual({ kind: 'changed' });
    expect((await api.getContent(page.id)).markdown).toBe(edited);
    expect((await ctx.outbox.list()).filter((e) => e.write.kind === 'edit-page')).toEqual([]);
  });

  it('drops a write that was never sent, and it never reaches the page', async () => {
    const ctx = await connected(false);
    const page = await api.createPage({ title: 'Queued', markdown: '# Queued\n', parentId: null });
    const clipId = crypto.randomUUID();
    await ctx.outbox.enqueue(
      { kind: 'add-to-page', clipId, pageId: page.id, operation: 'append', content: QUOTE },
      'Queued',
    );
    expect(await undoWrite(ctx, clipId)).toEqual({ kind: 'discarded' });
    await ctx.outbox.flush();
    expect(await ctx.outbox.list()).toEqual([]);
    expect((await api.getContent(page.id)).markdown).toBe('# Queued\n');
  });

  it('leaves the earlier copy when the highlight was already in the page', async () => {
    const ctx = await connected();
    const before = `# Reading\n\nEarlier.\n\n${QUOTE}\n`;
    const page = await api.createPage({ title: 'Already', markdown: before, parentId: null });
    const clipId = crypto.randomUUID();
    await ctx.outbox.enqueue(
      {
        kind: 'add-to-page',
        clipId,
        pageId: page.id,
        operation: 'append',
        content: QUOTE,
        highlights: [{ quote: 'Foxes moved into the city.', content: QUOTE }],
      },
      'Reading',
    );
    await ctx.outbox.flush();
    const saved = await ctx.outbox.waitFor(clipId, 10_000);
    expect(saved.result?.highlights).toEqual({ added: 0, already: 1 });
    expect(confirmationView(saved, { kind: 'idle' }, 'Reading')).toMatchObject({
      message: 'Already in “Reading”: nothing was added',
      undo: 'hidden',
    });
    expect(await undoWrite(ctx, clipId)).toEqual({ kind: 'already' });
    expect((await api.getContent(page.id)).markdown).toBe(before);
    expect((await ctx.outbox.list()).filter((e) => e.write.kind === 'edit-page')).toEqual([]);
  });

  it('moves a page the clip created to the Trash', async () => {
    const ctx = await connected();
    const clipId = crypto.randomUUID();
    await ctx.outbox.enqueue(
      {
        kind: 'create-page',
        clipId,
        title: 'Made by a clip',
        markdown: '# Made\n',
        parentId: null,
      },
      'Top level',
    );
    await ctx.outbox.flush();
    const saved = await ctx.outbox.waitFor(clipId, 10_000);
    expect(saved.status).toBe('saved');
    expect(await undoWrite(ctx, clipId)).toEqual({ kind: 'undone' });
    expect(await api.resolvePages({ title: 'Made by a clip', parentId: null })).toEqual([]);
  });

  it('keeps a page the clip created when it was edited since', async () => {
    const ctx = await connected();
    const clipId = crypto.randomUUID();
    const title = `Edited after the clip ${clipId}`;
    await ctx.outbox.enqueue(
      { kind: 'create-page', clipId, title, markdown: '# Made\n', parentId: null },
      'Top level',
    );
    await ctx.outbox.flush();
    const saved = await ctx.outbox.waitFor(clipId, 10_000);
    const pageId = saved.result!.pageId;
    const { markdown, etag } = await api.getContent(pageId);
    const edited = `${markdown}\nMy own notes.\n`;
    await api.replaceContent(pageId, edited, { ifMatch: etag });
    expect(await undoWrite(ctx, clipId)).toEqual({ kind: 'changed' });
    expect((await api.getContent(pageId)).markdown).toBe(edited);
    expect((await ctx.outbox.list()).filter((e) => e.write.kind === 'trash-page')).toEqual([]);
  });

  it('a queued trash of a clipped page is refused when the page was edited before delivery', async () => {
    const ctx = await connected(false);
    const page = await api.createPage({
      title: `Later ${crypto.randomUUID()}`,
      markdown: '# A\n',
      parentId: null,
    });
    const { etag } = await api.getContent(page.id);
    await api.replaceContent(page.id, '# A\n\nEdited.\n', { ifMatch: etag });
    const clipId = crypto.randomUUID();
    await ctx.outbox.enqueue({ kind: 'trash-page', clipId, pageId: page.id, ifMatch: etag }, 'A');
    await ctx.outbox.flush();
    const settled = await ctx.outbox.waitFor(clipId, 10_000);
    expect(settled.status).toBe('failed');
    expect(settled.lastError?.code).toBe('revision_mismatch');
    expect((await api.getContent(page.id)).markdown).toBe('# A\n\nEdited.\n');
  });
});
