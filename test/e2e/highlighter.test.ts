/**
 * The on-page highlighter in real Chromium against the real local service: three passages
 * highlighted (the first clips the page first) are stored in the page; after a reload they are
 * drawn again (the e2e build holds the test origin's host access, so the script loads with the
 * page); after the page's text changed slightly they are still placed and a removed passage is
 * listed as not found; removing one from the palette, by keyboard, removes it from the service;
 * a second browser profile on the same service draws them when its popup opens; after the
 * worker stopped (as Chromium stops an idle one) the next highlight is still saved; a page
 * picked for the site in the popup's "Where highlights go" popover (which leaves the clip form
 * where it is) gets the highlights of the site's pages without a clip, none of them clipped,
 * and a tab already highlighting redraws when another page is picked.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../lib/api';
import { readHighlights } from '../../lib/clip-markdown/highlights-section';
import { articleHtml, launchExtension, LAUNCH_TIMEOUT_MS, type ExtensionHarness } from './harness';
import { openPopupOn, screenshot, tabIdOf } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

let h: ExtensionHarness;
let api: ApiClient;
let url: string;
let article: Page;

const TITLE = 'How salt marshes work';
const PARAGRAPHS = [
  'Salt marshes are coastal wetlands that are flooded and drained by salt water brought in by the tides.',
  'They are marshy because the soil may be composed of deep mud and peat, which is waterlogged most of the year.',
  'Herons stalk the creeks at low water, waiting for small fish that the ebb leaves stranded in the pools.',
  'Storms push sea water far inland, and the marsh absorbs much of the surge before it reaches the town.',
];
const PASSAGES = [
  'flooded and drained by salt water brought in by the tides',
  'waiting for small fish that the ebb leaves stranded',
  'the marsh absorbs much of the surge',
];

beforeAll(async () => {
  h = await launchExtension();
  api = new ApiClient({
    baseUrl: h.service.baseUrl,
    credential: { kind: 'token', token: await h.service.token() },
  });
  url = h.pages.add('/marsh', articleHtml(TITLE, PARAGRAPHS));
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

/** Selects the passage in the page (main world) and ends the selection as a mouse would. */
async function select(page: Page, passage: string): Promise<void> {
  const found = await page.evaluate((p) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const at = n.data.indexOf(p);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + p.length);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return true;
    }
    return false;
  }, passage);
  expect(found).toBe(true);
}

/** The ranges drawn by Pageclip in the page's highlight registry, as text. */
const drawn = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
    for (const [name, highlight] of registry)
      if (name.startsWith('pageclip-')) for (const r of highlight) texts.push(r.toString());
    return texts.sort();
  });

/** What the page's accessibility tree shows (it reaches into the palette's closed shadow root). */
async function shownText(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { name?: { value?: unknown } }[];
    };
    return nodes.map((n) => String(n.name?.value ?? '')).join('\n');
  } finally {
    await cdp.detach();
  }
}

async function clipOf(): Promise<{ id: string; markdown: string }> {
  const [page] = await api.resolvePages({ title: TITLE });
  if (!page) throw new Error('the page was not clipped');
  return { id: page.id, markdown: (await api.getContent(page.id)).markdown };
}
const storedQuotes = async () =>
  readHighlights((await clipOf()).markdown).highlights.map((x) => x.selectors.quote.exact);

async function command(tabId: number): Promise<void> {
  const outcome = await h.background(
    (pc, id: number) =>
      (pc as { command(name: string, tab: number): Promise<{ kind: string }> }).command(
        'highlighter',
        id,
      ),
    tabId,
  );
  expect(outcome).toEqual({ kind: 'started' });
}

describe('the highlighter', () => {
  it(
    'three passages highlighted are stored in the page (the first clips it)',
    async () => {
      article = await h.context.newPage();
      await article.goto(url);
      const tabId = await tabIdOf(h, url);
      await command(tabId);
      await article.locator('pageclip-highlighter').waitFor({ state: 'attached' });
      for (const passage of PASSAGES) await select(article, passage);
      await expect.poll(() => drawn(article)).toEqual([...PASSAGES].sort());
      await expect
        .poll(() => storedQuotes().catch(() => []), { timeout: CONDITION_TIMEOUT_MS })
        .toEqual(PASSAGES);
      const { markdown } = await clipOf();
      expect(markdown.match(/^## Highlights$/gm)).toHaveLength(1);
      expect(markdown).toContain(PARAGRAPHS[3]);
      expect(markdown).toContain('#:~:text=');
      await expect.poll(() => shownText(article)).toContain(`Saved in “${TITLE}”`);
      await screenshot(article, 'highlighter-palette', { fullPage: false });
    },
    E2E_TEST_TIMEOUT_MS,
  );

  it(
    'after a reload they are drawn again; after the text changed, a removed passage is listed',
    async () => {
      await article.reload();
      await expect
        .poll(() => drawn(article), { timeout: CONDITION_TIMEOUT_MS })
        .toEqual([...PASSAGES].sort());

      h.pages.add(
        '/marsh',
        articleHtml(TITLE, [
          `Updated in May. ${PARAGRAPHS[0]!.replace('salt water', 'salty water')}`,
          PARAGRAPHS[1]!,
          PARAGRAPHS[3]!,
        ]),
      );
      await article.reload();
      await expect
        .poll(() => drawn(article), { timeout: CONDITION_TIMEOUT_MS })
        .toEqual(
          ['flooded and drained by salty water brought in by the tides', PASSAGES[2]!].sort(),
        );
      await command(await tabIdOf(h, url));
      await expect.poll(() => shownText(article)).toContain('Not found on this page');
      expect(await shownText(article)).toContain(PASSAGES[1]);
      // Never dropped: the orphan is still in the page.
      expect(await storedQuotes()).toEqual(PASSAGES);
    },
    E2E_TEST_TIMEOUT_MS,
  );

  it(
    'removing a highlight from the palette removes it from the service',
    async () => {
      const rect = await article.evaluate((passage) => {
        const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
        for (const [, highlight] of registry)
          for (const r of highlight)
            if (r.toString() === passage) {
              const b = r.getBoundingClientRect();
              return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
            }
        return null;
      }, PASSAGES[2]!);
      expect(rect).not.toBeNull();
      await article.mouse.click(rect!.x, rect!.y);
      // The palette opens on the highlight with its colour focused: Tab to the note, Save
      // note, Remove.
      await expect.poll(() => shownText(article)).toContain('Remove');
      for (let i = 0; i < 3; i++) await article.keyboard.press('Tab');
      await article.keyboard.press('Enter');
      await expect
        .poll(storedQuotes, { timeout: CONDITION_TIMEOUT_MS })
        .toEqual([PASSAGES[0], PASSAGES[1]]);
      expect(await drawn(article)).toEqual([
        'flooded and drained by salty water brought in by the tides',
      ]);
    },
    E2E_TEST_TIMEOUT_MS,
  );

  it(
    'a second browser profile draws them when its popup opens',
    async () => {
      h.pages.add('/marsh', articleHtml(TITLE, PARAGRAPHS));
      const second = await launchExtension({ service: h.service });
      try {
        await second.connect();
        // Only the popup's activeTab path: the on-load script is taken out here.
        type Scripting = {
          getRegisteredContentScripts(): Promise<{ id: string }[]>;
          unregisterContentScripts(f: { ids: string[] }): Promise<void>;
        };
        // (The functions run inside the worker: no closures over the test's variables.)
        await expect
          .poll(() =>
            second.background(async (pc) => {
              const s = (pc as { browser: { scripting: Scripting } }).browser.scripting;
              return (await s.getRegisteredContentScripts()).length;
            }),
          )
          .toBe(1);
        await second.background(async (pc) => {
          const s = (pc as { browser: { scripting: Scripting } }).browser.scripting;
          await s.unregisterContentScripts({ ids: ['pageclip-highlighter'] });
        });
        const { article: other, popup } = await openPopupOn(second, url);
        await expect
          .poll(() => drawn(other), { timeout: CONDITION_TIMEOUT_MS })
          .toEqual([PASSAGES[0]!, PASSAGES[1]!].sort());
        await popup.close();
      } finally {
        await second.close();
      }
    },
    E2E_TEST_TIMEOUT_MS,
  );

  it(
    'after the worker stopped, the next highlight connects again and is saved',
    async () => {
      await h.stopServiceWorker();
      await select(article, 'composed of deep mud and peat');
      await expect
        .poll(storedQuotes, { timeout: CONDITION_TIMEOUT_MS })
        .toEqual([PASSAGES[0], PASSAGES[1], 'composed of deep mud and peat']);
    },
    E2E_TEST_TIMEOUT_MS,
  );

  it(
    'a page picked for the site in the popover gets the highlights of its pages without a clip',
    async () => {
      const notes = await api.createPage({
        title: 'Coast reading notes',
        markdown: '# Coast reading notes\n\nWhat I read about the coast.\n',
      });
      const dunes = { title: 'How dunes move', text: 'Wind lifts dry sand grains over the crest.' };
      const spits = { title: 'How spits grow', text: 'Drift carries shingle past the headland.' };
      const dunesUrl = h.pages.add('/dunes', articleHtml(dunes.title, [dunes.text]));
      const spitsUrl = h.pages.add('/spits', articleHtml(spits.title, [spits.text]));

      const { article: first, popup, tabId } = await openPopupOn(h, dunesUrl);
      const trigger = popup.locator('.highlighter-destination-trigger');
      await popup.getByRole('button', { name: 'Where highlights go' }).waitFor();
      const titleBox = await popup.locator('#clip-title').boundingBox();
      await trigger.focus();
      await popup.keyboard.press('Enter');
      const dialog = popup.getByRole('dialog', { name: 'Where highlights go' });
      await dialog.getByLabel('Add to a page…').check();
      // Over the form, not in its flow: the form has not moved.
      expect(await popup.locator('#clip-title').boundingBox()).toEqual(titleBox);
      expect(await popup.evaluate(() => document.querySelector('.popup')!.scrollTop)).toBe(0);
      // The whole title: the service resolves it, as the page is newer than the cached list.
      await dialog.getByLabel('Find a page').fill('Coast reading notes');
      await dialog.getByRole('option', { name: 'Coast reading notes' }).click();
      await dialog.getByText(/Remembered for/).waitFor();
      await screenshot(popup, 'popup-highlight-destination', { fullPage: false });
      await popup.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
      await popup.getByRole('button', { name: 'Highlights go to “Coast reading notes”' }).waitFor();
      await popup.close();

      const quotesIn = async () =>
        readHighlights((await api.getContent(notes.id)).markdown).highlights.map(
          (x) => x.selectors.quote.exact,
        );
      await command(tabId);
      await first.locator('pageclip-highlighter').waitFor({ state: 'attached' });
      await select(first, 'lifts dry sand grains');
      await expect
        .poll(quotesIn, { timeout: CONDITION_TIMEOUT_MS })
        .toEqual(['lifts dry sand grains']);

      // Another page of the same site: no question asked, its highlight goes to the same page.
      const second = await h.context.newPage();
      await second.goto(spitsUrl);
      await command(await tabIdOf(h, spitsUrl));
      await second.locator('pageclip-highlighter').waitFor({ state: 'attached' });
      await select(second, 'carries shingle');
      await expect
        .poll(quotesIn, { timeout: CONDITION_TIMEOUT_MS })
        .toEqual(['lifts dry sand grains', 'carries shingle']);
      // The dunes' highlight belongs to the dunes page: not listed here as not found.
      await expect.poll(() => shownText(second)).toContain('Saved in “Coast reading notes”');
      expect(await shownText(second)).not.toContain('Not found on this page');
      expect((await api.getContent(notes.id)).markdown).toContain('What I read about the coast.');
      for (const { title } of [dunes, spits]) expect(await api.resolvePages({ title })).toEqual([]);

      // Another page picked for the site while the tab highlights: the tab draws that page's
      // highlights (none yet) at once, and the first page's again when it is picked back.
      await expect.poll(() => drawn(second)).toEqual(['carries shingle']);
      const volume = await api.createPage({
        title: 'Coast notes, volume two',
        markdown: '# Two\n',
      });
      const choose = (page: { id: string; title: string }) =>
        h.send('highlighter.chooseDestination', {
          url: spitsUrl,
          page: { pageId: page.id, title: page.title },
        });
      await choose(volume);
      await expect.poll(() => drawn(second), { timeout: CONDITION_TIMEOUT_MS }).toEqual([]);
      await choose(notes);
      await expect
        .poll(() => drawn(second), { timeout: CONDITION_TIMEOUT_MS })
        .toEqual(['carries shingle']);
    },
    E2E_TEST_TIMEOUT_MS,
  );
});
