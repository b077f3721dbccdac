/**
 * What the outbox tests share: the real local service over HTTP, the fault-injecting proxy in
 * front of it, an API client through the proxy (what the outbox uses) and one straight to the
 * service (what the assertions use), and an injected clock.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '../../lib/api';
import { Outbox, type OutboxDeps } from '../../lib/outbox';
import { isPending, nextWakeAt } from '../../lib/outbox/schedule';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';
import { startService, type RunningService } from '../helpers/service';

export interface OutboxRig {
  service: RunningService;
  proxy: FaultProxy;
  token: string;
  /** Through the proxy; records the Idempotency-Key of every request it sends. */
  client: ApiClient;
  /** Straight to the service, for assertions. */
  direct: ApiClient;
  /** Idempotency-Key header of each request `client` sent, in order (null when absent). */
  sentKeys: { method: string; url: string; key: string | null }[];
  clock: { now: number };
  makeOutbox(overrides?: Partial<OutboxDeps>): Outbox;
  /** Flushes, moving the clock to each next due attempt, until nothing is pending. */
  drain(outbox: Outbox, maxRounds?: number): Promise<void>;
  newFolder(name?: string): Promise<string>;
  close(): Promise<void>;
}

export const CLIENT_TIMEOUT_MS = 1500;

export async function startRig(): Promise<OutboxRig> {
  const service = await startService();
  const proxy = await startFaultProxy({ target: service.origin });
  const token = await service.token({ scopes: ['pages:read', 'pages:write'] });
  const sentKeys: OutboxRig['sentKeys'] = [];
  const client = new ApiClient({
    baseUrl: proxy.rebase(service.baseUrl),
    credential: { kind: 'token', token },
    timeoutMs: CLIENT_TIMEOUT_MS,
    fetch: (input, init) => {
      const key = new Headers(init.headers).get('idempotency-key');
      sentKeys.push({ method: init.method ?? 'GET', url: String(input), key });
      return fetch(input, init);
    },
  });
  const direct = new ApiClient({ baseUrl: service.baseUrl, credential: { kind: 'token', token } });
  const clock = { now: Date.UTC(2026, 10, 21, 12) };

  const makeOutbox = (overrides: Partial<OutboxDeps> = {}): Outbox =>
    new Outbox({
      getClient: async () => client,
      now: () => clock.now,
      random: () => 0.5,
      autoFlush: false,
      onError: (err) => {
        throw err;
      },
      ...overrides,
    });

  return {
    service,
    proxy,
    token,
    client,
    direct,
    sentKeys,
    clock,
    makeOutbox,
    async drain(outbox, maxRounds = 50) {
      for (let round = 0; round < maxRounds; round++) {
        await outbox.flush();
        const entries = await outbox.list();
        if (!entries.some(isPending)) return;
        const at = nextWakeAt(entries);
        if (at !== null && at > clock.now) clock.now = at;
      }
      throw new Error(`outbox did not drain in ${maxRounds} rounds`);
    },
    async newFolder(name = `f-${crypto.randomUUID()}`) {
      return (await direct.createFolder({ name, parentId: null })).id;
    },
    async close() {
      await proxy.close();
      await service.stop();
    },
  };
}

/**
 * One rig for a test file: started before its tests, closed after them, with the in-memory
 * browser, the proxy's faults and the sent keys reset before each test. The returned handle reads the
 * started rig, so it is usable inside tests and hooks, not at the file's top level.
 */
export function useRig(): OutboxRig {
  let started: OutboxRig | undefined;
  beforeAll(async () => {
    started = await startRig();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    fakeBrowser.reset();
    started?.proxy.reset();
    if (started) started.sentKeys.length = 0;
  });
  return new Proxy({} as OutboxRig, {
    get(_, key) {
      if (!started) throw new Error('the outbox rig is started in beforeAll');
      return Reflect.get(started, key) as unknown;
    },
  });
}

export function countOf(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}
