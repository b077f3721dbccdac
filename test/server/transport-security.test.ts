// What the service checks before any route runs (docs/api.md, General and Command line):
// credentials before the body is read, the Host header against DNS rebinding, and request
// log lines that a hostile path cannot forge.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { client, expectError, expectStatus, tokenClient } from './support/http';

let svc: RunningService;

beforeAll(async () => {
  svc = await startService({ quiet: false });
});
afterAll(async () => {
  await svc?.stop();
});

/**
 * Starts an upload announcing `declared` bytes, sends only the first KiB and waits for the
 * answer: a service that reads the body first never answers.
 */
function answerBeforeBody(
  path: string,
  headers: Record<string, string>,
  declared: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${svc.origin}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(declared),
          ...headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
      },
    );
    request.on('error', reject);
    request.write(Buffer.alloc(1024, 0x20));
  });
}

describe('authentication before the body', () => {
  it('answers 401 to an unauthenticated upload without waiting for its body', async () => {
    const res = await answerBeforeBody('/api/v1/imports/vaultapp', {}, 48 * 1024 * 1024);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('unauthenticated');
    const bad = await answerBeforeBody(
      '/api/v1/pages',
      { authorization: 'Bearer pc_not-a-real-token' },
      8 * 1024 * 1024,
    );
    expect(bad.status).toBe(401);
  });

  it('still reads the body of an authenticated request', async () => {
    const api = await tokenClient(svc);
    expectStatus(await api.post('/pages', { title: 'after auth', markdown: 'body' }), 201);
  });
});

/** GET with a Host header of our choosing (fetch always sends the URL's own). */
function getWithHost(
  url: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { headers: { ...headers, host }, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('Host header', () => {
  it('answers only to the names the service serves', async () => {
    const api = await tokenClient(svc);
    const token = api.auth && 'token' in api.auth ? api.auth.token : '';
    const me = async (host: string) =>
      (await getWithHost(`${svc.baseUrl}/me`, host, { authorization: `Bearer ${token}` })).status;
    const port = new URL(svc.origin).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'LocalHost']) {
      expect(await me(host), host).toBe(200);
    }
    for (const host of [`evil.example:${port}`, 'attacker.localhost', `127.0.0.1.evil.example`]) {
      expect(await me(host), host).toBe(400);
    }
    const signInPage = await getWithHost(`${svc.origin}/auth/sign-in`, `rebound.example:${port}`);
    expect(signInPage.status).toBe(400);
    expect(JSON.parse(signInPage.body).error.code).toBe('invalid_request');
    expect(signInPage.body).not.toContain('<form');
  });

  it('answers to a name given with --allow-host', async () => {
    const own = await startService();
    await own.stop();
    // The same data directory, started again through the command line with an extra name.
    const extra = await startService({
      dataDir: own.dataDir,
      extraArgs: ['--allow-host', 'pageclip.test'],
    });
    try {
      expect((await getWithHost(`${extra.origin}/auth/sign-in`, 'pageclip.test')).status).toBe(200);
      expect((await getWithHost(`${extra.origin}/auth/sign-in`, 'other.test')).status).toBe(400);
    } finally {
      await extra.stop();
    }
  });
});

describe('request log', () => {
  it('escapes control characters in logged paths', async () => {
    const anonymous = client(svc, null);
    const forged = '/pages/x%0AGET%20/api/v1/forged%20200%201.0ms%1B[31m';
    expectError(await anonymous.get(forged), 401, 'unauthenticated');
    let logs = '';
    for (let i = 0; i < 250 && !logs.includes('forged'); i++) {
      logs = svc.logs();
      await new Promise((r) => setTimeout(r, 20));
    }
    const lines = logs.split('\n').filter((l) => l.includes('forged'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^GET \/api\/v1\/pages\/x\\nGET \/api\/v1\/forged 200 1\.0ms\\x1b\[31m 401 /,
    );
    expect(logs).not.toContain('\u001b');
  });
});
