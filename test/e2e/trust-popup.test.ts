/**
 * The popup a new user can trust, in real Chromium against the real local service: selected
 * text opens in Selection mode and only the selection is stored; at Chrome's 400 × 600 popup
 * size the title, the destination and Save are in view when the popup opens and while the
 * folder picker is open; a browser page says plainly that it cannot be read and its bookmark
 * is really stored; a long title shows its start; the options page suggests pinning the
 * button once connected, until dismissed.
 */
import { createServer } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleHtml, launchExtension, LAUNCH_TIMEOUT_MS, type ExtensionHarness } from './harness';
import { cutPlaceholders, openPopupOn, POPUP_VIEWPORT, serviceApi, tabIdOf } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: Awaited<ReturnType<typeof serviceApi>>;

const TITLE = 'How rivers shape valleys';
const PARAGRAPHS = [
  'Rivers carve valleys over thousands of years, moving sediment from the mountains to the sea. The shape of a valley tells how old the river is and how hard the rock was.',
  'Young rivers cut narrow V-shaped valleys with steep sides. As a river ages, it meanders across a wide floodplain and deposits fertile silt on both banks.',
  'Glaciers leave U-shaped valleys instead, and a river that later follows the same path inherits a valley much wider than it could have carved itself.',
  'Geologists read these landscapes like a book: terraces record older floodplains, and oxbow lakes mark where a meander was cut off during a flood.',
];
const WAIT = { timeout: CONDITION_TIMEOUT_MS };

beforeAll(async () => {
  h = await launchExtension();
  api = await serviceApi(h);
  await h.connect();
}, LAUNCH_TIMEOUT_MS);

/** A local port nothing listens on (and not one Chromium refuses to use). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  return typeof address === 'object' && address ? address.port : 0;
}
afterAll(async () => {
  await h?.close();
});

/** The element lies wholly inside the 400 × 600 viewport and is the thing seen at its centre. */
async function expectInView(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'element is rendered').not.toBeNull();
  const { x, y, width, height } = box!;
  expect(y).toBeGreaterThanOrEqual(0);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(y + height).toBeLessThanOrEqual(POPUP_VIEWPORT.height);
  expect(x + width).toBeLessThanOrEqual(POPUP_VIEWPORT.width);
  const onTop = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit !== null && (hit === el || el.contains(hit))) return 'on top';
    const at = `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const scroll = document.querySelector('.popup')?.scrollTop;
    return `covered at ${at} (scroll ${scroll}) by ${hit?.outerHTML.slice(0, 200) ?? 'nothing'}`;
  });
  expect(onTop, 'nothing covers it').toBe('on top');
}

/** Title, destination and Save of the clip form, without scrolling. */
async function expectSaveEssentialsInView(popup: Page, save = 'Save'): Promise<void> {
  const scrolled = await popup.evaluate(
    () => (document.querySelector('.popup')?.scrollTop ?? 0) + window.scrollY,
  );
  expect(scrolled).toBe(0);
  await expectInView(popup.locator('#clip-title'));
  await expectInView(popup.locator('#panel-clip .folder-current'));
  await expectInView(popup.getByRole('button', { name: save, exact: true }));
}

describe('a popup people trust', () => {
  it('opens in Selection mode on selected text and stores only the selection', async () => {
    const url = h.pages.add('/selected', articleHtml(TITLE, PARAGRAPHS));
    const article = await h.context.newPage();
    await article.goto(url);
    await article.evaluate(() => {
      const p = document.querySelectorAll('p')[1]!;
      const range = document.createRange();
      range.selectNodeContents(p);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    const tabId = await tabIdOf(h, url);
    const popup = await h.context.newPage();
    await popup.setViewportSize(POPUP_VIEWPORT);
    await popup.goto(h.extensionUrl(`popup.html?tab=${tabId}`));

    await expect.poll(() => popup.getByLabel('Selection').isChecked(), WAIT).toBe(true);
    await expect
      .poll(() => popup.locator('#clip-body').inputValue(), WAIT)
      .toContain('Young rivers cut narrow');
    expect(await popup.locator('#clip-body').inputValue()).not.toContain('Rivers carve valleys');
    await expectInView(popup.getByLabel('Selection'));

    const folder = await api.createFolder('Selections');
    await h.send('folders.get', { refresh: true });
    await popup.locator('#panel-clip .folder-current').click();
    await popup.getByRole('treeitem', { name: 'Selections' }).click();
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText(`Saved to “${TITLE}”.`).waitFor(WAIT);

    const pages = await api.pagesIn(folder.id);
    expect(pages.map((p) => p.title)).toEqual([TITLE]);
    const markdown = await api.content(pages[0]!.id);
    expect(markdown).toContain('Young rivers cut narrow V-shaped valleys');
    for (const other of [PARAGRAPHS[0]!, PARAGRAPHS[2]!, PARAGRAPHS[3]!])
      expect(markdown).not.toContain(other.slice(0, 30));
    await popup.close();
    await article.close();
  });

  it('keeps title, destination and Save in view at 400 × 600, with the folder picker open too', async () => {
    const shelf = await api.createFolder('Shelf');
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'])
      await api.createFolder(name, shelf.id);
    await api.createPage('Reading journal', '# Reading journal\n', shelf.id);
    await h.send('folders.get', { refresh: true });
    const long = Array.from({ length: 12 }, (_, i) => PARAGRAPHS[i % PARAGRAPHS.length]!);
    const url = h.pages.add('/layout', articleHtml(TITLE, long));
    // As in most windows, other tabs are open, so the popup offers to clip them all.
    const other = await h.context.newPage();
    await other.goto(h.pages.add('/layout-other', articleHtml('Another article', PARAGRAPHS)));
    const { popup, article } = await openPopupOn(h, url);
    await expect.poll(() => popup.locator('#clip-title').inputValue(), WAIT).toBe(TITLE);
    await popup.getByRole('button', { name: /^Clip all \d+ tabs in this window/ }).waitFor(WAIT);

    // Clip mode: on open, and with the folder picker open (the markdown gives way).
    await expectSaveEssentialsInView(popup);
    await expectInView(popup.locator('#clip-body'));
    // The markdown has the room the optional fields do not use: more than a glimpse of the clip.
    const preview = await popup.locator('#clip-body').boundingBox();
    expect(preview!.height, 'at least three lines of markdown').toBeGreaterThanOrEqual(70);
    expect(await cutPlaceholders(popup), 'hints cut off').toEqual([]);
    await popup.locator('#panel-clip .folder-current').click();
    await popup.getByRole('treeitem', { name: 'Shelf' }).click();
    await popup.getByRole('treeitem', { name: 'Shelf' }).press('ArrowRight');
    await popup.getByRole('treeitem', { name: 'Alpha' }).waitFor();
    await expectSaveEssentialsInView(popup);
    await expectInView(popup.getByRole('treeitem', { name: 'Shelf' }));

    // Add to page: with the page list showing, then with the folder picker open again.
    // The picker must be gone before the click: Playwright scrolls a target that is still
    // below the fold into view, and that scroll, not the popup, would move the form.
    await popup.locator('#panel-clip .folder-current').click();
    await popup.getByRole('treeitem', { name: 'Shelf' }).waitFor({ state: 'hidden' });
    await expectInView(popup.getByLabel('Add to page…'));
    await popup.getByLabel('Add to page…').check();
    await popup.getByRole('option', { name: /Reading journal/ }).waitFor(WAIT);
    await expectSaveEssentialsInView(popup);
    await popup.locator('#panel-clip .folder-current').click();
    await popup.getByRole('treeitem', { name: 'Shelf' }).waitFor();
    await expectSaveEssentialsInView(popup);

    // The popup never grows past Chrome's limit: it scrolls inside itself.
    const height = await popup.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(POPUP_VIEWPORT.height);
    await popup.close();
    await article.close();
    await other.close();
  });

  it('says plainly that a browser page cannot be read, and stores the bookmark it offers', async () => {
    const article = await h.context.newPage();
    await article.goto('chrome://version/');
    const tabTitle = await article.title();
    const tabId = await tabIdOf(h, 'chrome://version/');
    const popup = await h.context.newPage();
    await popup.setViewportSize(POPUP_VIEWPORT);
    await popup.goto(h.extensionUrl(`popup.html?tab=${tabId}`));

    await popup.getByText("Pageclip can't read this page").waitFor(WAIT);
    await popup.getByText('Browsers keep their own pages closed to extensions.').waitFor();
    // No browser error text, and nothing offered that cannot work here.
    expect(await popup.locator('#panel-clip').innerText()).not.toMatch(
      /Cannot access|cannot be scripted|chrome:\/\/ URL|Error/i,
    );
    expect(await popup.getByLabel('Markdown').count()).toBe(0);
    await expect.poll(() => popup.locator('#clip-title').inputValue(), WAIT).toBe(tabTitle);
    await popup.locator('.bookmark-address', { hasText: 'chrome://version/' }).waitFor();

    const folder = await api.createFolder('Bookmarks');
    await h.send('folders.get', { refresh: true });
    await popup.locator('#panel-clip .folder-current').click();
    await popup.getByRole('treeitem', { name: 'Bookmarks' }).click();
    await expectSaveEssentialsInView(popup, 'Save bookmark');
    await popup.getByRole('button', { name: 'Save bookmark' }).click();
    await popup.getByText(`Saved to “${tabTitle}”.`).waitFor(WAIT);

    const pages = await api.pagesIn(folder.id);
    expect(pages.map((p) => p.title)).toEqual([tabTitle]);
    expect(await api.content(pages[0]!.id)).toContain('`chrome://version/`');
    await popup.close();
    await article.close();
  });

  it('says the same where the page refuses the script, and offers its bookmark', async () => {
    // The browser's error page for a refused connection: the tab has an address, no page to read.
    const refused = `http://127.0.0.1:${await closedPort()}/unreachable`;
    const broken = await h.context.newPage();
    await broken.goto(refused).catch(() => undefined);
    const brokenTab = await tabIdOf(h, refused);
    const popup = await h.context.newPage();
    await popup.setViewportSize(POPUP_VIEWPORT);
    await popup.goto(h.extensionUrl(`popup.html?tab=${brokenTab}`));
    await popup.getByText("Pageclip can't read this page").waitFor(WAIT);
    await popup.getByText(/did not let Pageclip in/).waitFor(WAIT);
    await popup.getByRole('button', { name: 'Save bookmark' }).waitFor(WAIT);
    expect(await popup.locator('#clip-title').inputValue()).not.toBe('');
    expect(await popup.locator('#panel-clip').innerText()).not.toMatch(/Frame with ID|error page/i);
    await popup.close();
    await broken.close();
  });

  it('shows the start of a long title when the popup opens', async () => {
    const longTitle = `The beginning of a very long title ${'that keeps going '.repeat(12)}and ends here`;
    const url = h.pages.add('/long-title', articleHtml(longTitle, PARAGRAPHS));
    const { popup, article } = await openPopupOn(h, url);
    const title = popup.locator('#clip-title');
    await expect.poll(() => title.inputValue(), WAIT).toBe(longTitle);
    const view = await title.evaluate((el: HTMLInputElement) => ({
      focused: document.activeElement === el,
      overflowing: el.scrollWidth > el.clientWidth,
      scrollLeft: el.scrollLeft,
      selectionStart: el.selectionStart,
      selectionEnd: el.selectionEnd,
    }));
    expect(view).toEqual({
      focused: true,
      overflowing: true,
      scrollLeft: 0,
      selectionStart: 0,
      selectionEnd: 0,
    });
    await popup.close();
    await article.close();
  });

  it('suggests pinning the button and trying a clip once connected, and remembers the dismissal', async () => {
    const options = await h.openExtensionPage('options.html');
    const tip = options.getByRole('heading', { name: 'Pageclip is ready' });
    await tip.waitFor(WAIT);
    await options.getByText(/click the pin next to Pageclip/).waitFor();
    await options.getByRole('button', { name: 'Got it' }).click();
    await tip.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await h.send('settings.get', {})).pinTipDismissed, WAIT)
      .toBe(true);

    await options.reload();
    await options.getByRole('heading', { name: 'Clipping' }).waitFor(WAIT);
    expect(await tip.count()).toBe(0);
    await options.close();
  });
});
