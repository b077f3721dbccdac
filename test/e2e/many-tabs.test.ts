/**
 * Many tabs at once, in real Chromium against the real local service: five selected tabs
 * clipped from the popup give five pages in the chosen folder (once each, also with the popup
 * closed during the work, whose result a reopened popup shows); all tabs of a window as links
 * on one page; a browser page that cannot be read becomes a bookmark and the result says so.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleHtml, LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { POPUP_VIEWPORT, screenshot, serviceApi } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: Awaited<ReturnType<typeof serviceApi>>;

const TOPICS = ['Herons', 'Otters', 'Kingfishers', 'Beavers', 'Dragonflies'];
const articleOf = (topic: string) =>
  articleHtml(`${topic} of the river`, [
    `${topic} live along slow rivers and quiet lakes, where the water is clear enough to hunt in and the banks give them cover through the seasons.`,
    `Watching ${topic.toLowerCase()} at dawn rewards patience: they keep to routines, return to the same places every morning and ignore a still observer.`,
    `Survey teams count ${topic.toLowerCase()} every spring to learn how the river's health changes from year to year, and publish the figures each autumn.`,
  ]);

beforeAll(async () => {
  h = await launchExtension();
  api = await serviceApi(h);
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

/** Close every tab but Pageclip's own pages, so a test starts from a known window. */
async function closeWebTabs(): Promise<void> {
  for (const page of h.context.pages()) {
    if (!page.url().startsWith(h.extensionUrl(''))) await page.close();
  }
}

async function openTabs(urls: string[]): Promise<Page[]> {
  const pages: Page[] = [];
  for (const url of urls) {
    const page = await h.context.newPage();
    await page.goto(url);
    pages.push(page);
  }
  return pages;
}

async function openPopup(): Promise<Page> {
  const popup = await h.context.newPage();
  await popup.setViewportSize(POPUP_VIEWPORT);
  await popup.goto(h.extensionUrl('popup.html'));
  await popup.waitForSelector('html[data-ready="true"]');
  return popup;
}

/** Select (highlight) the popup's tab and the tabs showing `urls`, the popup staying active. */
async function selectTabs(urls: string[]): Promise<void> {
  await h.background(
    async (pc, arg) => {
      const tabs = await pc.browser.tabs.query({});
      const popup = tabs.find((t) => t.url?.startsWith(arg.popup));
      const chosen = arg.urls.map((u) => tabs.find((t) => t.url === u));
      if (!popup || chosen.some((t) => !t)) throw new Error('a tab to select is missing');
      await pc.browser.tabs.highlight({
        windowId: popup.windowId,
        tabs: [popup.index, ...chosen.map((t) => t!.index)],
      });
    },
    { popup: h.extensionUrl('popup.html'), urls },
  );
}

async function chooseFolder(popup: Page, name: string): Promise<void> {
  const current = popup.locator('.many-tabs-form .folder-current');
  await current.click(); // "Change"
  await popup.getByRole('treeitem', { name }).click();
  if ((await current.getAttribute('aria-expanded')) === 'true') await current.click(); // "Done"
  await expect.poll(() => current.textContent()).toContain(name);
}

describe('many tabs at once', () => {
  it('clips five selected tabs into a folder as five pages, the work going on with the popup closed', async () => {
    const folder = await api.createFolder('River animals');
    await h.send('folders.get', { refresh: true });
    await closeWebTabs();
    const urls = TOPICS.map((topic) => h.pages.add(`/${topic.toLowerCase()}`, articleOf(topic)));
    await openTabs(urls);
    let popup = await openPopup();
    await selectTabs(urls);
    await popup.reload();
    await popup.waitForSelector('html[data-ready="true"]');

    await popup.getByRole('button', { name: 'Clip 5 selected tabs…' }).click();
    await popup.getByRole('heading', { name: 'Clip 5 tabs' }).waitFor();
    for (const topic of TOPICS) await popup.getByText(`${topic} of the river`).waitFor();
    await popup.getByText(/Pageclip asks to read these sites: 127\.0\.0\.1\./).waitFor();
    await chooseFolder(popup, 'River animals');
    await popup.getByLabel('Note (optional)').fill('For the wetlands survey.');
    await screenshot(popup, 'popup-many-tabs');
    await popup.getByRole('button', { name: 'Clip 5 tabs' }).click();
    // The progress (or, on a fast machine, the result) replaces the form at once.
    await popup
      .getByRole('status')
      .filter({ hasText: /Clipping tabs… \d of 5|Clipped 5 tabs/ })
      .waitFor();
    await popup.close();

    await expect
      .poll(async () => (await api.pagesIn(folder.id)).map((p) => p.title).sort(), {
        timeout: CONDITION_TIMEOUT_MS,
      })
      .toEqual(TOPICS.map((topic) => `${topic} of the river`).sort());
    for (const page of await api.pagesIn(folder.id)) {
      const markdown = await api.content(page.id);
      const topic = page.title.split(' ')[0]!;
      expect(markdown).toMatch(/pageclip_id: [0-9a-f-]{36}/);
      expect(markdown).toContain(`/${topic.toLowerCase()}`);
      expect(markdown).toContain('For the wetlands survey.');
      expect(markdown).toContain(`Survey teams count ${topic.toLowerCase()} every spring`);
    }

    popup = await openPopup();
    const result = popup
      .getByRole('status')
      .filter({ hasText: 'Clipped 5 tabs into “River animals”.' });
    await result.waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await screenshot(popup, 'popup-many-tabs-done');
    await popup.getByRole('button', { name: 'Done', exact: true }).press('Enter');
    await popup.getByRole('button', { name: 'Clip all 5 tabs in this window…' }).waitFor();
    expect(await api.pagesIn(folder.id)).toHaveLength(5);
    await popup.close();
  });

  it('saves all tabs of the window as links on one page, a browser page among them', async () => {
    const folder = await api.createFolder('Reading list');
    await h.send('folders.get', { refresh: true });
    await closeWebTabs();
    const urls = TOPICS.slice(0, 2).map((topic) => h.pages.add(`/list-${topic}`, articleOf(topic)));
    await openTabs([...urls, 'chrome://version/']);
    const popup = await openPopup();

    await popup.getByRole('button', { name: 'Clip all 3 tabs in this window…' }).click();
    await popup.getByRole('heading', { name: 'Clip 3 tabs' }).waitFor();
    await popup.getByRole('radio', { name: 'Links on one page' }).check();
    await popup.getByText('No site access is needed.', { exact: false }).waitFor();
    await chooseFolder(popup, 'Reading list');
    await popup.getByLabel('Note (optional)').fill('To read this weekend.');
    await popup.getByRole('button', { name: 'Clip 3 tabs' }).click();
    await popup
      .getByRole('status')
      .filter({ hasText: 'Saved 3 tabs as links on one page in “Reading list”.' })
      .waitFor({ timeout: CONDITION_TIMEOUT_MS });

    await expect
      .poll(async () => (await api.pagesIn(folder.id)).length, { timeout: CONDITION_TIMEOUT_MS })
      .toBe(1);
    const [page] = await api.pagesIn(folder.id);
    expect(page!.title).toMatch(/^Tabs, \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const markdown = await api.content(page!.id);
    expect(markdown).toContain('To read this weekend.');
    expect(markdown).toContain(`- [Herons of the river](${urls[0]})`);
    expect(markdown).toContain(`- [Otters of the river](${urls[1]})`);
    expect(markdown).toContain('`chrome://version/`');
    await popup.getByRole('button', { name: 'Done', exact: true }).click();
    await popup.close();
  });

  it('saves a tab it cannot read as a bookmark, and names it in the result', async () => {
    const folder = await api.createFolder('Mixed tabs');
    await h.send('folders.get', { refresh: true });
    await closeWebTabs();
    const url = h.pages.add('/mixed-beavers', articleOf('Beavers'));
    await openTabs([url, 'chrome://version/']);
    const popup = await openPopup();

    await popup.getByRole('button', { name: 'Clip all 2 tabs in this window…' }).click();
    await chooseFolder(popup, 'Mixed tabs');
    await popup.getByRole('button', { name: 'Clip 2 tabs' }).click();
    await popup
      .getByRole('status')
      .filter({ hasText: 'Clipped 2 tabs into “Mixed tabs”.' })
      .waitFor({ timeout: CONDITION_TIMEOUT_MS });
    const bookmarks = popup.getByRole('region', { name: /Saved as bookmarks/ });
    await bookmarks.getByText(/not a web page/).waitFor();

    await expect
      .poll(async () => (await api.pagesIn(folder.id)).length, { timeout: CONDITION_TIMEOUT_MS })
      .toBe(2);
    const pages = await api.pagesIn(folder.id);
    const article = pages.find((p) => p.title === 'Beavers of the river');
    const bookmark = pages.find((p) => p !== article);
    expect(await api.content(article!.id)).toContain('Survey teams count beavers');
    const bookmarkMarkdown = await api.content(bookmark!.id);
    expect(bookmarkMarkdown).toContain('`chrome://version/`');
    expect(bookmarkMarkdown).not.toContain('Survey teams');
    await popup.close();
  });
});
