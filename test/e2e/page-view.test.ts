/**
 * "Open page" after a clip, in real Chromium against the real local service: the link leads a
 * browser without a service session through the sign-in form back to the page, and a signed-in
 * browser straight to it; the page view shows the clip rendered, its frontmatter as properties
 * (docs/api.md, "Page view"). Writes the page-view screenshot used in the README.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { openPopupOn, screenshot, serviceApi } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

// Each test waits for conditions up to a generous limit (./waits.ts); its timeout leaves room.
vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: Awaited<ReturnType<typeof serviceApi>>;

const TITLE = 'Tide tables and the moon';
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title></head>
<body><main><article><h1>${TITLE}</h1>
<p>Tides rise and fall twice a day because the moon pulls the oceans toward it, and the earth turns beneath that bulge of water.</p>
<h2>Reading a tide table</h2>
<p>A tide table lists the times and heights of high and low water for one harbour, day by day, for a whole year ahead.</p>
<table><thead><tr><th>Time</th><th>Height</th></tr></thead><tbody><tr><td>06:12</td><td>4.1 m</td></tr><tr><td>18:40</td><td>3.9 m</td></tr></tbody></table>
<blockquote><p>Time and tide wait for no man.</p></blockquote>
<pre><code class="language-python">print(height_at("06:12"))</code></pre>
<p>Spring tides come with the new and the full moon, when sun and moon pull in a line; neap tides come in between, at the quarters.</p>
<p>Harbour masters still publish these tables every year, and sailors still plan their passages around them before setting out.</p>
</article></main></body></html>`;

beforeAll(async () => {
  h = await launchExtension();
  api = await serviceApi(h);
  // Connected with a token: the browser itself holds no session with the service.
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

/** Clip the article through the popup, then follow its "Open page" link into a new tab. */
async function clipAndOpen(path: string): Promise<{ view: Page; pageId: string }> {
  const url = h.pages.add(path, ARTICLE);
  const { popup, article } = await openPopupOn(h, url);
  await popup.getByRole('button', { name: 'Save', exact: true }).click();
  await popup.getByText(`Saved to “${TITLE}”.`).waitFor({ timeout: CONDITION_TIMEOUT_MS });
  const link = popup.getByRole('link', { name: 'Open page' });
  const href = (await link.getAttribute('href')) ?? '';
  const pageId = /\/view\/pages\/([0-9a-f-]{36})$/.exec(href)?.[1] ?? '';
  expect(pageId, href).not.toBe('');
  const [view] = await Promise.all([h.context.waitForEvent('page'), link.click()]);
  await view.waitForLoadState('load', { timeout: CONDITION_TIMEOUT_MS });
  await popup.close();
  await article.close();
  return { view, pageId };
}

/** The page view of `pageId`, rendered: title, properties, headings, table, quote, code. */
async function expectRendered(view: Page, pageId: string): Promise<void> {
  await view.waitForURL(`${h.service.origin}/view/pages/${pageId}`);
  await view.getByRole('heading', { level: 1, name: TITLE }).first().waitFor();
  const properties = view.locator('table.properties');
  await expect(properties.locator('th').allTextContents()).resolves.toEqual(
    expect.arrayContaining(['title', 'source']),
  );
  const source = await properties.locator('tr', { hasText: 'source' }).locator('a').textContent();
  expect(source).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tides-/);
  const article = view.locator('main article');
  await expect(article.locator('h2').first().textContent()).resolves.toBe('Reading a tide table');
  await expect(article.locator('td').allTextContents()).resolves.toEqual([
    '06:12',
    '4.1 m',
    '18:40',
    '3.9 m',
  ]);
  await expect(article.locator('blockquote').textContent()).resolves.toContain('Time and tide');
  await expect(article.locator('pre code').textContent()).resolves.toContain('print(height_at(');
  // No raw markdown or frontmatter shown as text.
  const text = (await article.textContent()) ?? '';
  expect(text).not.toMatch(/^---$|pageclip_id:|\| Time \|/m);
  // The stored page is the one shown.
  expect(await api.content(pageId)).toContain('Reading a tide table');
}

describe('Open page', () => {
  it('leads a signed-out browser through sign-in back to the rendered page', async () => {
    const { view, pageId } = await clipAndOpen('/tides-signed-out');
    await view.waitForURL(/\/auth\/sign-in\?return_to=/);
    expect(new URL(view.url()).searchParams.get('return_to')).toBe(`/view/pages/${pageId}`);
    await view.getByLabel('Email').fill(h.service.demo.email);
    await view.getByLabel('Password').fill(h.service.demo.password);
    await view.getByRole('button', { name: 'Sign in' }).click();
    await expectRendered(view, pageId);
    await view.close();
  });

  it('leads a signed-in browser straight to the rendered page, and sign-in offers Continue', async () => {
    // The browser holds the session from the previous test's sign-in.
    const { view, pageId } = await clipAndOpen('/tides-signed-in');
    await expectRendered(view, pageId);
    // Straight there: the view answered the link itself, with no redirect to sign-in.
    const redirects = await view.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
          .redirectCount,
    );
    expect(redirects).toBe(0);
    expect(await view.evaluate(() => history.length)).toBe(1);

    await view.setViewportSize({ width: 900, height: 900 });
    await screenshot(view, 'page-view');

    await view.goto(
      `${h.service.origin}/auth/sign-in?return_to=${encodeURIComponent(`/view/pages/${pageId}`)}`,
    );
    await view.getByRole('link', { name: 'Continue' }).click();
    await expectRendered(view, pageId);
    await view.close();
  });
});
