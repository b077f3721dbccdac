/**
 * The outbox a user can trust, in real Chromium against the real service: a clip the service
 * down could not take says "Queued" at once and shows once, then is delivered once; a clip a
 * read-only token could not save is never sent again until the user asks after reconnecting.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { openPopupOn, screenshot, serviceApi } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

let h: ExtensionHarness;
let api: Awaited<ReturnType<typeof serviceApi>>;
let articleUrl: string;

const PARAGRAPHS = [
  'Lighthouses guided ships along dangerous coasts for centuries, each with its own pattern of flashes so sailors could tell them apart at night.',
  'Keepers trimmed the wicks, wound the clockwork that turned the lens and logged every passing ship in all weathers.',
  'Automation ended the keepers’ era; today most lights run unattended and are checked a few times a year.',
];

beforeAll(async () => {
  h = await launchExtension();
  api = await serviceApi(h);
  articleUrl = h.pages.add('/lighthouses', articleHtml('Lighthouses', PARAGRAPHS));
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

async function saveNewPage(popup: Page, title: string): Promise<number> {
  await popup.getByLabel('Title', { exact: true }).fill(title);
  await popup.getByLabel('New page', { exact: true }).check();
  const clicked = Date.now();
  await popup.getByRole('button', { name: 'Save', exact: true }).click();
  return clicked;
}

/** How often `text` occurs in what the popup shows (input values are not shown text). */
async function shownCount(popup: Page, text: string): Promise<number> {
  return (await popup.locator('body').innerText()).split(text).length - 1;
}

async function pagesTitled(title: string) {
  return (await api.pagesIn(null)).filter((p) => p.title === title);
}

describe('the outbox a user can trust', () => {
  it(
    'says Queued at the first connection failure, shows the clip once, and delivers it once when the service is back',
    async () => {
      const title = 'Clipped with the service down';
      const { popup, article } = await openPopupOn(h, articleUrl);
      await h.service.stop();
      let queuedAfterMs: number;
      try {
        const clicked = await saveNewPage(popup, title);
        await popup
          .getByText(`Queued: “${title}” will be saved as soon as the service answers.`)
          .waitFor({ timeout: CONDITION_TIMEOUT_MS });
        queuedAfterMs = Date.now() - clicked;
        // The entry is in the outbox, waiting (the popup has heard of it)...
        const entries = (await h.send('outbox.list', {})).entries.filter((e) => e.label === title);
        expect(entries).toHaveLength(1);
        expect(entries[0]!.status).toMatch(/queued|sending/);
        // ...and shown once: in the save feedback, not again as an outbox card.
        expect(await shownCount(popup, title)).toBe(1);
        expect(await popup.locator('.outbox-entry', { hasText: title }).count()).toBe(0);
        await screenshot(popup, 'popup-queued-once');
      } finally {
        await h.service.restart();
      }
      // A figure, not an assertion: how long "Saving…" showed before "Queued".
      console.log(`trust-outbox: "Queued" shown ${queuedAfterMs} ms after Save (service down)`);

      // Back: the outbox's own retry delivers it, and the open popup says so.
      await popup.getByText(`Saved to “${title}”.`).waitFor({ timeout: CONDITION_TIMEOUT_MS });
      const pages = await pagesTitled(title);
      expect(pages).toHaveLength(1);
      expect(await api.content(pages[0]!.id)).toContain('Keepers trimmed the wicks');
      await popup.close();
      await article.close();
    },
    E2E_TEST_TIMEOUT_MS,
  );

  it(
    'never re-sends a clip a read-only token could not save; after reconnecting, Retry all saves it once',
    async () => {
      const title = 'Clipped with a read-only token';
      // The popup offers no Save with a token it knows is read-only; a write refused for the
      // scope still happens (a token whose scope changed since it was checked), so the clip is
      // sent as the popup sends it.
      await h.connect({ scopes: ['pages:read'] });
      const refused = await h.send('clip.submit', {
        write: {
          kind: 'create-page',
          clipId: crypto.randomUUID(),
          title,
          markdown: 'Keepers trimmed the wicks. Automation ended the keepers’ era.',
          parentId: null,
        },
        label: title,
        waitMs: 5_000,
      });
      expect(refused).toMatchObject({ status: 'failed', lastError: { status: 403 } });

      // The user fixes the connection with a good token.
      await h.connect();
      const { popup, article } = await openPopupOn(h, articleUrl);
      const notice = popup.locator('.reconnect-notice');
      await notice
        .getByText('1 clip failed to save with the previous connection.')
        .waitFor({ timeout: CONDITION_TIMEOUT_MS });
      const options = await h.openExtensionPage('options.html');
      await options
        .getByText('1 clip failed to save with the previous connection.')
        .waitFor({ timeout: CONDITION_TIMEOUT_MS });
      await options.close();

      // Nothing is sent before the user clicks: not by a flush, nor by the alarm's handler.
      await h.background(async (pc) => {
        await pc.ctx.outbox.flush();
        await pc.ctx.outbox.wake();
      });
      const waiting = (await h.send('outbox.list', {})).entries.filter((e) => e.label === title);
      expect(waiting).toMatchObject([{ status: 'failed', attempts: 1, previousConnection: true }]);
      expect(await pagesTitled(title)).toEqual([]);

      await notice.getByRole('button', { name: 'Review' }).click();
      const item = notice.locator('li', { hasText: title });
      await item.getByText('New page in Top level').waitFor();
      await item.getByText(/pages:write/).waitFor();
      await item.getByRole('button', { name: 'Retry' }).waitFor();
      await item.getByRole('button', { name: 'Discard' }).waitFor();
      await screenshot(popup, 'popup-reconnect-notice');

      await notice.getByRole('button', { name: 'Retry all' }).click();
      await expect
        .poll(async () => (await pagesTitled(title)).length, { timeout: CONDITION_TIMEOUT_MS })
        .toBe(1);
      await notice.waitFor({ state: 'detached', timeout: CONDITION_TIMEOUT_MS });
      const [page] = await pagesTitled(title);
      expect(await api.content(page!.id)).toContain('Automation ended the keepers’ era');
      // The page exists as soon as the service applied the write; the entry turns "saved" once
      // the answer is handled, a moment later.
      await expect
        .poll(
          async () =>
            (await h.send('outbox.list', {})).entries
              .filter((e) => e.label === title)
              .map(({ status, attempts }) => ({ status, attempts })),
          { timeout: CONDITION_TIMEOUT_MS },
        )
        .toEqual([{ status: 'saved', attempts: 2 }]);
      expect(await pagesTitled(title)).toHaveLength(1);
      await popup.close();
      await article.close();
    },
    E2E_TEST_TIMEOUT_MS,
  );
});
