/**
 * The on-page confirmation after a context-menu append and after the quick-clip shortcut, in
 * real Chromium against the real local service: it shows in the page (in a closed shadow root,
 * read here through the DevTools protocol, which sees into it as the user's eyes do), names
 * the destination, and its Undo takes exactly that append back out, or nothing when the page
 * changed since; a highlight the page already held is said to be there, with no Undo. Menu clicks and shortcuts are the background's handlers called with what the
 * browser would pass (docs/development.md, "End-to-end tests in Chromium").
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../lib/api';
import { LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

// Each test waits for conditions up to a generous limit (./waits.ts); its timeout leaves room.
vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: ApiClient;

beforeAll(async () => {
  h = await launchExtension();
  api = new ApiClient({
    baseUrl: h.service.baseUrl,
    credential: {
      kind: 'token',
      token: await h.service.token({ scopes: ['pages:read', 'pages:write'] }),
    },
  });
  await h.connect();
  // A loaded machine may take longer than the few seconds a person gets before it dismisses.
  await h.background(async (pc) => pc.setConfirmationDismissAfter(120_000));
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const QUOTE =
  'Foxes have moved into the city, and they seem to like it there more than anyone expected.';
const SITE = 'Example News';

function newsHtml(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${title} — ${SITE}</title><meta property="og:site_name" content="${SITE}">
<style>pageclip-confirmation, section, p, button { display: none !important; color: red !important; }</style>
</head><body><main><article><h1>${title}</h1><p>${QUOTE}</p>
<p>A second paragraph, so the article reads like one and the selection is only part of it.</p>
</article></main></body></html>`;
}

/** Opens a news page in a tab, selects its first paragraph; returns the page, URL and tab id. */
async function openNews(path: string, title: string, select = true) {
  const url = h.pages.add(path, newsHtml(title));
  const page = await h.context.newPage();
  await page.goto(url);
  if (select) {
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('article p')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
  }
  await page.bringToFront();
  const tabId = await h.background(
    async (pc, u: string) => (await pc.browser.tabs.query({ url: u }))[0]?.id ?? -1,
    url,
  );
  return { page, url, tabId };
}

interface DomNode {
  nodeId: number;
  nodeType: number;
  localName?: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: (DomNode & { shadowRootType?: string })[];
}

/** The confirmation's shadow root as the DevTools protocol sees it (closed roots included). */
async function confirmationRoot(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const find = (node: DomNode): DomNode | null => {
      if (node.localName === 'pageclip-confirmation') return node;
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
        const found = find(child);
        if (found) return found;
      }
      return null;
    };
    const host = find(root);
    const shadow = host?.shadowRoots?.[0];
    if (!shadow) return null;
    const texts: string[] = [];
    let undo: DomNode | null = null;
    const walk = (node: DomNode) => {
      if (node.nodeType === 3 && node.localName !== 'style') texts.push(node.nodeValue ?? '');
      if (node.localName === 'style') return;
      if (node.localName === 'button' && node.attributes?.includes('undo')) undo = node;
      for (const child of node.children ?? []) walk(child);
    };
    walk(shadow);
    let undoAt: { x: number; y: number } | null = null;
    const undoNode = undo as DomNode | null;
    if (undoNode && !undoNode.attributes?.includes('hidden')) {
      const box = (await cdp.send('DOM.getBoxModel', { nodeId: undoNode.nodeId })) as {
        model: { content: number[] };
      };
      const q = box.model.content;
      undoAt = { x: (q[0]! + q[4]!) / 2, y: (q[1]! + q[5]!) / 2 };
    }
    return { mode: shadow.shadowRootType, text: texts.join(' '), undoAt };
  } finally {
    await cdp.detach();
  }
}

async function confirmationText(page: Page): Promise<string> {
  return (await confirmationRoot(page))?.text ?? '';
}

async function clickUndo(page: Page): Promise<void> {
  const shown = await confirmationRoot(page);
  expect(shown?.undoAt, 'Undo is offered').toBeTruthy();
  await page.mouse.click(shown!.undoAt!.x, shown!.undoAt!.y);
}

async function badgeText(tabId: number): Promise<string> {
  return h.background(
    async (pc, id: number) => pc.browser.action.getBadgeText({ tabId: id }),
    tabId,
  );
}

async function appendTo(target: { id: string; title: string }, path: string, title: string) {
  await h.background(
    async (pc, p: { id: string; title: string }) =>
      pc.browser.storage.local.set({
        recentPages: [{ ...p, parentId: null, usedAt: Date.now() }],
      }),
    target,
  );
  const opened = await openNews(path, title);
  const outcome = await h.background(
    async (pc, a: { url: string; tabId: number; quote: string; title: string }) =>
      pc.menuClick(
        { menuItemId: 'append-last', frameId: 0, pageUrl: a.url, selectionText: a.quote },
        { id: a.tabId, title: `${a.title} — Example News`, url: a.url },
      ),
    { url: opened.url, tabId: opened.tabId, quote: QUOTE, title },
  );
  expect(outcome).toBe('written');
  return opened;
}

describe('the on-page confirmation', () => {
  it('names where a context-menu append went, credits the title alone, and Undo takes exactly it out', async () => {
    const before = '# Reading list\n\nAn earlier note.\n';
    const target = await api.createPage({
      title: 'Reading list',
      markdown: before,
      parentId: null,
    });
    const { page, url } = await appendTo(target, '/foxes', 'Foxes in the city');

    await expect
      .poll(() => confirmationText(page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('Added to “Reading list”');
    const shown = await confirmationRoot(page);
    expect(shown?.mode).toBe('closed');
    // The page's own scripts cannot reach into it.
    expect(
      await page.evaluate(
        () => document.querySelector('pageclip-confirmation')?.shadowRoot ?? null,
      ),
    ).toBeNull();

    const appended = (await api.getContent(target.id)).markdown;
    expect(appended).toContain(`> ${QUOTE}`);
    expect(appended).toContain(`[Foxes in the city](${url})`);
    expect(appended).not.toContain(SITE);

    await clickUndo(page);
    await expect
      .poll(() => confirmationText(page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('Undone');
    expect((await api.getContent(target.id)).markdown).toBe(before);
  });

  it('removes nothing when the appended text was edited since', async () => {
    const target = await api.createPage({
      title: 'Edited list',
      markdown: '# Edited list\n',
      parentId: null,
    });
    const { page } = await appendTo(target, '/foxes-edited', 'Foxes edited');
    await expect
      .poll(() => confirmationText(page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('Added to');

    const { markdown, etag } = await api.getContent(target.id);
    const edited = markdown.replace('moved into the city', 'moved into the suburbs');
    expect(edited).not.toBe(markdown);
    await api.replaceContent(target.id, edited, { ifMatch: etag });

    await clickUndo(page);
    await expect
      .poll(() => confirmationText(page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('The page changed since; nothing was undone');
    expect((await api.getContent(target.id)).markdown).toBe(edited);
    // The refused Undo is not left behind in the outbox to be retried.
    const { entries } = await h.send('outbox.list', {});
    expect(
      entries.filter((e) => e.write.kind === 'edit-page' && e.write.pageId === target.id),
    ).toEqual([]);
  });

  it('shows after the quick-clip shortcut, and Undo moves the new page to the Trash', async () => {
    const folder = await api.createFolder({ name: 'Quick', parentId: null });
    await h.background(
      async (pc, f: { id: string; name: string }) =>
        pc.browser.storage.local.set({
          lastDestination: { kind: 'folder', folderId: f.id, name: f.name },
        }),
      { id: folder.id, name: folder.name },
    );
    const { page, tabId } = await openNews('/quick-foxes', 'Quick foxes', false);
    const outcome = await h.background(
      async (pc, id: number) => pc.command('quick-clip', id),
      tabId,
    );
    expect(outcome).toHaveProperty('kind', 'queued');
    await expect
      .poll(() => confirmationText(page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('Added to “Quick / Quick foxes”');
    expect(await api.resolvePages({ title: 'Quick foxes', parentId: folder.id })).toHaveLength(1);
    // A known clip (the e2e build holds `tabs`): the ✓ shows, and goes with the Undo.
    await expect.poll(() => badgeText(tabId), { timeout: CONDITION_TIMEOUT_MS }).toBe('✓');

    await clickUndo(page);
    await expect
      .poll(() => confirmationText(page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('Undone');
    expect(await api.resolvePages({ title: 'Quick foxes', parentId: folder.id })).toHaveLength(0);
    await expect.poll(() => badgeText(tabId), { timeout: CONDITION_TIMEOUT_MS }).not.toBe('✓');
    expect(
      (await h.send('known.lookup', { url: page.url(), title: 'Quick foxes', localOnly: true }))
        .clip,
    ).toBeNull();
  });

  it('a highlight the page already holds: "Already in", no Undo, the earlier copy kept', async () => {
    const target = await api.createPage({
      title: 'Kept list',
      markdown: '# Kept list\n',
      parentId: null,
    });
    const first = await appendTo(target, '/foxes-kept', 'Foxes kept');
    await expect
      .poll(() => confirmationText(first.page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('Added to');
    const once = (await api.getContent(target.id)).markdown;

    const again = await appendTo(target, '/foxes-kept-again', 'Foxes kept');
    await expect
      .poll(() => confirmationText(again.page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('Already in “Kept list”: nothing was added');
    expect((await confirmationRoot(again.page))?.undoAt).toBeNull();
    expect((await api.getContent(target.id)).markdown).toBe(once);
  });

  it('quick-clip Undo leaves a page that was edited since in place', async () => {
    const folder = await api.createFolder({ name: 'Quick edited', parentId: null });
    await h.background(
      async (pc, f: { id: string; name: string }) =>
        pc.browser.storage.local.set({
          lastDestination: { kind: 'folder', folderId: f.id, name: f.name },
        }),
      { id: folder.id, name: folder.name },
    );
    const { page, tabId } = await openNews('/quick-edited', 'Quick edited foxes', false);
    await h.background(async (pc, id: number) => pc.command('quick-clip', id), tabId);
    await expect
      .poll(() => confirmationText(page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('Added to');
    const [made] = await api.resolvePages({ title: 'Quick edited foxes', parentId: folder.id });
    const { markdown, etag } = await api.getContent(made!.id);
    const edited = `${markdown}\nMy own notes on it.\n`;
    await api.replaceContent(made!.id, edited, { ifMatch: etag });

    await clickUndo(page);
    await expect
      .poll(() => confirmationText(page), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('The page changed since; nothing was undone');
    expect((await api.getContent(made!.id)).markdown).toBe(edited);
  });
});
