/**
 * The popup, driven like a person would, in real Chromium against the real local service:
 * clip an article into a chosen folder as a new page, add to an existing page, a quick note
 * to the Inbox, a folder created inline, the service down (clip kept and queued), and a
 * read-only token (a clear message). Writes the popup screenshots used in the README.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleHtml, LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { openPopupOn, screenshot, searchFolder, serviceApi } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, waitSettled } from './waits';

// Each test waits for conditions up to a generous limit (./waits.ts); its timeout leaves room.
vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: Awaited<ReturnType<typeof serviceApi>>;
let articleUrl: string;

const TITLE = 'How rivers shape valleys';
const PARAGRAPHS = [
  'Rivers carve valleys over thousands of years, moving sediment from the mountains to the sea. The shape of a valley tells how old the river is and how hard the rock was.',
  'Young rivers cut narrow V-shaped valleys with steep sides. As a river ages, it meanders across a wide floodplain and deposits fertile silt on both banks.',
  'Glaciers leave U-shaped valleys instead, and a river that later follows the same path inherits a valley much wider than it could have carved itself.',
  'Geologists read these landscapes like a book: terraces record older floodplains, and oxbow lakes mark where a meander was cut off during a flood.',
];

beforeAll(async () => {
  h = await launchExtension();
  api = await serviceApi(h);
  articleUrl = h.pages.add('/rivers', articleHtml(TITLE, PARAGRAPHS));
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

describe('the popup', () => {
  it('clips an article into a chosen folder as a new page', async () => {
    const geo = await api.createFolder('Geography');
    await api.createFolder('Recipes');
    await api.createFolder('Rivers and lakes', geo.id);
    await h.send('folders.get', { refresh: true });

    const { popup, article } = await openPopupOn(h, articleUrl);
    await popup.getByLabel('Title', { exact: true }).waitFor();
    await expectValue(popup.getByLabel('Title', { exact: true }), TITLE);
    await popup.getByLabel('Your note (before the article)').fill('For the geology reading group.');
    await popup.getByRole('button', { name: /Top level/ }).click();
    await popup.getByRole('treeitem', { name: 'Geography' }).click();
    await popup.getByRole('treeitem', { name: 'Geography' }).press('ArrowRight');
    await popup.getByRole('treeitem', { name: 'Rivers and lakes' }).waitFor();
    await screenshot(popup, 'popup-folder-picker');
    await popup
      .getByRole('button', { name: /Geography/ })
      .first()
      .click(); // "Done"
    await screenshot(popup, 'popup-clip');
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText(`Saved to “${TITLE}”.`).waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await screenshot(popup, 'popup-saved');

    const pages = await api.pagesIn(geo.id);
    expect(pages.map((p) => p.title)).toEqual([TITLE]);
    const markdown = await api.content(pages[0]!.id);
    expect(markdown).toMatch(/^---\n/);
    expect(markdown).toMatch(/pageclip_id: [0-9a-f-]{36}/);
    expect(markdown).toContain(articleUrl);
    expect(markdown).toContain('For the geology reading group.');
    expect(markdown).toContain('Young rivers cut narrow V-shaped valleys');
    expect(markdown.indexOf('For the geology reading group.')).toBeLessThan(
      markdown.indexOf('Rivers carve valleys'),
    );
    const link = await popup.getByRole('link', { name: 'Open page' }).getAttribute('href');
    expect(link).toBe(`${h.service.origin}/view/pages/${pages[0]!.id}`);
    await popup.close();
    await article.close();
  });

  it('adds the clip to an existing page of a folder', async () => {
    const folder = await api.createFolder('Reading');
    const page = await api.createPage(
      'Reading journal',
      '# Reading journal\n\nFirst entry.',
      folder.id,
    );
    await h.send('folders.get', { refresh: true });

    const { popup, article } = await openPopupOn(h, articleUrl);
    await expectValue(popup.getByLabel('Title', { exact: true }), TITLE);
    await popup
      .getByRole('button', { name: /Top level|Geography/ })
      .first()
      .click();
    await searchFolder(popup, 'Readi', 'Reading');
    await popup.getByLabel('Add to page…').check();
    await popup.getByRole('option', { name: /Reading journal/ }).click();
    await screenshot(popup, 'popup-add-to-page');
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText('Saved to “Reading journal”.').waitFor({ timeout: CONDITION_TIMEOUT_MS });

    const markdown = await api.content(page.id);
    expect(markdown.startsWith('# Reading journal\n\nFirst entry.')).toBe(true);
    expect(markdown).toContain(`## [${TITLE}](${articleUrl})`);
    expect(markdown).toContain('Glaciers leave U-shaped valleys');
    await popup.close();
    await article.close();
  });

  it('says when a page has no article and clips the whole page at one click', async () => {
    const loginUrl = h.pages.add(
      '/sign-in',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
<body><header><nav><a href="/">Home</a> <a href="/about">About us</a></nav></header>
<main><form action="/login" method="post"><h2>Sign in to River Weekly</h2>
<label>Email <input name="email"></label><label>Password <input type="password" name="password"></label>
<button>Sign in</button></form></main><footer>River Weekly, published every Friday</footer></body></html>`,
    );
    const { popup, article } = await openPopupOn(h, loginUrl);
    await expectValue(popup.getByLabel('Title', { exact: true }), 'Sign in');
    await popup.getByText('No article found on this page.').waitFor();
    await screenshot(popup, 'popup-no-article');
    await popup.getByRole('button', { name: 'Clip the full page' }).click();
    await expect
      .poll(() => popup.getByLabel('Markdown').inputValue(), { timeout: CONDITION_TIMEOUT_MS })
      .toContain('River Weekly, published every Friday');
    expect(await popup.getByLabel('Full page').isChecked()).toBe(true);
    expect(await popup.getByText('No article found on this page.').count()).toBe(0);
    await popup.close();
    await article.close();
  });

  it('appends a quick note to the Inbox page, creating it on first use', async () => {
    const { popup, article } = await openPopupOn(h, articleUrl);
    await popup.getByRole('tab', { name: 'Quick note' }).click();
    const panel = popup.getByRole('tabpanel', { name: 'Quick note' });
    await panel.getByLabel('Quick note').fill('Ask Sam about the field trip.');
    await panel.getByLabel('Quick note').press('Control+Enter');
    await panel.getByText('Saved to “Inbox”.').waitFor({ timeout: CONDITION_TIMEOUT_MS });

    await panel.getByLabel('Quick note').fill('Second thought.');
    await panel.getByLabel('Quick note').press('Control+Enter');
    await panel.getByText('Saved to “Inbox”.').waitFor({ timeout: CONDITION_TIMEOUT_MS });

    const inbox = (await api.pagesIn(null)).filter((p) => p.title === 'Inbox');
    expect(inbox).toHaveLength(1);
    const markdown = await api.content(inbox[0]!.id);
    expect(markdown).toContain('Ask Sam about the field trip.');
    expect(markdown.indexOf('Ask Sam')).toBeLessThan(markdown.indexOf('Second thought.'));
    await popup.close();
    await article.close();
  });

  it('creates a folder inline and clips into it', async () => {
    const { popup, article } = await openPopupOn(h, articleUrl);
    await popup
      .getByRole('button', { name: /Top level|Geography|Reading/ })
      .first()
      .click();
    await popup.getByRole('treeitem', { name: 'Top level' }).click();
    await popup.getByRole('button', { name: /New folder/ }).click();
    await popup.getByLabel('Name of the new folder').fill('Field notes');
    await popup.getByLabel('Name of the new folder').press('Enter');
    await popup.getByText('Folder “Field notes” created.').waitFor();
    const [folder] = await api.resolveFolder('Field notes');
    expect(folder?.parentId ?? null).toBeNull();
    await popup.getByLabel('New page', { exact: true }).check();
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText(`Saved to “${TITLE}”.`).waitFor({ timeout: CONDITION_TIMEOUT_MS });
    expect((await api.pagesIn(folder!.id)).map((p) => p.title)).toEqual([TITLE]);
    await popup.close();
    await article.close();
  });

  it('keeps the clip and says so when the service is down', async () => {
    const { popup, article } = await openPopupOn(h, articleUrl);
    await popup.getByLabel('Title', { exact: true }).fill('Clipped while offline');
    await popup.getByLabel('New page', { exact: true }).check();
    await h.service.stop();
    try {
      await popup.getByRole('button', { name: 'Save', exact: true }).click();
      const queued = popup.getByText(
        /Queued: “Clipped while offline” will be saved as soon as the service answers/,
      );
      await queued.waitFor({ timeout: CONDITION_TIMEOUT_MS });
      expect(await popup.locator('#panel-clip .save-status').textContent()).toMatch(
        /cannot be reached/,
      );
      await screenshot(popup, 'popup-queued');
      const entries = (await h.send('outbox.list', {})).entries;
      expect(
        entries.filter((e) => e.label === 'Clipped while offline' && e.status !== 'saved'),
      ).toHaveLength(1);
    } finally {
      await h.service.restart();
    }
    // Back online: the outbox delivers it (Retry makes it due at once).
    const id = (await h.send('outbox.list', {})).entries.find(
      (e) => e.label === 'Clipped while offline',
    )!.id;
    await h.send('outbox.retry', { id }).catch(() => undefined);
    const saved = await waitSettled(h, id);
    expect(saved.status).toBe('saved');
    await popup.close();
    await article.close();
  });

  it('says clearly that a read-only token cannot save, and where to fix it', async () => {
    await h.connect({ scopes: ['pages:read'] });
    const { popup, article } = await openPopupOn(h, articleUrl);
    await popup
      .getByRole('heading', { name: 'Pageclip can only read' })
      .waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await popup.getByRole('button', { name: 'Open settings' }).waitFor();
    // No Save that is bound to fail.
    expect(await popup.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await screenshot(popup, 'popup-failed');
    await popup.close();
    await article.close();
    await h.connect();
  });

  it('looks right in dark mode', async () => {
    const { popup, article } = await openPopupOn(h, articleUrl, 'dark');
    await expectValue(popup.getByLabel('Title', { exact: true }), TITLE);
    await screenshot(popup, 'popup-dark');
    await popup.close();
    await article.close();
  });
});

async function expectValue(locator: Locator, value: string): Promise<void> {
  const deadline = Date.now() + CONDITION_TIMEOUT_MS;
  while ((await locator.inputValue()) !== value) {
    if (Date.now() > deadline) {
      // Say why: the popup says so when it cannot read the page.
      const reason = await locator.page().locator('.clip-panel .unreadable').allTextContents();
      expect({ value: await locator.inputValue(), reason }).toEqual({ value, reason: [] });
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
