/**
 * The Inbox and recent pages' folders, through the background with fakeBrowser, the real
 * Outbox and the real local service over HTTP; each test as its own new user.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '../../lib/api';
import { getPages } from '../../lib/background/caches';
import { submitClip } from '../../lib/background/clips';
import { connectWithToken } from '../../lib/background/connection';
import type { BackgroundContext } from '../../lib/background/context';
import { createHandlers } from '../../lib/background/handlers';
import { rememberInboxPage } from '../../lib/background/inbox';
import { clipDefaultsItem, inboxItem, recentPagesItem } from '../../lib/settings';
import { testBackground } from '../helpers/background-context';
import { startService, type RunningService } from '../helpers/service';
import { newUser } from '../server/support/http';

let service: RunningService;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.stop();
});
beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => true);
});

/** 2026-11-24 09:41 local time: notes carry the user's own clock. */
const NOW = new Date(2026, 10, 24, 9, 41).getTime();

/** A new user's connected background, wired as the worker wires it, and their API client. */
async function connectedUser(): Promise<{ ctx: BackgroundContext; api: ApiClient }> {
  const { email } = await newUser(service, 'inbox');
  const token = await service.token({ email });
  const ctx = testBackground({ now: () => NOW, outbox: { now: () => Date.now() } });
  ctx.outbox.onSettled((entry) => void rememberInboxPage(entry));
  await connectWithToken(ctx, service.baseUrl, token);
  const api = new ApiClient({ baseUrl: service.baseUrl, credential: { kind: 'token', token } });
  return { ctx, api };
}

/** Writes a note as the popup does and waits until the service has it; the page it went to. */
async function note(ctx: BackgroundContext, text: string, source = TAB): Promise<string> {
  const entry = await createHandlers(ctx)['note.submit'](
    { clipId: crypto.randomUUID(), text, source },
    {},
  );
  const done = await ctx.outbox.waitFor(entry.id, 10_000);
  expect(done.status).toBe('saved');
  // The Inbox's id is stored once delivery settles.
  await vi.waitFor(async () => expect((await inboxItem.getValue())?.pageId).toBeTruthy(), {
    timeout: 10_000,
  });
  return done.result!.pageId;
}

const TAB = { title: 'Rivers and valleys', url: 'https://news.example/rivers' };

describe('the Inbox', () => {
  it('takes quick notes at the top level, not in the last folder used, each with its time and tab', async () => {
    const { ctx, api } = await connectedUser();
    const tech = await api.createFolder({ name: 'Tech', parentId: null });
    await submitClip(ctx, {
      write: {
        kind: 'create-page',
        clipId: crypto.randomUUID(),
        title: 'A clip in Tech',
        markdown: 'Body.',
        parentId: tech.id,
      },
      label: 'A clip in Tech',
      folderName: 'Tech',
      waitMs: 10_000,
    });

    const first = await note(ctx, 'Call the plumber.');
    const second = await note(ctx, 'Buy milk.', { title: 'New Tab', url: 'chrome://newtab/' });
    expect(second).toBe(first);
    expect(await api.resolvePages({ title: 'Inbox', parentId: tech.id })).toEqual([]);
    expect((await api.resolvePages({ title: 'Inbox', parentId: null })).map((p) => p.id)).toEqual([
      first,
    ]);
    const { markdown } = await api.getContent(first);
    expect(markdown).toContain(
      '## 2026-11-24 09:41\n\nFrom [Rivers and valleys](https://news.example/rivers)\n\nCall the plumber.',
    );
    // A browser page is no source worth a link.
    expect(markdown).toContain('## 2026-11-24 09:41\n\nBuy milk.');
    expect(await inboxItem.getValue()).toMatchObject({ pageId: first, chosen: false });
  });

  it('leaves the source line out when turned off', async () => {
    const { ctx, api } = await connectedUser();
    await createHandlers(ctx)['settings.set']({ clipDefaults: { noteSource: false } }, {});
    const page = await note(ctx, 'No source here.');
    const { markdown } = await api.getContent(page);
    expect(markdown).toContain('## 2026-11-24 09:41\n\nNo source here.');
    expect(markdown).not.toContain('news.example');
  });

  it('follows the Inbox when it is moved, and makes a new one at the top level when it is deleted', async () => {
    const { ctx, api } = await connectedUser();
    const inbox = await note(ctx, 'First.');
    const archive = await api.createFolder({ name: 'Archive', parentId: null });
    await api.movePage(inbox, { parentId: archive.id });
    expect(await note(ctx, 'Second, after the move.')).toBe(inbox);
    expect((await api.getContent(inbox)).markdown).toContain('Second, after the move.');

    await api.trashPage(inbox);
    const remade = await note(ctx, 'Third, after the delete.');
    expect(remade).not.toBe(inbox);
    expect((await api.getPage(remade)).parentId ?? null).toBeNull();
    expect((await api.getContent(remade)).markdown).toContain('Third, after the delete.');
    await vi.waitFor(async () => expect((await inboxItem.getValue())?.pageId).toBe(remade), {
      timeout: 10_000,
    });
  });

  it('uses the page chosen in the options, and the default again when asked', async () => {
    const { ctx, api } = await connectedUser();
    const journal = await api.createFolder({ name: 'Journal', parentId: null });
    const chosen = await api.createPage({
      title: 'Daily',
      markdown: '# Daily',
      parentId: journal.id,
    });
    const handlers = createHandlers(ctx);
    const set = await handlers['inbox.set'](
      { page: { id: chosen.id, title: 'Daily', parentId: journal.id } },
      {},
    );
    expect(set).toMatchObject({ pageId: chosen.id, folderPath: ['Journal'], chosen: true });
    expect(await note(ctx, 'Into the chosen page.')).toBe(chosen.id);
    expect((await api.getContent(chosen.id)).markdown).toContain('Into the chosen page.');
    expect(await api.resolvePages({ title: 'Inbox', parentId: null })).toEqual([]);

    expect(await handlers['inbox.set']({ page: null }, {})).toMatchObject({
      pageId: null,
      title: 'Inbox',
      parentId: null,
      chosen: false,
    });
    const inbox = await note(ctx, 'Back to the default.');
    expect((await api.resolvePages({ title: 'Inbox', parentId: null })).map((p) => p.id)).toEqual([
      inbox,
    ]);
  });

  it('migrates clip defaults stored before notes carried their source', async () => {
    await fakeBrowser.storage.local.set({
      clipDefaults: {
        mode: 'full',
        operation: 'prepend',
        highlightTemplate: '> x',
        inboxTitle: 'Inbox',
      },
      clipDefaults$: { v: 2 },
    });
    await clipDefaultsItem.migrate();
    expect(await clipDefaultsItem.getValue()).toMatchObject({ mode: 'full', noteSource: true });
  });
});

describe('recent pages', () => {
  it('are recorded with their folder, id and path', async () => {
    const { ctx, api } = await connectedUser();
    const news = await api.createFolder({ name: 'News', parentId: null });
    const world = await api.createFolder({ name: 'World', parentId: news.id });
    const page = await api.createPage({
      title: 'Digest',
      markdown: '# Digest',
      parentId: world.id,
    });
    await getPages(ctx, world.id); // the picker listed the folder's pages
    await submitClip(ctx, {
      write: {
        kind: 'add-to-page',
        clipId: crypto.randomUUID(),
        pageId: page.id,
        operation: 'append',
        content: 'More.',
      },
      label: 'Digest',
    });
    const { pages } = await createHandlers(ctx)['recent.get']({}, {});
    expect(pages[0]).toMatchObject({
      id: page.id,
      parentId: world.id,
      folderPath: ['News', 'World'],
    });
  });

  it('get their folder when stored without one by an older version', async () => {
    const { ctx, api } = await connectedUser();
    const news = await api.createFolder({ name: 'News', parentId: null });
    const page = await api.createPage({ title: 'Briefing', markdown: 'x', parentId: news.id });
    // As older versions recorded every page: no folder at all.
    await recentPagesItem.setValue([{ id: page.id, title: 'Briefing', parentId: null, usedAt: 1 }]);
    const handlers = createHandlers(ctx);
    await handlers['recent.get']({}, {}); // nothing cached: looked up on the service meanwhile
    await vi.waitFor(
      async () =>
        expect((await handlers['recent.get']({}, {})).pages[0]).toMatchObject({
          parentId: news.id,
          folderPath: ['News'],
        }),
      { timeout: 10_000 },
    );
  });
});
