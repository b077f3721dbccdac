/**
 * What connecting tells about a token and an address, with fakeBrowser against the real local
 * service over HTTP: the write check (a read-only token is stored as such and checked again
 * when the token changes), a bare origin accepted at `/api/v1`, and an address where the
 * service is not found named precisely (nothing listening, not a service, a certificate).
 */

import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '../../lib/api';
import { connectWithToken, getConnectionState } from '../../lib/background/connection';
import type { BackgroundContext } from '../../lib/background/context';
import { locateService } from '../../lib/background/service-address';
import { NIL_PAGE_ID, probeWriteAccess } from '../../lib/background/write-access';
import { serviceUrlItem, tokenItem, writeAccessItem } from '../../lib/settings';
import { selfSignedCertificate } from '../helpers/self-signed';
import { testBackground } from '../helpers/background-context';
import { startService, type RunningService } from '../helpers/service';

let service: RunningService;
const servers: Server[] = [];

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.stop();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});
beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => true);
});
afterEach(() => vi.restoreAllMocks());

function makeContext(): BackgroundContext {
  const ctx = testBackground({ now: () => Date.now(), outbox: { now: () => Date.now() } });
  return ctx;
}

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Everything the service holds for the demo account, to show the write check changed nothing. */
async function everything(token: string): Promise<string> {
  const api = new ApiClient({ baseUrl: service.baseUrl, credential: { kind: 'token', token } });
  const [pages, folders] = await Promise.all([api.listPages(), api.listFolders()]);
  return JSON.stringify([pages, folders]);
}

describe('the write check', () => {
  it('tells a read-only token from a writing one with a PATCH of the nil page that changes nothing', async () => {
    const readOnly = await service.token({ scopes: ['pages:read'] });
    const writer = await service.token({ scopes: ['pages:read', 'pages:write'] });
    const client = (token: string) =>
      new ApiClient({ baseUrl: service.baseUrl, credential: { kind: 'token', token } });
    const before = await everything(writer);
    expect(await probeWriteAccess(client(readOnly))).toBe('read-only');
    expect(await probeWriteAccess(client(writer))).toBe('write');
    expect(await everything(writer)).toBe(before);
    // What the service answers for the probe itself (docs/api.md, Connecting).
    const patch = (token: string) =>
      fetch(`${service.baseUrl}/pages/${NIL_PAGE_ID}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Pageclip write check' }),
      });
    expect((await patch(readOnly)).status).toBe(403);
    expect((await patch(writer)).status).toBe(404);
  });

  it('stores a read-only token as such, says so, and checks again when the token changes', async () => {
    const ctx = makeContext();
    // The CLI's default scopes: pages:read only (the spec, Tokens).
    const readOnly = (await service.cli(['token', '--email', service.demo.email])).trim();
    const state = await connectWithToken(ctx, service.baseUrl, readOnly);
    expect(state.writeAccess).toBe('read-only');
    expect(state.problem).toMatchObject({ code: 'read-only' });
    expect(state.problem?.message).toContain('lacks pages:write');
    expect((await writeAccessItem.getValue())?.access).toBe('read-only');
    expect((await getConnectionState(ctx)).writeAccess).toBe('read-only');

    const writer = await service.token();
    const next = await connectWithToken(ctx, service.baseUrl, writer);
    expect(next.writeAccess).toBe('write');
    expect(next.problem).toBeNull();
    expect((await writeAccessItem.getValue())?.access).toBe('write');
    expect(await tokenItem.getValue()).toBe(writer);
  });
});

describe('the service address', () => {
  it('accepts a bare origin when the service answers at /api/v1, and keeps the normalised address', async () => {
    const ctx = makeContext();
    expect(await locateService(ctx, `${service.origin}/`)).toEqual({ url: service.baseUrl });
    const state = await connectWithToken(ctx, service.origin, await service.token());
    expect(state.problem).toBeNull();
    expect(state.serviceUrl).toBe(service.baseUrl);
    expect(await serviceUrlItem.getValue()).toBe(service.baseUrl);
  });

  it('names an address where something answers that is not a Page and Folder Service', async () => {
    const port = await listen(
      createHttpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>A blog</title><p>Hello');
      }),
    );
    const found = await locateService(makeContext(), `http://127.0.0.1:${port}`);
    expect(found).toMatchObject({ problem: { code: 'not-a-service' } });
    // A failed address leaves the stored one and the connection alone.
    const ctx = makeContext();
    await connectWithToken(ctx, service.baseUrl, await service.token());
    const state = await connectWithToken(ctx, `http://127.0.0.1:${port}`, 'pc_any');
    expect(state.problem?.code).toBe('not-a-service');
    expect(state.problem?.message).not.toMatch(/no longer exists/);
    expect(await serviceUrlItem.getValue()).toBe(service.baseUrl);
    expect(state.hasToken).toBe(true);
  });

  it('names an address where nothing listens', async () => {
    const server = createHttpServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const found = await locateService(makeContext(), `http://127.0.0.1:${port}`);
    expect(found).toMatchObject({ problem: { code: 'nothing-listening' } });
  });

  it('names a certificate the client does not trust', async () => {
    const port = await listen(
      createHttpsServer(await selfSignedCertificate(), (_req, res) => res.end('{}')),
    );
    const found = await locateService(makeContext(), `https://127.0.0.1:${port}`);
    expect(found).toMatchObject({ problem: { code: 'certificate' } });
  });
});
