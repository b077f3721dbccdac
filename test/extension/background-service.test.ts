/**
 * Background handlers with fakeBrowser against the real local service over HTTP: connecting,
 * sign-in, caches, the clip flow through the real Outbox, and context-menu clicks.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '../../lib/api';
import { CACHE_FRESH_MS, getFolders, getPages, searchPages } from '../../lib/background/caches';
import { currentClient } from '../../lib/background/client';
import { submitClip } from '../../lib/background/clips';
import {
  connectWithToken,
  getConnectionState,
  onSignInTabRemoved,
  onSignInTabUpdated,
  setServiceUrl,
  signIn,
} from '../../lib/background/connection';
import { cancelSignIn, confirmSignIn } from '../../lib/background/sign-in-confirm';
import type { BackgroundContext } from '../../lib/background/context';
import { createHandlers } from '../../lib/background/handlers';
import { onMenuClicked } from '../../lib/background/menus';
import type { BackgroundEvent } from '../../lib/messaging/events';
import { Outbox } from '../../lib/outbox';
import { connectedUserItem, recentPagesItem, tokenItem } from '../../lib/settings';
import { startService, type RunningService } from '../helpers/service';
import { newUser } from '../server/support/http';

let service: RunningService;
let api: ApiClient;

beforeAll(async () => {
  service = await startService();
  api = new ApiClient({
    baseUrl: service.baseUrl,
    credential: { kind: 'token', token: await service.token() },
  });
});
afterAll(async () => {
  await service?.stop();
});

interface TestContext extends BackgroundContext {
  events: BackgroundEvent[];
  clock: { now: number };
}

/** A background context as the worker builds it, with an injected clock and session cookie. */
function makeContext(opts: { cookie?: string } = {}): TestContext {
  const clock = { now: Date.parse('2026-11-21T10:00:00.000Z') };
  const events: BackgroundEvent[] = [];
  const ctx = {
    clock,
    events,
    now: () => clock.now,
    randomId: () => crypto.randomUUID(),
    browserName: 'Chromium',
    broadcast: (e: BackgroundEvent) => events.push(e),
    // In Node there is no cookie jar: hand the session cookie over as the browser would.
    createClient: (o: ConstructorParameters<typeof ApiClient>[0]) =>
      new ApiClient(
        o.credential.kind === 'session'
          ? { ...o, credential: { kind: 'session', cookie: opts.cookie } }
          : o,
      ),
  } as unknown as TestContext;
  ctx.outbox = new Outbox({ getClient: () => currentClient(ctx), now: () => Date.now() });
  return ctx;
}

/** The live tokens Pageclip minted for the account of this session. */
async function pageclipTokens(cookie: string): Promise<string[]> {
  const tokens = await new ApiClient({
    baseUrl: service.baseUrl,
    credential: { kind: 'session', cookie },
  }).listTokens();
  return tokens.map((t) => t.name ?? '').filter((name) => name.startsWith('Pageclip on'));
}

let granted = true;
beforeEach(() => {
  fakeBrowser.reset();
  granted = true;
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => granted);
});
afterEach(() => vi.restoreAllMocks());

describe('connection', () => {
  it('connects with a valid token and reports the user', async () => {
    const ctx = makeContext();
    const state = await connectWithToken(ctx, `${service.baseUrl}/`, await service.token());
    expect(state.problem).toBeNull();
    expect(state.serviceUrl).toBe(service.baseUrl);
    expect(state.user?.email).toBe(service.demo.email);
    expect(await tokenItem.getValue()).toMatch(/\S{20,}/);
    expect(ctx.events.some((e) => e.type === 'connection-changed')).toBe(true);
  });

  it('does not keep a token the service rejects (401)', async () => {
    const ctx = makeContext();
    const state = await connectWithToken(ctx, service.baseUrl, 'pc_wrong');
    expect(state.problem).toMatchObject({ code: 'unauthenticated', status: 401 });
    expect(await tokenItem.getValue()).toBeNull();
  });

  it('asks for host access before using the token', async () => {
    granted = false;
    const ctx = makeContext();
    const state = await connectWithToken(ctx, service.baseUrl, await service.token());
    expect(state.permissionGranted).toBe(false);
    expect(state.problem?.code).toBe('no-permission');
    expect(state.originPattern).toBe('http://127.0.0.1/*');
    expect(await tokenItem.getValue()).toBeNull();
  });

  it('rejects a URL that is not http(s)', async () => {
    const state = await setServiceUrl(makeContext(), 'javascript:alert(1)');
    expect(state.problem?.code).toBe('invalid-url');
  });

  it('forgets the account when the service origin changes', async () => {
    const ctx = makeContext();
    await connectWithToken(ctx, service.baseUrl, await service.token());
    const state = await setServiceUrl(ctx, 'https://pages.example.com/api/v1');
    expect(state.hasToken).toBe(false);
    expect(await connectedUserItem.getValue()).toBeNull();
  });

  it('signs in: no session opens the sign-in tab; once signed in, the account is named, and a token minted only once confirmed', async () => {
    const noSession = makeContext();
    const opened = await signIn(noSession, service.baseUrl);
    expect(opened.problem?.code).toBe('sign-in-required');
    expect(opened.signInPending).toBe(true);
    expect(opened.signInAccount).toBeNull();
    const [tab] = await fakeBrowser.tabs.query({ url: `${service.origin}/auth/sign-in` });
    expect(tab).toBeDefined();

    // The user signs in in that tab: the browser now has the session cookie.
    const cookie = await service.signIn();
    const withSession = makeContext({ cookie });
    await onSignInTabUpdated(withSession, tab!.id!, 'complete');
    expect(await fakeBrowser.tabs.query({ url: `${service.origin}/auth/sign-in` })).toHaveLength(0);
    // Closing the tab does not forget the account waiting for the user's answer.
    await onSignInTabRemoved(withSession, tab!.id!);
    const asked = await getConnectionState(withSession);
    expect(asked.hasToken).toBe(false);
    expect(asked.signInPending).toBe(false);
    expect(asked.signInAccount?.email).toBe(service.demo.email);
    expect(withSession.events.at(-1)).toMatchObject({
      type: 'connection-changed',
      state: { signInAccount: { email: service.demo.email } },
    });
    expect(await pageclipTokens(cookie)).toEqual([]);

    const state = await confirmSignIn(withSession, asked.signInAccount!.id);
    expect(state.problem).toBeNull();
    expect(state.hasToken).toBe(true);
    expect(state.signInAccount).toBeNull();
    expect(state.user?.email).toBe(service.demo.email);
    expect(await pageclipTokens(cookie)).toHaveLength(1);
  });

  it('names the account of a session already there (say, planted by another site) and mints nothing when refused', async () => {
    const planted = await newUser(service, 'planted');
    const cookie = await service.signIn(planted.email, planted.password);
    const ctx = makeContext({ cookie });
    const asked = await signIn(ctx, service.baseUrl);
    expect(asked.hasToken).toBe(false);
    expect(asked.signInAccount?.email).toBe(planted.email);
    expect(await fakeBrowser.tabs.query({ url: `${service.origin}/auth/sign-in` })).toHaveLength(0);
    expect(await pageclipTokens(cookie)).toEqual([]);

    const refused = await cancelSignIn(ctx);
    expect(refused.signInAccount).toBeNull();
    expect(refused.hasToken).toBe(false);
    // A confirmation arriving after the refusal has nothing to confirm.
    const late = await confirmSignIn(ctx, asked.signInAccount!.id);
    expect(late.hasToken).toBe(false);
    expect(late.problem?.code).toBe('sign-in-required');
    expect(await tokenItem.getValue()).toBeNull();
    expect(await pageclipTokens(cookie)).toEqual([]);
  });

  it('keeps no token when the session changed account between the question and the answer', async () => {
    const session = { cookie: await service.signIn() };
    const ctx = makeContext(session);
    const asked = await signIn(ctx, service.baseUrl);
    expect(asked.signInAccount?.email).toBe(service.demo.email);
    const other = await newUser(service, 'switched');
    session.cookie = await service.signIn(other.email, other.password);

    const state = await confirmSignIn(ctx, asked.signInAccount!.id);
    expect(state.hasToken).toBe(false);
    expect(state.signInAccount).toBeNull();
    expect(state.problem?.code).toBe('sign-in-required');
    expect(await tokenItem.getValue()).toBeNull();
    // The token minted for the other account was revoked at once.
    expect(await pageclipTokens(session.cookie)).toEqual([]);
  });

  it('reports an unreachable service', async () => {
    const ctx = makeContext();
    await connectWithToken(ctx, service.baseUrl, await service.token());
    await setServiceUrl(ctx, 'http://127.0.0.1:9/api/v1');
    const state = await connectWithToken(ctx, 'http://127.0.0.1:9/api/v1', 'pc_whatever');
    expect(state.problem?.code).toBe('unreachable');
    expect(state.problem?.message).toContain('http://127.0.0.1:9');
  });
});

describe('caches', () => {
  it('serves the folder tree from the cache and refreshes a stale one in the background', async () => {
    const ctx = makeContext();
    const first = await api.createFolder({
      name: `Cache A ${crypto.randomUUID()}`,
      parentId: null,
    });
    await connectWithToken(ctx, service.baseUrl, await service.token());
    // Connecting warms the cache; the first ask then waits for nothing.
    await vi.waitFor(
      () => expect(ctx.events.some((e) => e.type === 'folders-changed')).toBe(true),
      { timeout: 10_000 },
    );
    const initial = await getFolders(ctx);
    expect(initial.folders.some((f) => f.id === first.id)).toBe(true);

    const second = await api.createFolder({ name: 'Cache B', parentId: first.id });
    const cached = await getFolders(ctx);
    expect(cached.refreshing).toBe(false);
    expect(cached.folders.some((f) => f.id === second.id)).toBe(false); // fresh cache: no network

    ctx.clock.now += CACHE_FRESH_MS + 1;
    ctx.events.length = 0;
    const stale = await getFolders(ctx);
    expect(stale.refreshing).toBe(true);
    expect(stale.folders.some((f) => f.id === second.id)).toBe(false); // answered at once
    await vi.waitFor(
      () => expect(ctx.events.some((e) => e.type === 'folders-changed')).toBe(true),
      { timeout: 10_000 },
    );
    const refreshed = await getFolders(ctx);
    expect(refreshed.folders.find((f) => f.id === second.id)?.parentId).toBe(first.id);
  });

  it('answers at once with an empty tree while a cold cache fills', async () => {
    const ctx = makeContext();
    await connectWithToken(ctx, service.baseUrl, await service.token());
    await vi.waitFor(
      () => expect(ctx.events.some((e) => e.type === 'folders-changed')).toBe(true),
      { timeout: 10_000 },
    );
    await fakeBrowser.storage.local.remove(['cache:folders', 'cache:foldersStamp']);
    ctx.events.length = 0;
    const cold = await getFolders(ctx);
    expect(cold).toMatchObject({ folders: [], fetchedAt: null, refreshing: true });
    await vi.waitFor(
      () => expect(ctx.events.some((e) => e.type === 'folders-changed')).toBe(true),
      { timeout: 10_000 },
    );
    expect((await getFolders(ctx)).folders.length).toBeGreaterThan(0);
  });

  it('lists and searches pages of a folder, resolving exact titles too', async () => {
    const ctx = makeContext();
    await connectWithToken(ctx, service.baseUrl, await service.token());
    const folder = await api.createFolder({ name: 'Search', parentId: null });
    await api.createPage({ title: 'Reading list', markdown: 'x', parentId: folder.id });
    await api.createPage({ title: 'Recipes', markdown: 'x', parentId: folder.id });
    const list = await getPages(ctx, folder.id);
    expect(list.pages.map((p) => p.title).sort()).toEqual(['Reading list', 'Recipes']);
    const found = await searchPages(ctx, 'read', folder.id);
    expect(found.pages.map((p) => p.title)).toEqual(['Reading list']);
  });
});

describe('clip flow', () => {
  it('creates a page through the outbox with pageclip_id and the note on top', async () => {
    const ctx = makeContext();
    await connectWithToken(ctx, service.baseUrl, await service.token());
    const folder = await api.createFolder({ name: 'Clips', parentId: null });
    const clipId = crypto.randomUUID();
    const entry = await submitClip(ctx, {
      write: {
        kind: 'create-page',
        clipId,
        title: 'An article',
        markdown: '---\nsource: https://e.x/a\n---\n\n# An article\n\nBody text.',
        parentId: folder.id,
      },
      label: 'Clips',
      folderName: 'Clips',
      note: 'Why I kept this',
      waitMs: 10_000,
    });
    expect(entry.status).toBe('saved');
    const { markdown } = await api.getContent(entry.result!.pageId);
    expect(markdown).toMatch(new RegExp(`pageclip_id: ${clipId}`));
    expect(markdown.indexOf('Why I kept this')).toBeLessThan(markdown.indexOf('Body text.'));
    const { lastDestination, folders } = await createHandlers(ctx)['recent.get']({}, {});
    expect(lastDestination).toEqual({ kind: 'folder', folderId: folder.id, name: 'Clips' });
    expect(folders[0]?.id).toBe(folder.id);
  });

  it('appends a context-menu highlight once when the click is delivered twice', async () => {
    const ctx = makeContext();
    await connectWithToken(ctx, service.baseUrl, await service.token());
    const page = await api.createPage({ title: 'Quotes', markdown: '# Quotes', parentId: null });
    await recentPagesItem.setValue([{ id: page.id, title: 'Quotes', parentId: null, usedAt: 1 }]);
    const info = {
      menuItemId: 'append-last',
      frameId: 0,
      pageUrl: 'https://e.x/post',
      selectionText: 'A fine sentence.',
    };
    const tab = { id: 99, title: 'A post', url: 'https://e.x/post' };
    const outcomes = await Promise.all([
      onMenuClicked(ctx, info, tab),
      onMenuClicked(ctx, info, tab),
    ]);
    expect(outcomes.sort()).toEqual(['duplicate', 'written']);
    const [entry] = await ctx.outbox.list();
    expect((await ctx.outbox.waitFor(entry!.id, 10_000)).status).toBe('saved');
    const { markdown } = await api.getContent(page.id);
    expect(markdown.split('A fine sentence.').length - 1).toBe(1);
    expect(markdown).toContain('> A fine sentence.\n\n— [A post](https://e.x/post), 2026-11-21');
  });

  it('"Choose…": the popup asking at once still gets the highlight being stored', async () => {
    const ctx = makeContext();
    const click = onMenuClicked(
      ctx,
      { menuItemId: 'append-choose', pageUrl: 'https://e.x/c', selectionText: 'Pick me' },
      { id: 8, title: 'C page' },
      { popupOpened: Promise.resolve(true) },
    );
    // Asked before the click's handler finished (the popup opens first).
    const { pending } = await createHandlers(ctx)['highlight.pending']({}, {});
    expect(pending).toMatchObject({ quote: 'Pick me', sourceUrl: 'https://e.x/c' });
    expect(pending?.content).toContain('> Pick me');
    expect(await click).toBe('stashed');
    expect(await ctx.outbox.list()).toEqual([]); // nothing written until a page is chosen
  });

  it('sends a highlight without a last page to the Inbox, created on first use', async () => {
    const ctx = makeContext();
    await connectWithToken(ctx, service.baseUrl, await service.token());
    await recentPagesItem.setValue([]);
    const before = await api.resolvePages({ title: 'Inbox', parentId: null });
    const outcome = await onMenuClicked(
      ctx,
      {
        menuItemId: 'append-last',
        pageUrl: 'https://e.x/',
        selectionText: `inbox ${crypto.randomUUID()}`,
      },
      { id: 5, title: 'E' },
    );
    expect(outcome).toBe('written');
    const [entry] = await ctx.outbox.list();
    expect((await ctx.outbox.waitFor(entry!.id, 10_000)).status).toBe('saved');
    const after = await api.resolvePages({ title: 'Inbox', parentId: null });
    expect(after.length).toBe(Math.max(1, before.length));
  });
});
