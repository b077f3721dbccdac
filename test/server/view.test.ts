// The read-only page view for people (docs/api.md, "Page view (outside /api/v1)"): session
// cookie only, everything escaped under a strict CSP, and one 404 for every page the caller
// cannot see. How the markdown is rendered: view-render.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createPage,
  expectStatus,
  grant,
  newUser,
  tokenClient,
  uuid,
  type Client,
} from './support/http';

let svc: RunningService;
let owner: Client;
let ownerCookie: string;

beforeAll(async () => {
  svc = await startService();
  owner = await tokenClient(svc);
  ownerCookie = await svc.signIn();
});
afterAll(async () => {
  await svc?.stop();
});

const view = (path: string, cookie?: string) =>
  fetch(`${svc.origin}${path}`, {
    redirect: 'manual',
    headers: cookie === undefined ? {} : { cookie },
  });

async function expectNotFound(res: Response): Promise<void> {
  const body = await res.text();
  expect(res.status, body).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(body).toContain('Page not found');
}

describe.concurrent('GET /view/pages/{id}', { timeout: 90_000 }, () => {
  it('shows the owner the title and content, escaped, under a strict CSP', async () => {
    const page = await createPage(owner, {
      title: '<script>alert(1)</script>',
      markdown: '# Notes\n\n<img src=x onerror=alert(2)> & "quotes"\n',
    });
    const res = await view(`/view/pages/${page.id}`, ownerCookie);
    const body = await res.text();
    expect(res.status, body).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self' https: http:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(body).toContain('<h1>&#60;script&#62;alert(1)&#60;/script&#62;</h1>');
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img');
    expect(body).toContain('&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot;');
    expect(body).toMatch(/<article>\s*<h1>Notes<\/h1>/);
    expect(body).toContain(`datetime="${page.updatedAt}"`);
  });

  it('accepts the id in upper case, as the API does', async () => {
    const page = await createPage(owner, { title: 'Upper' });
    const res = await view(`/view/pages/${page.id.toUpperCase()}`, ownerCookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1>Upper</h1>');
  });

  it('sends a visitor without a session to sign-in, coming back afterwards', async () => {
    const page = await createPage(owner);
    for (const cookie of [undefined, 'neutral-auth.session_token=not-a-session']) {
      const res = await view(`/view/pages/${page.id}`, cookie);
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get('location') ?? '', svc.origin);
      expect(location.origin).toBe(svc.origin);
      expect(location.pathname).toBe('/auth/sign-in');
      expect(location.searchParams.get('return_to')).toBe(`/view/pages/${page.id}`);
      expect(await res.text()).not.toContain(page.title);
    }
  });

  it('an API token is not a session: it is sent to sign-in too', async () => {
    const page = await createPage(owner);
    const token = await svc.token();
    const res = await fetch(`${svc.origin}/view/pages/${page.id}`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(303);
  });

  it('gives another user the same 404 as an unknown page, until the page is shared', async () => {
    const page = await createPage(owner, { title: 'Private plans', markdown: 'secret\n' });
    const other = await newUser(svc, 'viewer');
    const otherCookie = await svc.signIn(other.email, other.password);
    const denied = await view(`/view/pages/${page.id}`, otherCookie);
    await expectNotFound(denied);
    await expectNotFound(await view(`/view/pages/${uuid()}`, otherCookie));

    await grant(svc, other.email, page.id, 'view');
    const shared = await view(`/view/pages/${page.id}`, otherCookie);
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain('<h1>Private plans</h1>');
  });

  it('answers 404 for a malformed id and for a trashed page', async () => {
    await expectNotFound(await view('/view/pages/not-a-uuid', ownerCookie));
    await expectNotFound(await view('/view/pages/not-a-uuid'));
    const page = await createPage(owner);
    expectStatus(await owner.del(`/pages/${page.id}/trash`), 200);
    await expectNotFound(await view(`/view/pages/${page.id}`, ownerCookie));
  });
});
