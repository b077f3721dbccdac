/**
 * "You clipped this before", in real Chromium against the real local service: the popup's
 * notice on a page clipped earlier, the toolbar ✓ (the e2e build holds the optional `tabs`
 * permission), updating an unedited clip, updating one edited through the API (nothing
 * overwritten, the choice offered), a highlight appended twice stored once, a page clipped
 * from an address with tracking parameters known by its canonical URL, and a second browser
 * profile finding the clip through the service.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../lib/api';
import { readFrontmatter } from '../../lib/clip-markdown';
import { articleHtml, launchExtension, LAUNCH_TIMEOUT_MS, type ExtensionHarness } from './harness';
import { openPopupOn, screenshot } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

// Each test waits for conditions up to a generous limit (./waits.ts); its timeout leaves room.
vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: ApiClient;
let url: string;
let pageId: string;
let folderId: string;

const TITLE = 'Why tides come twice a day';
const PARAGRAPHS = [
  'The Moon pulls the ocean towards it, and the Earth is pulled away from the water on the far side, so two bulges of water travel around the planet every day.',
  'The Sun adds its own smaller pull: when Sun and Moon line up, spring tides are higher, and at right angles the weaker neap tides follow.',
  'Coastlines, the depth of the sea and the shape of bays change the timing and height of tides a great deal from one harbour to the next.',
  'Tide tables are computed from long records of each harbour, summing dozens of periodic components into one prediction.',
];
const NEW_PARAGRAPH =
  'A newer paragraph: tidal friction slowly lengthens the day and pushes the Moon a few centimetres further away every year.';

beforeAll(async () => {
  h = await launchExtension();
  api = new ApiClient({
    baseUrl: h.service.baseUrl,
    credential: { kind: 'token', token: await h.service.token() },
  });
  url = h.pages.add('/tides', articleHtml(TITLE, PARAGRAPHS));
  folderId = (await api.createFolder({ name: 'Reading', parentId: null })).id;
  await h.connect();
  await h.send('folders.get', { refresh: true });
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const notice = (popup: Page) =>
  popup.getByText(new RegExp(`Clipped on .+ into Reading / ${TITLE}`));

async function badgeOf(tabId: number): Promise<{ text: string; title: string }> {
  return h.background(
    async (pc, id: number) => ({
      text: await pc.browser.action.getBadgeText({ tabId: id }),
      title: await pc.browser.action.getTitle({ tabId: id }),
    }),
    tabId,
  );
}

describe('known clips', () => {
  it('clip, open the popup again: it says where the clip is; the toolbar shows ✓', async () => {
    const first = await openPopupOn(h, url);
    const { popup } = first;
    await popup.getByRole('button', { name: /Top level/ }).click();
    await popup.getByRole('treeitem', { name: 'Reading' }).click();
    await popup
      .getByRole('button', { name: /Reading/ })
      .first()
      .click(); // "Done"
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText(`Saved to “${TITLE}”.`).waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await popup.close();
    const pages = await api.resolvePages({ title: TITLE, parentId: folderId });
    expect(pages).toHaveLength(1);
    pageId = pages[0]!.id;

    await expect
      .poll(async () => (await badgeOf(first.tabId)).text, { timeout: CONDITION_TIMEOUT_MS })
      .toBe('✓');
    expect((await badgeOf(first.tabId)).title).toBe(`Clipped into Reading / ${TITLE}`);
    const other = await openPopupOn(h, h.pages.add('/other', articleHtml('Other', PARAGRAPHS)));
    await other.popup.close();
    // The save's own ✓ flashes on every tab for two seconds (the outbox's badge); the mark of a
    // known clip stays. So the other tab shows no mark once the flash is over.
    expect((await badgeOf(other.tabId)).title).not.toMatch(/^Clipped into/);
    await expect
      .poll(async () => (await badgeOf(other.tabId)).text, { timeout: CONDITION_TIMEOUT_MS })
      .not.toBe('✓');
    await other.article.close();

    const again = await openPopupOn(h, `${url}?utm_source=newsletter#part-2`);
    await notice(again.popup).waitFor();
    for (const name of ['Update', 'Add to it', 'Clip as new'])
      await again.popup.getByRole('button', { name, exact: true }).waitFor();
    const open = await again.popup
      .getByRole('link', { name: 'Open', exact: true })
      .getAttribute('href');
    expect(open).toBe(`${h.service.origin}/view/pages/${pageId}`);
    await screenshot(again.popup, 'popup-known-clip');
    await again.popup.close();
    await again.article.close();
    await first.article.close();
  });

  it('a page clipped from another address is known by its canonical URL, and by that address', async () => {
    const title = 'Kelp forests grow fast';
    const html = articleHtml(title, PARAGRAPHS).replace(
      '</title>',
      '</title><link rel="canonical" href="/kelp">',
    );
    const canonical = h.pages.add('/kelp', html);
    const amp = h.pages.add('/amp/kelp', html);
    const clipped = await openPopupOn(h, `${amp}?utm_source=feed`);
    await clipped.popup.getByRole('button', { name: 'Save', exact: true }).click();
    await clipped.popup
      .getByText(`Saved to “${title}”.`)
      .waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await clipped.popup.close();
    const [made] = await api.resolvePages({ title });
    const fm = readFrontmatter((await api.getContent(made!.id)).markdown);
    expect(fm.kind === 'frontmatter' && fm.data).toMatchObject({ canonical });
    // The toolbar sees the tab's address only; the clip is known under it too.
    await expect
      .poll(async () => (await badgeOf(clipped.tabId)).text, { timeout: CONDITION_TIMEOUT_MS })
      .toBe('✓');

    const again = await openPopupOn(h, `${canonical}?fbclid=abc`);
    await again.popup.getByText(new RegExp(`Clipped on .+ / ${title}`)).waitFor();
    await expect
      .poll(async () => (await badgeOf(again.tabId)).text, { timeout: CONDITION_TIMEOUT_MS })
      .toBe('✓');
    await again.popup.close();
    await again.article.close();
    await clipped.article.close();
  });

  it('updates an unedited clip: the same page, the new content, a new ETag', async () => {
    const before = await api.getContent(pageId);
    h.pages.add('/tides', articleHtml(TITLE, [...PARAGRAPHS, NEW_PARAGRAPH]));
    const { popup, article } = await openPopupOn(h, url);
    await notice(popup).waitFor();
    await popup.getByRole('button', { name: 'Update', exact: true }).click();
    await popup.getByText(`Updated “${TITLE}”.`).waitFor({ timeout: CONDITION_TIMEOUT_MS });
    const after = await api.getContent(pageId);
    expect(after.etag).not.toBe(before.etag);
    expect(after.markdown).toContain(NEW_PARAGRAPH);
    expect(after.markdown).toMatch(/^updated: /m);
    expect(after.markdown.match(/^clipped: .*$/m)?.[0]).toBe(
      before.markdown.match(/^clipped: .*$/m)?.[0],
    );
    expect(await api.resolvePages({ title: TITLE })).toHaveLength(1);
    await popup.close();
    await article.close();
  });

  it('after an edit through the API nothing is overwritten: the choice is offered', async () => {
    const current = await api.getContent(pageId);
    const edited = `${current.markdown}\nMy margin note on tides.\n`;
    await api.replaceContent(pageId, edited, { ifMatch: current.etag });
    h.pages.add('/tides', articleHtml(TITLE, [...PARAGRAPHS.slice(1), NEW_PARAGRAPH]));

    const { popup, article } = await openPopupOn(h, url);
    await notice(popup).waitFor();
    await popup.getByRole('button', { name: 'Update', exact: true }).click();
    await popup.getByText(`“${TITLE}” was changed since it was clipped.`).waitFor();
    await popup.getByText('My margin note on tides.').waitFor();
    await screenshot(popup, 'popup-known-clip-edited');
    expect((await api.getContent(pageId)).markdown).toBe(edited);

    await popup
      .getByRole('button', { name: 'Keep my edits, add the new version as a section' })
      .click();
    await popup.getByText(`Updated “${TITLE}”.`).waitFor({ timeout: CONDITION_TIMEOUT_MS });
    const kept = (await api.getContent(pageId)).markdown;
    expect(kept.startsWith('---\n')).toBe(true);
    expect(kept).toContain('My margin note on tides.');
    expect(kept).toMatch(/## New version \(\d{4}-\d{2}-\d{2}\)/);
    expect(kept.indexOf('My margin note on tides.')).toBeLessThan(kept.indexOf('## New version'));
    await popup.close();
    await article.close();
  });

  it('the same highlight appended twice is stored once', async () => {
    const quote = PARAGRAPHS[1]!;
    const append = async () =>
      h.send('clip.submit', {
        write: {
          kind: 'add-to-page',
          clipId: crypto.randomUUID(),
          pageId,
          operation: 'append',
          content: `> ${quote}\n\n— [${TITLE}](${url})`,
          highlights: [{ quote, content: `> ${quote}\n\n— [${TITLE}](${url})` }],
        },
        label: TITLE,
        waitMs: 15_000,
      });
    const before = (await api.getContent(pageId)).markdown.split(quote).length - 1;
    const first = await append();
    const second = await append();
    expect(first.status).toBe('saved');
    expect(second.status).toBe('saved');
    expect(second.result?.highlights).toEqual({ added: 0, already: 1 });
    const after = (await api.getContent(pageId)).markdown.split(quote).length - 1;
    // Already in the page as clipped: not added again, by either.
    expect(first.result?.highlights).toEqual({ added: 0, already: 1 });
    expect(after).toBe(before);

    const fresh = 'A quote the page does not hold yet, kept once.';
    const one = await h.send('clip.submit', {
      write: {
        kind: 'add-to-page',
        clipId: crypto.randomUUID(),
        pageId,
        operation: 'append',
        content: `> ${fresh}`,
        highlights: [{ quote: fresh, content: `> ${fresh}` }],
      },
      label: TITLE,
      waitMs: 15_000,
    });
    const two = await h.send('clip.submit', {
      write: {
        kind: 'add-to-page',
        clipId: crypto.randomUUID(),
        pageId,
        operation: 'append',
        content: `> ${fresh}`,
        highlights: [{ quote: fresh, content: `> ${fresh}` }],
      },
      label: TITLE,
      waitMs: 15_000,
    });
    expect(one.result?.highlights).toEqual({ added: 1, already: 0 });
    expect(two.result?.highlights).toEqual({ added: 0, already: 1 });
    expect((await api.getContent(pageId)).markdown.split(fresh).length - 1).toBe(1);
  });

  it(
    'a second browser profile finds the clip through the service',
    async () => {
      const second = await launchExtension({ service: h.service });
      try {
        await second.connect();
        await second.send('folders.get', { refresh: true });
        const { popup } = await openPopupOn(second, url);
        await notice(popup).waitFor({ timeout: CONDITION_TIMEOUT_MS });
        const { clip } = await second.send('known.lookup', { url, title: TITLE, localOnly: true });
        expect(clip).toMatchObject({ pageId, folderId, found: true });
      } finally {
        await second.close();
      }
    },
    LAUNCH_TIMEOUT_MS,
  );
});
