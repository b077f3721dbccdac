// One log line per request with method, path, status and duration; never a token, cookie or body
// (`--quiet` turns the line off).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { client, createPage, expectStatus, tokenClient, uuid, type Client } from './support/http';

let loud: RunningService;
let quiet: RunningService;
let api: Client;
let token: string;

beforeAll(async () => {
  [loud, quiet] = await Promise.all([startService({ quiet: false }), startService()]);
  token = await loud.token();
  api = client(loud, { token });
});
afterAll(async () => {
  await Promise.all([loud?.stop(), quiet?.stop()]);
});

async function waitForLog(service: RunningService, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 250; i++) {
    const line = service
      .logs()
      .split('\n')
      .find((l) => pattern.test(l));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log line matching ${pattern} in:\n${service.logs()}`);
}

describe('request log', () => {
  it('logs method, path, status and duration for each request', async () => {
    expectStatus(await api.get('/pages?limit=7'), 200);
    const line = await waitForLog(loud, /GET.*\/api\/v1\/pages(?![/\w-])/);
    expect(line).toMatch(/\bGET\b/);
    expect(line).toContain('/api/v1/pages');
    expect(line).toMatch(/\b200\b/);
    expect(line).toMatch(/\d+(\.\d+)?\s?ms\b/);
  });

  it('logs error statuses too', async () => {
    const id = uuid();
    const res = await api.get(`/pages/${id}`);
    expect(res.status).toBe(404);
    const line = await waitForLog(loud, new RegExp(`/api/v1/pages/${id}`));
    expect(line).toMatch(/\bGET\b/);
    expect(line).toMatch(/\b404\b/);
    expect(line).toMatch(/\d+(\.\d+)?\s?ms\b/);
  });

  it('logs exactly one line per request', async () => {
    const id = uuid();
    await api.get(`/folders/${id}`);
    await waitForLog(loud, new RegExp(id));
    await new Promise((r) => setTimeout(r, 50));
    expect(
      loud
        .logs()
        .split('\n')
        .filter((l) => l.includes(id)),
    ).toHaveLength(1);
  });

  it('never logs the token, the session cookie, the password or a body', async () => {
    const secretBody = `body-secret-${uuid()}`;
    const page = await createPage(api, { title: `title-secret-${uuid()}`, markdown: secretBody });
    await api.post(`/pages/${page.id}/content-operations`, {
      id: 'log',
      operation: 'append',
      content: secretBody,
    });
    await client(loud, null).get('/pages', {
      headers: { authorization: 'Bearer pc_wrong-secret-xyz' },
    });
    const cookie = await loud.signIn();
    await client(loud, { cookie }).get('/me');
    await waitForLog(loud, /\/me\b/);
    const logs = loud.logs();
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('pc_wrong-secret-xyz');
    expect(logs).not.toContain(cookie.split('=')[1]!);
    expect(logs).not.toContain(secretBody);
    expect(logs).not.toContain(page.title);
    const passwordLines = logs.split('\n').filter((l) => l.includes(loud.demo.password));
    // The password is printed once at start-up (demo user), never in a request line.
    expect(passwordLines.every((l) => /demo password/.test(l))).toBe(true);
  });

  it('--quiet turns the request line off', async () => {
    const quietApi = await tokenClient(quiet);
    const id = uuid();
    await quietApi.get(`/pages/${id}`);
    await new Promise((r) => setTimeout(r, 100));
    expect(quiet.logs()).not.toContain(id);
  });

  it('logs no query string (titles and cursors stay out of the log)', async () => {
    const secretTitle = `query-secret-${uuid()}`;
    expectStatus(await api.get(`/pages/resolve?title=${secretTitle}`), 200);
    const line = await waitForLog(loud, /GET \/api\/v1\/pages\/resolve/);
    expect(line).toMatch(/^GET \/api\/v1\/pages\/resolve 200 \d+(\.\d+)?ms$/);
    expect(loud.logs()).not.toContain(secretTitle);
  });
});
