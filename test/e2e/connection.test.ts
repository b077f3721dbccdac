/**
 * Connecting in real Chromium against the real local service, through the background's real
 * message router (the options page's own UI test lives in `ui-*.test.ts`): a pasted token, a
 * sign-in that names the session's account and mints a token with the browser's session only
 * once that is confirmed, a rejected token, and an unreachable service.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
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

async function until<T>(
  fn: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = CONDITION_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('connecting', () => {
  it('rejects an unknown token with a clear message and keeps nothing', async () => {
    const state = await h.send('connection.connectToken', {
      serviceUrl: h.service.baseUrl,
      token: 'pc_not_a_real_token_000000000000000000',
    });
    expect(state.hasToken).toBe(false);
    expect(state.problem?.code).toBe('unauthenticated');
    expect(state.problem?.message).toMatch(/revoked, expired or unknown/);
  });

  it('connects with a pasted token and shows who is connected', async () => {
    const state = await h.connect();
    expect(state.problem).toBeNull();
    expect(state.permissionGranted).toBe(true);
    expect(state.user?.email).toBe(h.service.demo.email);
    const checked = await h.send('connection.get', { check: true });
    expect(checked.user?.email).toBe(h.service.demo.email);
    // The token never travels to a page: the state has no such field.
    expect(JSON.stringify(checked)).not.toMatch(/token"\s*:\s*"/);
  });

  it('signs in: opens the sign-in page, names the account signed in there, and mints its own token once confirmed', async () => {
    await h.send('connection.disconnect', {});
    const opened = h.context.waitForEvent('page', {
      predicate: (p) => p.url().includes('/auth/sign-in'),
    });
    const state = await h.send('connection.signIn', { serviceUrl: h.service.baseUrl });
    expect(state.problem?.code).toBe('sign-in-required');
    expect(state.signInPending).toBe(true);

    const signInPage = await opened;
    // The tab the extension opens may finish loading before Playwright attaches to it, and
    // its 'load' then never comes (60 s timeouts, 'networkidle' seen): wait for the form.
    await signInPage.locator('#email').waitFor({ timeout: CONDITION_TIMEOUT_MS });
    await signInPage.fill('#email', h.service.demo.email);
    await signInPage.fill('#password', h.service.demo.password);
    await signInPage.click('button[type=submit], input[type=submit]');

    const asked = await until(
      () => h.send('connection.get', {}),
      (s) => s.signInAccount !== null,
    );
    expect(asked.signInAccount?.email).toBe(h.service.demo.email);
    expect(asked.hasToken).toBe(false);
    const connected = await h.send('connection.confirmSignIn', {
      userId: asked.signInAccount!.id,
    });
    expect(connected.hasToken).toBe(true);
    expect(connected.user?.email).toBe(h.service.demo.email);
    expect(connected.signInPending).toBe(false);
    // The minted token is named after the browser and holds both scopes.
    const cookie = await h.service.signIn();
    const tokens = (await (
      await fetch(`${h.service.baseUrl}/tokens`, { headers: { cookie } })
    ).json()) as
      { data?: { name: string; scopes: string[] }[] } | { name: string; scopes: string[] }[];
    const list = Array.isArray(tokens) ? tokens : (tokens.data ?? []);
    expect(list.find((t) => t.name === 'Pageclip on Chromium')?.scopes.sort()).toEqual([
      'pages:read',
      'pages:write',
    ]);
    // With a session already there, signing in again asks at once, without a tab.
    await h.send('connection.disconnect', {});
    const again = await h.send('connection.signIn', { serviceUrl: h.service.baseUrl });
    expect(again.signInAccount?.email).toBe(h.service.demo.email);
    expect(again.signInPending).toBe(false);
    expect(again.hasToken).toBe(false);
    const reconnected = await h.send('connection.confirmSignIn', {
      userId: again.signInAccount!.id,
    });
    expect(reconnected.problem).toBeNull();
    expect(reconnected.hasToken).toBe(true);
  });

  it('says plainly when the service is unreachable', async () => {
    // Nothing listens on port 9 (discard): the same failure as a stopped service, without
    // the seconds a stop and restart of the real one cost (the outbox tests do that).
    const down = 'http://127.0.0.1:9/api/v1';
    const state = await h.send('connection.connectToken', { serviceUrl: down, token: 'pc_any' });
    expect(state.problem?.code).toBe('unreachable');
    expect(state.problem?.message).toContain('http://127.0.0.1:9');
    // A wrong address leaves the working connection as it was.
    expect(state.hasToken).toBe(true);
    expect(state.serviceUrl).toBe(h.service.baseUrl);
  });
});
