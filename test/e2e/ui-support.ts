/**
 * Helpers for the UI-driven end-to-end tests: open the popup on a given tab (as a tab of its
 * own: `popup.html?tab=ID`, since automation cannot click the toolbar button), talk to the
 * service directly to check what was saved, and write screenshots for the README.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { REPO_ROOT, type ExtensionHarness } from './harness';
import { CONDITION_TIMEOUT_MS } from './waits';

/**
 * The README's screenshots are refreshed on purpose (`UPDATE_SCREENSHOTS=1`); an ordinary run
 * writes them under the git-ignored test-results/ so `npm test` leaves the tree clean.
 */
export const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs', 'screenshots')
    : join(REPO_ROOT, 'test-results', 'screenshots');
export const POPUP_VIEWPORT = { width: 400, height: 600 };

export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // No caret blink or spinner frame differences between runs.
  await page.addStyleTag({
    content: '*{caret-color:transparent!important;animation-play-state:paused!important}',
  });
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}.png`),
    fullPage: opts.fullPage ?? true,
  });
}

/**
 * Types `query` into a folder picker's search and chooses with Enter once `name` is among the
 * results, as a user reads the list before pressing Enter: the folder tree may still be on its
 * way from the service, and Enter on an empty result list does nothing.
 */
export async function searchFolder(scope: Page | Locator, query: string, name: string) {
  const search = scope.getByLabel('Search folders');
  await search.fill(query);
  await scope
    .locator('[role="option"] .option-title', { hasText: name })
    .first()
    .waitFor({ timeout: CONDITION_TIMEOUT_MS });
  await search.press('Enter');
}

/**
 * The id of the (only) tab showing `url`, asked from an extension page. Asked again until the
 * tab list has it: Playwright settles `goto` on the page's own events, and the browser's tab
 * list can report the committed address a moment later, notably for a network error page.
 */
export async function tabIdOf(h: ExtensionHarness, url: string): Promise<number> {
  const helper = await h.openExtensionPage('options.html');
  try {
    const deadline = Date.now() + CONDITION_TIMEOUT_MS;
    for (;;) {
      const seen = await helper.evaluate(async (u) => {
        const chrome = (
          globalThis as unknown as {
            chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } };
          }
        ).chrome;
        const tabs = await chrome.tabs.query({});
        return { id: tabs.find((t) => t.url === u)?.id ?? null, urls: tabs.map((t) => t.url) };
      }, url);
      if (seen.id !== null) return seen.id;
      if (Date.now() > deadline) {
        throw new Error(`no tab shows ${url}; the tabs show ${JSON.stringify(seen.urls)}`);
      }
      await helper.waitForTimeout(100);
    }
  } finally {
    await helper.close();
  }
}

/**
 * The hints of the visible one-line fields that the field cuts off: each measured as the
 * field's value, then put back.
 */
export function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => input.offsetParent !== null && input.value === '')
      .filter((input) => {
        input.value = input.placeholder;
        const cut = input.scrollWidth > input.clientWidth;
        input.value = '';
        return cut;
      })
      .map((input) => input.placeholder),
  );
}

/** Open an article in a tab, then the popup for that tab, and wait until it is interactive. */
export async function openPopupOn(
  h: ExtensionHarness,
  url: string,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const article = await h.context.newPage();
  await article.goto(url);
  const tabId = await tabIdOf(h, url);
  const popup = await h.context.newPage();
  await popup.setViewportSize(POPUP_VIEWPORT);
  await popup.emulateMedia({ colorScheme });
  await popup.goto(h.extensionUrl(`popup.html?tab=${tabId}`));
  await popup.waitForSelector('html[data-ready="true"]');
  return { article, popup, tabId };
}

/** A small authenticated client for checking the service's state from the test. */
export async function serviceApi(h: ExtensionHarness) {
  const token = await h.service.token({ scopes: ['pages:read', 'pages:write'] });
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${h.service.baseUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(init.headers ?? {}),
      },
    });
    if (!res.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    const type = res.headers.get('content-type') ?? '';
    return (type.includes('json') ? await res.json() : await res.text()) as T;
  };
  return {
    createFolder: (name: string, parentId: string | null = null) =>
      call<{ id: string; name: string }>('/folders', {
        method: 'POST',
        body: JSON.stringify({ name, parentId }),
      }),
    createPage: (title: string, markdown: string, parentId: string | null) =>
      call<{ id: string }>('/pages', {
        method: 'POST',
        body: JSON.stringify({ title, markdown, parentId }),
      }),
    pagesIn: async (parentId: string | null) => {
      const query = parentId === null ? '' : `?parentId=${parentId}`;
      const list = await call<{ data: { id: string; title: string; parentId?: string | null }[] }>(
        `/pages${query}`,
      );
      return list.data.filter((p) => (p.parentId ?? null) === parentId);
    },
    resolveFolder: async (name: string) =>
      (
        await call<{ data: { id: string; name: string; parentId: string | null }[] }>(
          `/folders/resolve?name=${encodeURIComponent(name)}`,
        )
      ).data,
    content: (pageId: string) => call<string>(`/pages/${pageId}/content`),
  };
}
