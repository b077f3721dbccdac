// Sign-in against an attacker (docs/api.md, Sign-in): return_to is checked after normalising,
// cross-site posts to /auth/* are refused, and password guessing is throttled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { expectError, expectStatus, newUser, send } from './support/http';

let svc: RunningService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.stop();
});

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

// Like the other files that drive the command line: each `user add` is a process start and a
// scrypt hash, and the guessing tests run dozens of sign-ins (each a scrypt check) and a
// second service, which on a loaded two-core machine outlast the default 30 s per test.
describe('return_to after sign-in', { timeout: 90_000 }, () => {
  it('never leads to another origin once normalised', async () => {
    const { email, password } = await newUser(svc, 'redirect');
    for (const evil of [
      '/.//evil.example/phish',
      '/x/..//evil.example/phish',
      '/./\\evil.example',
    ]) {
      const res = await send(
        svc.origin,
        'POST',
        '/auth/sign-in',
        form({ email, password, return_to: evil }),
      );
      expect(res.status, evil).toBe(303);
      const location = res.headers.get('location') ?? '';
      expect(location, evil).not.toMatch(/^\/[/\\]/);
      expect(new URL(location, svc.origin).origin, evil).toBe(svc.origin);
      // The signed-in page's Continue link is checked the same way.
      const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
      const page = await send(
        svc.origin,
        'GET',
        `/auth/sign-in?return_to=${encodeURIComponent(evil)}`,
        { headers: { cookie } },
      );
      expect(page.text, evil).not.toMatch(/href="\/[/\\]/);
      expect(page.text, evil).not.toContain('evil.example');
    }
  });
});

describe('cross-site posts to /auth/*', { timeout: 90_000 }, () => {
  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const { email, password } = await newUser(svc, 'csrf');
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const body = form({ email, password });
      const res = await send(svc.origin, 'POST', '/auth/sign-in', {
        ...body,
        headers: { ...body.headers, ...headers },
      });
      expectError(res, 403, 'forbidden');
      expect(res.headers.getSetCookie(), JSON.stringify(headers)).toEqual([]);
    }
    // The service's own form, and programs that send neither header, still sign in.
    const own = form({ email, password });
    const sameOrigin = await send(svc.origin, 'POST', '/auth/sign-in', {
      ...own,
      headers: { ...own.headers, origin: svc.origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(303);
    // The sign-in page's no-referrer policy makes Chromium send `Origin: null` with its form.
    const nullOrigin = await send(svc.origin, 'POST', '/auth/sign-in', {
      ...own,
      headers: { ...own.headers, origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(nullOrigin.status).toBe(303);
    expectStatus(
      await send(svc.origin, 'POST', '/auth/sign-in', { json: { email, password } }),
      200,
    );
  });

  it('refuses a sign-out posted from another site (logout CSRF)', async () => {
    const cookie = await svc.signIn();
    const res = await send(svc.origin, 'POST', '/auth/sign-out', {
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expectError(res, 403, 'forbidden');
    expectStatus(await send(svc.baseUrl, 'GET', '/me', { headers: { cookie } }), 200);
  });
});

describe('password guessing', { timeout: 90_000 }, () => {
  it('throttles wrong passwords per account with 429 and Retry-After, even for the right one', async () => {
    const { email, password } = await newUser(svc, 'guess');
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 60 && !limited; i++) {
      const res = await send(svc.origin, 'POST', '/auth/sign-in', {
        json: { email, password: `wrong-${i}` },
      });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(limited, `statuses: ${statuses.join(',')}`).toBeDefined();
    expectError(limited!, 429, 'rate_limited');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    const right = await send(svc.origin, 'POST', '/auth/sign-in', { json: { email, password } });
    expectError(right, 429, 'rate_limited');
    // Another account is not locked by this one's failures.
    const other = await newUser(svc, 'bystander');
    expectStatus(
      await send(svc.origin, 'POST', '/auth/sign-in', {
        json: { email: other.email, password: other.password },
      }),
      200,
    );
  });

  it('throttles one client guessing across many accounts', async () => {
    const own = await startService();
    try {
      let limited: Awaited<ReturnType<typeof send>> | undefined;
      for (let i = 0; i < 200 && !limited; i++) {
        const res = await send(own.origin, 'POST', '/auth/sign-in', {
          json: { email: `nobody-${i}@example.test`, password: 'guess' },
        });
        if (res.status === 429) limited = res;
        else expect(res.status).toBe(401);
      }
      expect(limited).toBeDefined();
      expectError(limited!, 429, 'rate_limited');
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.stop();
    }
  });
});
