/**
 * The UI in German in a German browser (`_locales` complete in English and German):
 * the popup and the options page come up in German without a line of English.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleHtml, LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { cutPlaceholders, openPopupOn, screenshot } from './ui-support';
import { E2E_TEST_TIMEOUT_MS } from './waits';

vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
const saved = { LANGUAGE: process.env.LANGUAGE, LANG: process.env.LANG };

beforeAll(async () => {
  // Chromium on Linux takes its UI language from the environment; --lang covers other systems.
  process.env.LANGUAGE = 'de';
  process.env.LANG = 'de_DE.UTF-8';
  h = await launchExtension({ args: ['--lang=de'] });
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('auf Deutsch', () => {
  it('shows the popup and the options page in German', async () => {
    const url = h.pages.add(
      '/fluesse',
      articleHtml('Wie Flüsse Täler formen', [
        'Flüsse graben über Jahrtausende Täler und tragen Geröll von den Bergen bis ins Meer. Die Form eines Tals verrät, wie alt der Fluss ist.',
        'Junge Flüsse schneiden enge Kerbtäler mit steilen Hängen. Mit der Zeit mäandrieren sie durch breite Auen und lagern fruchtbaren Schlick ab.',
        'Gletscher hinterlassen dagegen Trogtäler, und ein Fluss, der später denselben Weg nimmt, erbt ein viel breiteres Tal.',
      ]),
    );
    const { popup, article } = await openPopupOn(h, url);
    await popup.getByRole('tab', { name: 'Seite übernehmen' }).waitFor();
    await popup.getByRole('button', { name: 'Speichern', exact: true }).waitFor();
    await popup.getByText('Was übernommen wird').waitFor();
    // The Highlight control joins the tab row once the page's extraction has answered.
    await popup.locator('.highlighter-controls button').first().waitFor();
    expect(await popup.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
    // German labels are long: the tabs and the highlighter's trigger share one row at 400 px,
    // each whole and apart (the row's 8 px gap, not a trigger squeezed against a tab).
    const row = await popup.evaluate(() => {
      const box = (el: Element | null) => el!.getBoundingClientRect();
      const tabs = box(document.querySelector('.tab-row .tabs'));
      const trigger = box(document.querySelector('.highlighter-controls button'));
      return {
        apart: Math.round(trigger.left - tabs.right) >= 8,
        oneRow: Math.abs(trigger.top + trigger.height / 2 - (tabs.top + tabs.height / 2)) < 8,
        inside: trigger.right <= document.documentElement.clientWidth - 8,
        labelWhole: [...document.querySelectorAll('.tab-row button')].every(
          (b) => b.scrollWidth <= b.clientWidth,
        ),
      };
    });
    expect(row).toEqual({ apart: true, oneRow: true, inside: true, labelWhole: true });
    // Each one-line field's hint reads whole.
    expect(await cutPlaceholders(popup)).toEqual([]);
    await screenshot(popup, 'popup-de');
    await popup.getByRole('tab', { name: 'Notiz' }).click();
    await popup.locator('#panel-note').waitFor();
    expect(await cutPlaceholders(popup), 'quick note').toEqual([]);
    await popup.close();
    await article.close();

    const options = await h.context.newPage();
    await options.setViewportSize({ width: 900, height: 900 });
    await options.goto(h.extensionUrl('options.html'));
    await options.getByRole('heading', { name: 'Pageclip-Einstellungen' }).waitFor();
    await options.getByRole('button', { name: 'Trennen' }).waitFor();
    expect(await cutPlaceholders(options), 'options').toEqual([]);
    await options.close();
  });
});
