/**
 * The options page in real Chromium against the real local service: connect with a pasted
 * token and by signing in through the service's sign-in page (the account named and
 * confirmed before a token is minted; a session of someone else's account refused), a
 * rejected token explained plainly, and disconnecting. Writes the options-page screenshots
 * used in the README.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { screenshot } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

// Each test waits for conditions up to a generous limit (./waits.ts); its timeout leaves room.
vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;

beforeAll(async () => {
  h = await launchExtension();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

async function openOptions() {
  const page = await h.openExtensionPage('options.html');
  await page.setViewportSize({ width: 900, height: 900 });
  return page;
}

describe('the options page', () => {
  it('welcomes a new user, explains a rejected token, then connects with a pasted token', async () => {
    await h.send('connection.disconnect', {});
    const page = await openOptions();
    await page.getByRole('heading', { name: 'Welcome to Pageclip' }).waitFor();
    await page.getByLabel('Service address').fill(h.service.baseUrl);
    await screenshot(page, 'options-welcome');

    await page.getByLabel('API token').fill('pc_revoked_or_made_up_token_0000000000');
    await page.getByRole('button', { name: 'Connect with token' }).click();
    await page
      .getByRole('alert')
      .getByText(/token was revoked, has expired or is unknown/)
      .waitFor();
    await screenshot(page, 'options-error');

    const token = await h.service.token({ scopes: ['pages:read', 'pages:write'] });
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Connect with token' }).click();
    await page
      .getByText(`Connected as ${h.service.demo.email}`)
      .or(page.getByText(/^Connected as /))
      .first()
      .waitFor();
    expect(await page.locator('.connection-status').textContent()).toContain(h.service.demo.email);
    expect(await page.locator('.connection-status').textContent()).toContain(h.service.baseUrl);
    // The token is never shown back, nor kept in the page.
    await page.reload();
    await page.locator('.connection-status.ok').waitFor();
    expect(await page.getByLabel('API token').inputValue()).toBe('');
    expect(await page.content()).not.toContain(token);
    await screenshot(page, 'options-connected');
    await page.close();
  });

  it('signs in through the service sign-in page, names the account, and mints its own token once confirmed', async () => {
    await h.send('connection.disconnect', {});
    const page = await openOptions();
    await page.getByLabel('Service address').fill(h.service.baseUrl);
    const signInTab = h.context.waitForEvent('page', {
      predicate: (p) => p.url().includes('/auth/sign-in'),
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText('Finish signing in in the tab that opened, then come back here.')
      .waitFor();
    const signIn = await signInTab;
    // The tab the extension opens may finish loading before Playwright attaches to it, and
    // its 'load' then never comes (60 s timeouts, 'networkidle' seen): wait for the form.
    await signIn.locator('#email').waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await signIn.fill('#email', h.service.demo.email);
    await signIn.fill('#password', h.service.demo.password);
    await signIn.click('button[type=submit], input[type=submit]');
    // The background pushes `connection-changed`; the page asks without a reload.
    const question = page.getByRole('group', { name: 'Connect this account?' });
    await question.waitFor({ timeout: CONDITION_TIMEOUT_MS });
    expect(await question.textContent()).toMatch(/signed in as .*\(demo@pageclip\.local\)/);
    await page.getByText('Finish signing in').waitFor({ state: 'detached' });
    expect((await h.send('connection.get', {})).hasToken).toBe(false);
    await screenshot(page, 'options-sign-in-confirm');
    await page.getByRole('button', { name: 'Connect this account' }).click();
    await page.locator('.connection-status.ok').waitFor({ timeout: CONDITION_TIMEOUT_MS });
    expect(await page.locator('.connection-status').textContent()).toContain(h.service.demo.email);
    expect(await page.getByText('Finish signing in').count()).toBe(0);
    await page.close();
  });

  it('refuses a session someone else signed this browser into: names that account, mints nothing', async () => {
    const email = `planted-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const password = `pw-${crypto.randomUUID()}`;
    await h.service.cli([
      'user',
      'add',
      '--email',
      email,
      '--password',
      password,
      '--name',
      'planted',
    ]);
    // The browser's session with the service now belongs to that account (a login CSRF
    // would get here with a cross-site form post).
    const planted = await h.context.newPage();
    await planted.goto(`${h.service.origin}/auth/sign-in`);
    if ((await planted.locator('#email').count()) === 0) {
      await planted.click('button[type=submit], input[type=submit]'); // sign out first
      await planted.locator('#email').waitFor();
    }
    await planted.fill('#email', email);
    await planted.fill('#password', password);
    await planted.click('button[type=submit], input[type=submit]');
    await planted.getByText(email).first().waitFor();
    await planted.close();

    await h.send('connection.disconnect', {});
    const page = await openOptions();
    await page.getByLabel('Service address').fill(h.service.baseUrl);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const question = page.getByRole('group', { name: 'Connect this account?' });
    await question.waitFor();
    expect(await question.textContent()).toContain(`signed in as planted (${email})`);
    await page.getByRole('button', { name: 'Not my account' }).click();
    await page.getByText(/^Nothing was connected\./).waitFor();
    expect(await question.count()).toBe(0);
    const state = await h.send('connection.get', {});
    expect(state.hasToken).toBe(false);
    expect(state.signInAccount).toBeNull();
    // No token was minted for that account.
    const cookie = await h.service.signIn(email, password);
    const tokens = (await (
      await fetch(`${h.service.baseUrl}/tokens`, { headers: { cookie } })
    ).json()) as { data: { name: string }[] };
    expect(tokens.data.filter((t) => t.name.startsWith('Pageclip'))).toEqual([]);
    await page.close();
  });

  it('disconnects and says so', async () => {
    await h.connect();
    const page = await openOptions();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Disconnected. The token was removed from this browser.').waitFor();
    expect((await h.send('connection.get', {})).hasToken).toBe(false);
    await page.close();
  });
});
