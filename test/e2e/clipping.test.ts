/**
 * Clipping without the popup, in real Chromium against the real local service: context-menu
 * highlights (exactly once even when Chrome delivers the click twice), Clip link, the
 * keyboard commands, and what the user sees when the service is down or the token is
 * read-only. Context menus and shortcuts cannot be clicked by automation, so the tests call
 * the background's handlers with the arguments Chrome would pass (docs/development.md,
 * "End-to-end tests in Chromium").
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../lib/api';
import { LAUNCH_TIMEOUT_MS, articleHtml, launchExtension, type ExtensionHarness } from './harness';
import { E2E_TEST_TIMEOUT_MS, waitSettled } from './waits';

// Each test waits for conditions up to a generous limit (./waits.ts); its timeout leaves room.
vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: ApiClient;

beforeAll(async () => {
  h = await launchExtension();
  api = new ApiClient({
    baseUrl: h.service.baseUrl,
    credential: { kind: 'token', token: await h.service.token() },
  });
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const PARAGRAPHS = [
  'The quick brown fox jumps over the lazy dog, and keeps running through the long grass of the meadow.',
  'Highlights should arrive exactly once, quoted, with a link back to where they came from.',
  'A third paragraph gives the article enough text for the readability heuristics to accept it as an article.',
  'And a fourth one, because real articles are long and readers skim them anyway before clipping.',
];

/** Open a test page in a tab, optionally select the text of its second paragraph; returns the tab id. */
async function openArticle(
  path: string,
  title: string,
  select = false,
): Promise<{ url: string; tabId: number }> {
  const url = h.pages.add(path, articleHtml(title, PARAGRAPHS));
  const page = await h.context.newPage();
  await page.goto(url);
  if (select) {
    await page.evaluate(() => {
      const p = document.querySelectorAll('article p')[1]!;
      const range = document.createRange();
      range.selectNodeContents(p);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
  }
  await page.bringToFront();
  const tabId = await h.background(
    async (pc, u: string) => (await pc.browser.tabs.query({ url: u }))[0]?.id ?? -1,
    url,
  );
  return { url, tabId };
}

async function waitSaved(id: string) {
  return waitSettled(h, id);
}

describe('context menu and commands', () => {
  it('declares the four commands', async () => {
    const commands = await h.background(async (pc) => pc.browser.commands.getAll());
    expect(commands.map((c) => c.name).sort()).toEqual([
      '_execute_action',
      'append-selection',
      'highlighter',
      'quick-clip',
    ]);
    expect(commands.find((c) => c.name === 'quick-clip')?.description).toMatch(/\S/);
    // Chromium silently leaves a suggested key unassigned when it clashes with its own.
    for (const c of commands) expect(c.shortcut, c.name).toMatch(/\S/);
  });

  it('appends a highlight exactly once when the same click is delivered twice', async () => {
    const target = await api.createPage({
      title: 'Highlights',
      markdown: '# Highlights\n',
      parentId: null,
    });
    await h.background(
      async (pc, page: { id: string; title: string }) =>
        pc.browser.storage.local.set({
          recentPages: [{ ...page, parentId: null, usedAt: Date.now() }],
        }),
      { id: target.id, title: target.title },
    );
    const { url, tabId } = await openArticle('/fox', 'Fox article', true);
    const click = {
      menuItemId: 'append-last',
      frameId: 0,
      pageUrl: url,
      selectionText: PARAGRAPHS[1],
      editable: false,
    };
    const tab = { id: tabId, title: 'Fox article', url };
    const outcomes = await h.background(
      async (pc, a: { click: typeof click; tab: typeof tab }) => {
        const both = await Promise.all([
          pc.menuClick(a.click, a.tab),
          pc.menuClick(a.click, a.tab),
        ]);
        const third = await pc.menuClick(a.click, a.tab);
        return [...both, third];
      },
      { click, tab },
    );
    expect(outcomes.filter((o) => o === 'written')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(2);

    const entries = (await h.send('outbox.list', {})).entries.filter(
      (e) => e.write.kind === 'add-to-page' && e.write.pageId === target.id,
    );
    expect(entries).toHaveLength(1);
    expect((await waitSaved(entries[0]!.id)).status).toBe('saved');

    const { markdown } = await api.getContent(target.id);
    expect(markdown.split(PARAGRAPHS[1]!).length - 1).toBe(1);
    // Quoted, with the source title, link and date (the default template).
    expect(markdown).toContain(`> ${PARAGRAPHS[1]}`);
    expect(markdown).toContain(`[Fox article](${url})`);
    expect(markdown).toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('"Choose…" keeps the highlight for the picker, and it is appended once chosen', async () => {
    const target = await api.createPage({
      title: 'Chosen',
      markdown: '# Chosen\n',
      parentId: null,
    });
    const { url, tabId } = await openArticle('/choose', 'Choose article', true);
    const outcome = await h.background(
      async (pc, a: { url: string; tabId: number }) =>
        pc.menuClick(
          { menuItemId: 'append-choose', frameId: 0, pageUrl: a.url, selectionText: 'x' },
          { id: a.tabId, title: 'Choose article', url: a.url },
        ),
      { url, tabId },
    );
    expect(outcome).toBe('stashed');
    const { pending } = await h.send('highlight.pending', {});
    expect(pending?.quote).toBe(PARAGRAPHS[1]);
    expect(pending?.content).toContain(`[Choose article](${url})`);
    // What the popup's picker sends once the user chose the page:
    const entry = await h.send('clip.submit', {
      write: {
        kind: 'add-to-page',
        clipId: pending!.clipId,
        pageId: target.id,
        operation: 'append',
        content: pending!.content,
      },
      label: 'Chosen',
      waitMs: 10_000,
    });
    expect(entry.status).toBe('saved');
    expect((await h.send('highlight.pending', {})).pending).toBeNull();
    expect((await api.getContent(target.id)).markdown).toContain(`> ${PARAGRAPHS[1]}`);
  });

  it('clips a link as a bookmark page in the last folder', async () => {
    const folder = await api.createFolder({ name: 'Links', parentId: null });
    await h.background(
      async (pc, f: { id: string; name: string }) =>
        pc.browser.storage.local.set({ recentFolders: [{ ...f, usedAt: Date.now() }] }),
      { id: folder.id, name: folder.name },
    );
    const { url, tabId } = await openArticle('/links', 'Links page');
    const linkUrl = `${h.pages.origin}/docs/guide`;
    const outcome = await h.background(
      async (pc, a: { linkUrl: string; url: string; tabId: number }) =>
        pc.menuClick(
          { menuItemId: 'clip-link', linkUrl: a.linkUrl, pageUrl: a.url, frameId: 0 },
          { id: a.tabId, url: a.url },
        ),
      { linkUrl, url, tabId },
    );
    expect(outcome).toBe('written');
    const entry = (await h.send('outbox.list', {})).entries.find(
      (e) => e.write.kind === 'create-page' && e.write.markdown.includes(linkUrl),
    );
    expect(entry).toBeDefined();
    const saved = await waitSaved(entry!.id);
    expect(saved.status).toBe('saved');
    const pages = await api.resolvePages({ title: '127.0.0.1/docs/guide', parentId: folder.id });
    expect(pages).toHaveLength(1);
    const { markdown } = await api.getContent(pages[0]!.id);
    expect(markdown).toContain(`pageclip_id: ${entry!.id}`);
    expect(markdown).toContain(`(${linkUrl})`);
  });

  it('quick-clips the page to the last folder with the shortcut command', async () => {
    const folder = await api.createFolder({ name: 'Quick', parentId: null });
    await h.background(
      async (pc, f: { id: string; name: string }) =>
        pc.browser.storage.local.set({
          lastDestination: { kind: 'folder', folderId: f.id, name: f.name },
        }),
      { id: folder.id, name: folder.name },
    );
    const { tabId } = await openArticle('/quick', 'Quick article');
    const outcome = await h.background(
      async (pc, id: number) => pc.command('quick-clip', id),
      tabId,
    );
    expect(outcome).toHaveProperty('entry');
    const id = (outcome as { entry: { id: string } }).entry.id;
    expect((await waitSaved(id)).status).toBe('saved');
    const [page] = await api.resolvePages({ title: 'Quick article', parentId: folder.id });
    expect(page).toBeDefined();
    const { markdown } = await api.getContent(page!.id);
    expect(markdown).toContain(`pageclip_id: ${id}`);
    expect(markdown).toContain(PARAGRAPHS[0]);
  });

  it('quick-clips the page into the last page when the last destination was a page', async () => {
    const target = await api.createPage({
      title: 'Reading log',
      markdown: '# Log\n',
      parentId: null,
    });
    await h.background(
      async (pc, p: { id: string; title: string }) =>
        pc.browser.storage.local.set({
          lastDestination: { kind: 'page', pageId: p.id, title: p.title, operation: 'append' },
        }),
      { id: target.id, title: target.title },
    );
    const { url, tabId } = await openArticle('/quick-page', 'Logged article');
    const outcome = await h.background(
      async (pc, id: number) => pc.command('quick-clip', id),
      tabId,
    );
    const id = (outcome as { entry: { id: string } }).entry.id;
    expect((await waitSaved(id)).status).toBe('saved');
    const { markdown } = await api.getContent(target.id);
    expect(markdown).toContain(`## [Logged article](${url})`);
    expect(markdown).toContain(PARAGRAPHS[2]);
    expect(markdown.startsWith('# Log')).toBe(true);
  });

  it('appends the selection to the last page with the shortcut command', async () => {
    const target = await api.createPage({
      title: 'Shortcut notes',
      markdown: 'start\n',
      parentId: null,
    });
    await h.background(
      async (pc, page: { id: string; title: string }) =>
        pc.browser.storage.local.set({
          recentPages: [{ ...page, parentId: null, usedAt: Date.now() }],
        }),
      { id: target.id, title: target.title },
    );
    const { tabId } = await openArticle('/shortcut', 'Shortcut article', true);
    const outcome = await h.background(
      async (pc, id: number) => pc.command('append-selection', id),
      tabId,
    );
    const id = (outcome as { entry: { id: string } }).entry.id;
    expect((await waitSaved(id)).status).toBe('saved');
    expect((await api.getContent(target.id)).markdown).toContain(`> ${PARAGRAPHS[1]}`);
  });
});

describe('failures the user can act on', () => {
  it('keeps the clip while the service is down and delivers it when it is back', async () => {
    await h.service.stop();
    let id: string;
    try {
      const entry = await h.send('clip.submit', {
        write: {
          kind: 'create-page',
          clipId: crypto.randomUUID(),
          title: 'Written while down',
          markdown: 'kept safe',
          parentId: null,
        },
        label: 'Top level',
        waitMs: 3_000,
      });
      id = entry.id;
      expect(entry.status).not.toBe('saved');
      const listed = (await h.send('outbox.list', {})).entries.find((e) => e.id === id);
      expect(listed?.status).toMatch(/queued|sending/);
      const state = await h.send('connection.get', { check: true });
      expect(state.problem?.code).toBe('unreachable');
    } finally {
      await h.service.restart();
    }
    await h.send('outbox.retry', { id: id! }).catch(() => undefined);
    expect((await waitSaved(id!)).status).toBe('saved');
    expect(await api.resolvePages({ title: 'Written while down' })).toHaveLength(1);
  });

  it('explains a read-only token: the write fails naming the missing scope, and is kept', async () => {
    const state = await h.connect({ scopes: ['pages:read'] });
    // Found when connecting, before any write.
    expect(state.problem?.code).toBe('read-only');
    const entry = await h.send('clip.submit', {
      write: {
        kind: 'create-page',
        clipId: crypto.randomUUID(),
        title: 'Not allowed',
        markdown: 'x',
        parentId: null,
      },
      label: 'Top level',
      waitMs: 5_000,
    });
    expect(entry.status).toBe('failed');
    expect(entry.lastError?.status).toBe(403);
    const after = await h.send('connection.get', {});
    expect(after.problem?.message).toContain('pages:write');
    // Nothing dropped: the entry waits for the user's Retry, edit or discard.
    expect((await h.send('outbox.list', {})).entries.some((e) => e.id === entry.id)).toBe(true);
    // A token that may write does not send it by itself; Retry all does, once.
    await h.connect();
    const kept = (await h.send('outbox.list', {})).entries.find((e) => e.id === entry.id);
    expect(kept).toMatchObject({ status: 'failed', previousConnection: true });
    expect(await api.resolvePages({ title: 'Not allowed' })).toHaveLength(0);
    await h.send('outbox.retryPreviousConnection', {});
    expect((await waitSaved(entry.id)).status).toBe('saved');
    expect(await api.resolvePages({ title: 'Not allowed' })).toHaveLength(1);
    expect((await h.send('connection.get', {})).problem).toBeNull();
  });
});
