/**
 * Quick notes, added sections and recent pages, in real Chromium against the real local
 * service: a note from a tab lands in the one top-level Inbox with its time and the tab's title
 * and link (not in the folder used last); without the source when turned off; in the page
 * chosen in the options; "Add to page" stores one section (heading, site and date, note, the
 * article with demoted headings); and a page clipped into in News is offered under News by
 * the highlight picker. Writes the README's quick-note screenshot.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchExtension, LAUNCH_TIMEOUT_MS, type ExtensionHarness } from './harness';
import { openPopupOn, screenshot, searchFolder, serviceApi } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: Awaited<ReturnType<typeof serviceApi>>;
let articleUrl: string;

const TITLE = 'How rivers shape valleys';
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title></head>
<body><main><article><h1>${TITLE}</h1>
<p>Rivers carve valleys over thousands of years, moving sediment from the mountains to the sea. The shape of a valley tells how old the river is and how hard the rock was.</p>
<h2>Young valleys</h2>
<p>Young rivers cut narrow V-shaped valleys with steep sides. As a river ages, it meanders across a wide floodplain and deposits fertile silt on both banks.</p>
<pre><code class="language-sh"># measure the slope, not a heading
slope --river thames</code></pre>
<h3>Old valleys</h3>
<p>Glaciers leave U-shaped valleys instead, and a river that later follows the same path inherits a valley much wider than it could have carved itself.</p>
</article></main></body></html>`;

/** `## 2026-11-24 09:41`: a note's time heading. */
const TIME_HEADING = String.raw`## \d{4}-\d\d-\d\d \d\d:\d\d`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  h = await launchExtension();
  api = await serviceApi(h);
  articleUrl = h.pages.add('/rivers', ARTICLE);
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

async function inboxMarkdown(parentId: string | null, title = 'Inbox'): Promise<string> {
  const pages = (await api.pagesIn(parentId)).filter((p) => p.title === title);
  expect(pages).toHaveLength(1);
  return api.content(pages[0]!.id);
}

/** Writes a quick note in the popup opened on the article, and waits for "Saved". */
async function writeNote(text: string, savedTo: string, shot?: string): Promise<void> {
  const { popup, article } = await openPopupOn(h, articleUrl);
  await popup.getByRole('tab', { name: 'Quick note' }).click();
  const panel = popup.getByRole('tabpanel', { name: 'Quick note' });
  await panel.getByLabel('Quick note').fill(text);
  if (shot) {
    await panel.getByText(/^Goes to “Inbox” at the top level/).waitFor();
    await screenshot(popup, shot);
  }
  await panel.getByLabel('Quick note').press('Control+Enter');
  await panel.getByText(`Saved to “${savedTo}”.`).waitFor({ timeout: CONDITION_TIMEOUT_MS });
  await popup.close();
  await article.close();
}

/** In the popup's clip tab: this folder (by search), "Add to page…", then the page. */
async function addToPage(popup: Page, folder: string, page: string): Promise<void> {
  await popup.locator('#panel-clip button.folder-current').click();
  await searchFolder(popup, folder, folder);
  await popup.getByLabel('Add to page…').check();
  await popup.getByRole('option', { name: new RegExp(page) }).click();
}

describe('quick notes and added sections', () => {
  it('puts a quick note in the top-level Inbox, not the folder used last, with its time and tab', async () => {
    const tech = await api.createFolder('Tech');
    await h.send('folders.get', { refresh: true });
    // The last clip went to Tech: notes used to follow it there.
    const clip = await h.send('clip.submit', {
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
    expect(clip.status).toBe('saved');

    await writeNote('Ask Sam about the field trip.', 'Inbox', 'popup-quick-note');
    expect((await api.pagesIn(tech.id)).map((p) => p.title)).toEqual(['A clip in Tech']);
    const markdown = await inboxMarkdown(null);
    expect(markdown).toMatch(
      new RegExp(
        `${TIME_HEADING}\\n\\nFrom \\[${escape(TITLE)}\\]\\(${escape(articleUrl)}\\)\\n\\nAsk Sam about the field trip\\.`,
      ),
    );
  });

  it('leaves the source line out once turned off in the options', async () => {
    const options = await h.openExtensionPage('options.html');
    const toggle = options.getByLabel('Add the title and link of the tab a note was written on');
    await toggle.uncheck();
    await options.getByText('Settings saved.').waitFor();
    await options.close();

    await writeNote('Without a source.', 'Inbox');
    const markdown = await inboxMarkdown(null);
    expect(markdown).toMatch(new RegExp(`${TIME_HEADING}\\n\\nWithout a source\\.`));
    expect(markdown.split(`From [${TITLE}]`).length - 1).toBe(1); // the first note's only
  });

  it('uses the page chosen as the Inbox in the options', async () => {
    const journal = await api.createFolder('Journal');
    const daily = await api.createPage('Daily', '# Daily\n', journal.id);
    await h.send('folders.get', { refresh: true });
    const options = await h.openExtensionPage('options.html');
    const card = options.locator('section.inbox-card');
    await card.getByText('Notes go to “Inbox” in Top level.').waitFor();
    await card.locator('button.folder-current').click();
    await searchFolder(card, 'Journal', 'Journal');
    await card.getByRole('option', { name: /Daily/ }).click();
    await card.getByRole('button', { name: 'Use this page as the Inbox' }).click();
    await card.getByText('Notes go to “Daily” in Journal.').waitFor();
    await options.close();

    await writeNote('Into the chosen page.', 'Daily');
    const markdown = await api.content(daily.id);
    expect(markdown).toMatch(
      new RegExp(`^# Daily\\n[\\s\\S]*${TIME_HEADING}\\n\\nInto the chosen page\\.`),
    );
    expect(await inboxMarkdown(null)).not.toContain('Into the chosen page.');
  });

  it('adds a clip to a page as one section: heading, site and date, note, demoted article', async () => {
    const reading = await api.createFolder('Reading');
    const journal = await api.createPage(
      'Reading journal',
      '# Reading journal\n\nFirst entry.',
      reading.id,
    );
    await h.send('folders.get', { refresh: true });
    const { popup, article } = await openPopupOn(h, articleUrl);
    await popup
      .getByLabel('Your note (before the article)')
      .fill('Worth rereading before the trip.');
    await addToPage(popup, 'Reading', 'Reading journal');
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText('Saved to “Reading journal”.').waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await popup.close();
    await article.close();

    const markdown = await api.content(journal.id);
    const site = new URL(articleUrl).hostname;
    const at = (pattern: string | RegExp) => {
      const index =
        typeof pattern === 'string' ? markdown.indexOf(pattern) : markdown.search(pattern);
      expect(index, `${String(pattern)} in:\n${markdown}`).toBeGreaterThan(-1);
      return index;
    };
    const order = [
      at('First entry.'),
      at(`\n## [${TITLE}](${articleUrl})\n\n`),
      at(new RegExp(`\\n\\*${escape(site)} · \\d{4}-\\d\\d-\\d\\d\\*\\n`)),
      at('Worth rereading before the trip.'),
      at('\n#### Young valleys\n'),
      at('\n##### Old valleys\n'),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(markdown).not.toMatch(/\n##? Young valleys/);
    expect(markdown).toContain(
      '```sh\n# measure the slope, not a heading\nslope --river thames\n```',
    );
  });

  it('offers a page clipped into in News under News in the highlight picker', async () => {
    const news = await api.createFolder('News');
    await api.createPage('World digest', '# World digest\n', news.id);
    await h.send('folders.get', { refresh: true });
    const { popup, article } = await openPopupOn(h, articleUrl);
    await addToPage(popup, 'News', 'World digest');
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText('Saved to “World digest”.').waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await popup.close();

    const tabId = await h.background(
      async (pc, u: string) => (await pc.browser.tabs.query({ url: u }))[0]?.id ?? -1,
      articleUrl,
    );
    const outcome = await h.background(
      async (pc, a: { url: string; tabId: number }) =>
        pc.menuClick(
          {
            menuItemId: 'append-choose',
            frameId: 0,
            pageUrl: a.url,
            selectionText: 'Rivers carve valleys',
          },
          { id: a.tabId, title: 'How rivers shape valleys', url: a.url },
        ),
      { url: articleUrl, tabId },
    );
    expect(outcome).toBe('stashed');
    await article.close();

    const picker = await openPopupOn(h, articleUrl);
    const panel = picker.popup.locator('form.highlight-panel');
    await panel.waitFor();
    await expect
      .poll(() => panel.locator('button.folder-current .folder-path').textContent())
      .toBe('News');
    await panel.getByRole('option', { name: /World digest.*recent/ }).waitFor();
    await picker.popup.close();
    await picker.article.close();
  });
});
