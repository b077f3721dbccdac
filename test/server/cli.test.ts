// The service's command line (docs/api.md, Command line, data and logs): commands work while
// the service runs.
// Tests here are independent, so they run concurrently: most of their time is CLI processes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { client, createPage, expectError, expectStatus, uuid } from './support/http';

let svc: RunningService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.stop();
});

const email = () => `cli-${uuid().slice(0, 8)}@example.test`;

describe.concurrent('serve', { timeout: 90_000 }, () => {
  it('creates the demo user on an empty data directory and prints its credentials', () => {
    expect(svc.demo.email).toBe('demo@pageclip.local');
    expect(svc.demo.password.length).toBeGreaterThanOrEqual(12);
    expect(svc.logs()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
  });

  it('binds 127.0.0.1 and serves the API under /api/v1', async () => {
    expect(svc.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expectError(await client(svc, null).get('/pages'), 401, 'unauthenticated');
  });
});

describe.concurrent('user add', { timeout: 90_000 }, () => {
  it('creates a user who can sign in; a second add of the same email fails', async () => {
    const address = email();
    await svc.cli([
      'user',
      'add',
      '--email',
      address,
      '--password',
      'correct horse 1',
      '--name',
      'Cli',
    ]);
    const cookie = await svc.signIn(address, 'correct horse 1');
    const me = await client(svc, { cookie }).get('/me');
    expectStatus(me, 200);
    expect(me.body).toMatchObject({ email: address, name: 'Cli' });
    await expect(
      svc.cli(['user', 'add', '--email', address, '--password', 'another one 2']),
    ).rejects.toThrow();
  });

  it('fails without an email or password', async () => {
    await expect(svc.cli(['user', 'add', '--password', 'pw-without-email'])).rejects.toThrow();
    await expect(svc.cli(['user', 'add', '--email', email()])).rejects.toThrow();
  });
});

describe.concurrent('token', { timeout: 90_000 }, () => {
  it('prints the secret alone on one line', async () => {
    const out = await svc.cli(['token', '--email', svc.demo.email, '--scopes', 'pages:read']);
    const lines = out.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(lines[0]!.trim());
    expect(lines[0]!.length).toBeGreaterThanOrEqual(32);
    expectStatus(await client(svc, { token: lines[0]! }).get('/pages'), 200);
  });

  it('without --scopes holds pages:read only', async () => {
    const out = await svc.cli(['token', '--email', svc.demo.email]);
    const api = client(svc, { token: out.trim() });
    expectStatus(await api.get('/pages'), 200);
    expectError(await api.post('/pages', { title: 't', markdown: 'x' }), 403, 'insufficient_scope');
  });

  it('says in its usage line what a token made without --scopes grants', async () => {
    const usage = await svc.cli(['--help']);
    const line = usage.split('\n').find((l) => l.trim().startsWith('token '));
    expect(line).toMatch(/default:? pages:read\b/);
    expect(line).not.toMatch(/\[--scopes pages:read,pages:write\]/);
  });

  it('names the token with --name, as the token list shows', async () => {
    const name = `cli-named-${uuid().slice(0, 8)}`;
    await svc.token({ name });
    const session = client(svc, { cookie: await svc.signIn() });
    const list = await session.get('/tokens');
    expectStatus(list, 200);
    const entry = list.body.data.find((t: { name: string }) => t.name === name);
    expect(entry).toMatchObject({ name, scopes: ['pages:read', 'pages:write'] });
  });

  it('with both scopes writes', async () => {
    const api = client(svc, { token: await svc.token({ name: 'both' }) });
    expectStatus(await api.post('/pages', { title: 't', markdown: 'x' }), 201);
  });

  it('fails for an unknown user or scope', async () => {
    await expect(svc.cli(['token', '--email', 'nobody@example.test'])).rejects.toThrow();
    await expect(
      svc.cli(['token', '--email', svc.demo.email, '--scopes', 'pages:everything']),
    ).rejects.toThrow();
  });
});

describe.concurrent('grant and restrict', { timeout: 90_000 }, () => {
  it('grant gives another user access to an item; bad levels and items fail', async () => {
    const owner = client(svc, { token: await svc.token() });
    const page = await createPage(owner, { markdown: 'granted' });
    const address = email();
    await svc.cli(['user', 'add', '--email', address, '--password', 'pw-grant-123']);
    const other = client(svc, { token: await svc.token({ email: address }) });
    expectError(await other.get(`/pages/${page.id}`), 404, 'not_found');
    await svc.cli(['grant', '--email', address, '--item', page.id, '--level', 'view']);
    const res = await other.get(`/pages/${page.id}`);
    expectStatus(res, 200);
    expect(res.body.permission).toBe('view');
    await expect(
      svc.cli(['grant', '--email', address, '--item', page.id, '--level', 'owner']),
    ).rejects.toThrow();
    await expect(
      svc.cli(['grant', '--email', address, '--item', uuid(), '--level', 'view']),
    ).rejects.toThrow();
    await expect(
      svc.cli(['grant', '--email', 'nobody@example.test', '--item', page.id, '--level', 'view']),
    ).rejects.toThrow();
  });

  it('restrict fails for an unknown item', async () => {
    await expect(svc.cli(['restrict', '--item', uuid()])).rejects.toThrow();
  });
});

describe.concurrent('errors', { timeout: 90_000 }, () => {
  it('an unknown command exits non-zero', async () => {
    await expect(svc.cli(['frobnicate'])).rejects.toThrow();
  });

  it('serve fails clearly when the port is taken', async () => {
    const port = Number(new URL(svc.origin).port);
    await expect(startService({ port })).rejects.toThrow(/did not start/);
    expectStatus(await client(svc, { token: await svc.token() }).get('/me'), 200);
  });

  it('prints "error: <message>" on stderr and exits 1', async () => {
    await expect(svc.cli(['token', '--email', 'nobody@example.test'])).rejects.toThrow(
      /failed \(1\):\s*error: /,
    );
  });

  it('keeps the demo password in a 0600 file of the data directory', () => {
    const file = join(svc.dataDir, 'demo-password');
    expect(readFileSync(file, 'utf8').trim()).toBe(svc.demo.password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('serve lifecycle', () => {
  it('exits with code 0 on SIGTERM, keeping what was written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pageclip-cli-'));
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'server/cli.ts', 'serve', '--port', '0', '--data', dataDir, '--quiet'],
        {
          cwd: fileURLToPath(new URL('../..', import.meta.url)),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      let out = '';
      child.stdout!.setEncoding('utf8');
      const origin = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk: string) => {
          out += chunk;
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        void exited.then(() => reject(new Error(`serve exited early:\n${out}`)));
      });
      const password = /demo password:\s*(\S+)/.exec(out)![1]!;
      const signIn = await fetch(`${origin}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@pageclip.local', password }),
      });
      expect(signIn.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const again = await startService({ dataDir });
      try {
        expect(again.demo).toEqual({ email: 'demo@pageclip.local', password });
        expect(await again.signIn()).toMatch(/session_token=/);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
