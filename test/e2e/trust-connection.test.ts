/**
 * Connection trust through the built extension in Chromium against the real local service:
 * a read-only token shown as such in the options page and the popup (and nothing written), a
 * bare service origin accepted while a wrong address is named precisely, a token revoked while
 * connected shown as one state with its fix, and a missing-scope failure offering Open
 * settings instead of Retry. Writes the README's `options-read-only` screenshot.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../lib/api';
import { articleHtml, launchExtension, LAUNCH_TIMEOUT_MS, type ExtensionHarness } from './harness';
import { selfSignedCertificate } from '../helpers/self-signed';
import { openPopupOn, screenshot } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
/** Minted once: the service's command line is slow on a busy machine. */
let readOnlyToken: string;
let readerToken: string;
/** Each test drives several pages and waits on the worker; a busy machine stretches that. */
const TEST_MS = 120_000;
const servers: Server[] = [];

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  h = await launchExtension();
  [readOnlyToken, readerToken] = await Promise.all([
    h.service.token({ scopes: ['pages:read'] }),
    h.service.token({ scopes: ['pages:read'] }),
  ]);
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function openOptions(): Promise<Page> {
  const page = await h.openExtensionPage('options.html');
  await page.setViewportSize({ width: 900, height: 900 });
  await page.locator('.connection-status').waitFor();
  return page;
}

/** Connect from the options page as a user would: address and token, then the button. */
async function connectInOptions(page: Page, address: string, token: string): Promise<void> {
  const details = page.locator('details.change-connection');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await details.locator('summary').click();
  await page.getByLabel('Service address').fill(address);
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Connect with token' }).click();
}

/** Everything the demo account holds, read with a token of its own. */
async function storedContent(): Promise<string> {
  const get = async (path: string) =>
    (
      await fetch(`${h.service.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${readerToken}` },
      })
    ).text();
  return JSON.stringify([await get('/pages?limit=200'), await get('/folders')]);
}

/** The URL of the tab the user is looking at. */
async function activeTabUrl(): Promise<string> {
  return h.background(async (hooks) => {
    const [tab] = await hooks.browser.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.url ?? '';
  });
}

describe('connection trust', () => {
  it(
    'accepts a bare service origin, and names nothing listening, not a service and a certificate problem',
    async () => {
      await h.send('connection.disconnect', {});
      const page = await openOptions();
      await connectInOptions(page, h.service.origin, await h.service.token());
      await page.locator('.connection-status[data-state="ok"]').waitFor();
      // The address shown is the API address the service answered at.
      expect(await page.getByLabel('Service address').inputValue()).toBe(h.service.baseUrl);
      expect(await page.locator('.connection-status').textContent()).toContain(h.service.baseUrl);

      const message = page.locator('.message-slot');
      const attempt = async (address: string, expected: RegExp) => {
        await connectInOptions(page, address, 'pc_any_token_at_all');
        await expect
          .poll(() => message.textContent(), { timeout: CONDITION_TIMEOUT_MS })
          .toMatch(expected);
        expect(await message.textContent()).not.toMatch(/no longer exists/);
        // The working connection is kept.
        await page.locator('.connection-status[data-state="ok"]').waitFor();
      };
      const closed = createHttpServer();
      const closedPort = await listen(closed);
      await new Promise((resolve) => closed.close(resolve));
      await attempt(
        `http://127.0.0.1:${closedPort}`,
        /nothing is listening at .*connection refused/,
      );
      await attempt(h.pages.origin, /answers, but it is not a Page and Folder Service/);

      const certificate = await selfSignedCertificate();
      const tlsPort = await listen(createHttpsServer(certificate, (_req, res) => res.end('{}')));
      await attempt(`https://127.0.0.1:${tlsPort}`, /does not trust the service’s certificate/);
      expect(
        await h.background(async (hooks) => await hooks.browser.storage.local.get('serviceUrl')),
      ).toEqual({ serviceUrl: h.service.baseUrl });
      await page.close();
    },
    TEST_MS,
  );

  it(
    'shows a read-only token as such in the options page and the popup, and writes nothing',
    async () => {
      await h.send('connection.disconnect', {});
      const before = await storedContent();
      const page = await openOptions();
      await connectInOptions(page, h.service.baseUrl, readOnlyToken);

      const status = page.locator('.connection-status[data-state="read-only"]');
      await status.waitFor({ timeout: CONDITION_TIMEOUT_MS });
      await status.getByText('This token can read but not write: it lacks pages:write.').waitFor();
      await status.getByRole('button', { name: 'Sign in again' }).waitFor();
      await status.getByRole('button', { name: 'Paste a token' }).waitFor();
      expect(await page.getByText(/^Connected as/).count()).toBe(0);
      // Said once: no second error below.
      expect(await page.getByRole('alert').count()).toBe(1);

      // Stored, so it holds after a reload (which checks again).
      await page.reload();
      await page.locator('.connection-status[data-state="read-only"]').waitFor();
      expect(
        await h.background(
          async (hooks) => (await hooks.browser.storage.local.get('writeAccess')).writeAccess,
        ),
      ).toMatchObject({ access: 'read-only' });
      await screenshot(page, 'options-read-only');
      await page.close();

      const url = h.pages.add(
        '/trust-article',
        articleHtml('Trust', ['A paragraph long enough to be an article. '.repeat(8)]),
      );
      const { article, popup } = await openPopupOn(h, url);
      await popup
        .getByRole('heading', { name: 'Pageclip can only read' })
        .waitFor({ timeout: CONDITION_TIMEOUT_MS });
      await popup.getByText('This token can read but not write: it lacks pages:write.').waitFor();
      expect(await popup.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      await popup.getByRole('button', { name: 'Open settings' }).waitFor();
      await popup.close();
      await article.close();

      expect(await storedContent()).toBe(before);
    },
    TEST_MS,
  );

  it(
    'offers Open settings, not Retry, for a write refused for a missing scope, and it opens the options page',
    async () => {
      // Still connected with the read-only token of the previous test.
      const state = await h.send('connection.get', {});
      expect(state.writeAccess).toBe('read-only');
      const clipId = crypto.randomUUID();
      await h.send('clip.submit', {
        write: {
          kind: 'create-page',
          clipId,
          title: 'Refused for its scope',
          markdown: 'never stored',
          parentId: null,
        },
        label: 'Refused for its scope',
      });
      await expect
        .poll(async () => (await h.send('outbox.list', {})).entries.find((e) => e.id === clipId), {
          timeout: CONDITION_TIMEOUT_MS,
        })
        .toMatchObject({
          status: 'failed',
          lastError: { status: 403, code: 'insufficient_scope' },
        });

      const url = h.pages.add('/trust-scope', articleHtml('Scope', ['Some text. '.repeat(20)]));
      const { article, popup } = await openPopupOn(h, url);
      const card = popup.locator(`.outbox-entry[data-status="failed"]`, {
        hasText: 'Refused for its scope',
      });
      await card.waitFor({ timeout: CONDITION_TIMEOUT_MS });
      await card.getByText(/lacks the “pages:write” permission/).waitFor();
      expect(await card.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      await card.getByRole('button', { name: 'Open settings' }).click();
      await expect
        .poll(activeTabUrl, { timeout: CONDITION_TIMEOUT_MS })
        .toBe(h.extensionUrl('options.html'));
      await popup.close();
      await article.close();
      expect(await storedContent()).not.toContain('Refused for its scope');
      await h.send('outbox.discard', { id: clipId });
    },
    TEST_MS,
  );

  it(
    'shows a token revoked while connected as one state with one message and the way to fix it',
    async () => {
      await h.send('connection.disconnect', {});
      const connected = await h.connect();
      expect(connected.user).not.toBeNull();
      // Revoke every token of the account with a browser session, as the service's UI would.
      const session = new ApiClient({
        baseUrl: h.service.baseUrl,
        credential: { kind: 'session', cookie: await h.service.signIn() },
      });
      for (const token of await session.listTokens()) await session.revokeToken(token.id);

      const page = await openOptions();
      const status = page.locator('.connection-status[data-state="refused"]');
      await status.waitFor({ timeout: CONDITION_TIMEOUT_MS });
      await status
        .getByText(/^Not connected: the service no longer accepts the token of /)
        .waitFor();
      await status.getByText('The token was revoked, has expired or is unknown.').waitFor();
      await status.getByRole('button', { name: 'Sign in again' }).waitFor();
      await status.getByRole('button', { name: 'Paste a token' }).waitFor();
      expect(await page.getByText(/Connected as/).count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(1);
      expect(await page.getByText(/revoked, has expired or is unknown/).count()).toBe(1);

      // Checking again says nothing twice either.
      await page.getByRole('button', { name: 'Check again' }).click();
      await page
        .getByRole('button', { name: 'Check again' })
        .and(page.locator(':enabled'))
        .waitFor();
      expect(await page.getByRole('alert').count()).toBe(1);
      expect(await page.getByText(/revoked, has expired or is unknown/).count()).toBe(1);

      await status.getByRole('button', { name: 'Paste a token' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('api-token');
      await page.close();
    },
    TEST_MS,
  );
});
