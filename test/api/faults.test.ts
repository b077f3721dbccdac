/**
 * The client through the fault-injecting proxy, in front of the real local service: an append
 * retried through every kind of fault is applied exactly once (the Idempotency-Key is reused
 * and the service replays), and `updateContent` under concurrent writers loses no write.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, withRetry, type UpdateContentResult } from '../../lib/api';
import {
  startFaultProxy,
  type Fault,
  type FaultKind,
  type FaultProxy,
} from '../helpers/fault-proxy';
import { startService, type RunningService } from '../helpers/service';

let service: RunningService;
let proxy: FaultProxy;
let direct: ApiClient;
let viaProxy: ApiClient;

const count = (text: string, needle: string) => text.split(needle).length - 1;
const noSleep = async () => {};

beforeAll(async () => {
  service = await startService();
  const token = await service.token({ scopes: ['pages:read', 'pages:write'] });
  proxy = await startFaultProxy({ target: service.origin });
  direct = new ApiClient({ baseUrl: service.baseUrl, credential: { kind: 'token', token } });
  // A timeout well above a local round trip (the machine is shared and busy) and well below
  // the injected delays, so only a delayed answer counts as lost.
  viaProxy = new ApiClient({
    baseUrl: proxy.rebase(service.baseUrl),
    credential: { kind: 'token', token },
    timeoutMs: 2_000,
  });
});
afterAll(async () => {
  await proxy?.close();
  await service?.stop();
});
beforeEach(() => proxy.reset());

describe('an append retried through faults is applied exactly once', () => {
  const cases: { name: string; fault: Fault; kind: FaultKind; replayed: boolean }[] = [
    {
      name: 'response dropped after the service applied it',
      fault: 'drop-after-apply',
      kind: 'drop-after-apply',
      replayed: true,
    },
    { name: '503 without forwarding', fault: 'unavailable', kind: 'unavailable', replayed: false },
    {
      name: '503 with Retry-After',
      fault: { kind: 'unavailable', retryAfter: 1, body: 'envelope' },
      kind: 'unavailable',
      replayed: false,
    },
    { name: 'connection reset before forwarding', fault: 'reset', kind: 'reset', replayed: false },
    {
      name: 'answer delayed past the timeout',
      fault: { kind: 'delay', ms: 3_000, phase: 'after' },
      kind: 'delay',
      replayed: true,
    },
    // The timed-out request still reaches the service, after the retry succeeded.
    {
      name: 'request delayed past the timeout, arriving late',
      fault: { kind: 'delay', ms: 3_000, phase: 'before' },
      kind: 'delay',
      replayed: false,
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const page = await direct.createPage({ title: `fault ${c.name}`, markdown: '# Notes' });
      proxy.addRule({
        method: 'POST',
        path: `/api/v1/pages/${page.id}/content-operations`,
        faults: [c.fault],
      });
      const marker = `clip ${crypto.randomUUID()}`;
      const retries: unknown[] = [];

      const result = await viaProxy.appendContent(
        page.id,
        { id: marker.slice(5), operation: 'append', content: marker },
        { retry: { sleep: noSleep, onRetry: (info) => retries.push(info.error) } },
      );
      await proxy.idle();

      expect(proxy.counts()[c.kind]).toBe(1);
      expect(retries).toHaveLength(1);
      expect(result.replayed).toBe(c.replayed);
      const { markdown, etag } = await direct.getContent(page.id);
      expect(count(markdown, marker)).toBe(1);
      expect(markdown).toBe(`# Notes\n\n${marker}`);
      expect(etag).toBe(result.etag);
    });
  }

  it('through every fault in a row, honouring Retry-After', async () => {
    const page = await direct.createPage({ title: 'every fault', markdown: 'start' });
    proxy.addRule({
      method: 'POST',
      path: /\/content-operations$/,
      faults: [
        'reset',
        'drop-after-apply',
        { kind: 'unavailable', retryAfter: 2 },
        { kind: 'delay', ms: 3_000, phase: 'after' },
        'unavailable',
        'drop-after-apply',
      ],
    });
    const slept: number[] = [];
    const result = await viaProxy.appendContent(
      page.id,
      { id: 'every-fault', operation: 'append', content: 'EXACTLY-ONCE' },
      {
        idempotencyKey: 'every-fault-key',
        retry: { attempts: 10, random: () => 0.5, sleep: async (ms) => void slept.push(ms) },
      },
    );
    await proxy.idle();

    expect(proxy.counts()).toEqual({
      pass: 1,
      'drop-after-apply': 2,
      unavailable: 2,
      delay: 1,
      reset: 1,
    });
    expect(slept).toHaveLength(6);
    expect(slept[2]).toBe(2000); // the Retry-After of the third answer
    expect(result).toMatchObject({ replayed: true, idempotencyKey: 'every-fault-key' });
    expect(new Set(proxy.log.map((r) => r.upstreamStatus).filter((s) => s !== null))).toEqual(
      new Set([200]),
    );
    const { markdown } = await direct.getContent(page.id);
    expect(count(markdown, 'EXACTLY-ONCE')).toBe(1);
  });

  it('gives up after its attempts with the last error, which carries the key for later', async () => {
    const page = await direct.createPage({ title: 'down', markdown: 'x' });
    proxy.addRule({
      path: /\/content-operations$/,
      faults: ['unavailable', 'unavailable', 'unavailable'],
    });
    const error = await viaProxy
      .appendContent(
        page.id,
        { id: 'later', operation: 'append', content: 'later' },
        { retry: { attempts: 3, sleep: noSleep } },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'http_503', retryable: true });
    const key = (error as { idempotencyKey: string }).idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // The service comes back: the same key applies the write once.
    await viaProxy.appendContent(
      page.id,
      { id: 'later', operation: 'append', content: 'later' },
      { idempotencyKey: key },
    );
    expect(count((await direct.getContent(page.id)).markdown, 'later')).toBe(1);
  });
});

describe('updateContent under concurrent writers', () => {
  const writers = 8;
  /** Adds the writer's line unless it is already there, so re-running it is harmless. */
  const addLine = (line: string) => (md: string) =>
    md.split('\n').includes(line) ? null : `${md}\n${line}`;

  it('loses no write when writers race on the same page', async () => {
    const page = await direct.createPage({ title: 'race', markdown: '# Race' });
    // A barrier: every writer has read the same revision before the first one writes, so the
    // race is certain (7 of 8 lose their first round), not left to scheduling.
    let arrived = 0;
    let release!: () => void;
    const allRead = new Promise<void>((r) => (release = r));
    const results: UpdateContentResult[] = await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        direct.updateContent(page.id, async (md, attempt) => {
          if (attempt === 1) {
            if (++arrived === writers) release();
            await allRead;
          }
          return addLine(`writer ${i}`)(md);
        }),
      ),
    );
    const { markdown, etag } = await direct.getContent(page.id);
    for (let i = 0; i < writers; i++)
      expect(markdown.split('\n').filter((l) => l === `writer ${i}`)).toHaveLength(1);
    expect(markdown.split('\n')).toHaveLength(writers + 1);
    // The race really happened: all but one writer lost the first round (409) and read again.
    expect(results.filter((r) => r.attempts === 1)).toHaveLength(1);
    expect(Math.max(...results.map((r) => r.attempts))).toBeGreaterThan(1);
    expect(results.every((r) => r.changed)).toBe(true);
    expect(results.map((r) => r.etag)).toContain(etag);
  });

  it('loses no write and duplicates none through random faults (seeded)', async () => {
    const page = await direct.createPage({ title: 'chaos race', markdown: '# Chaos' });
    proxy.setRandom({
      seed: 20261121,
      path: new RegExp(`/pages/${page.id}/content$`),
      probabilities: { unavailable: 0.15, reset: 0.1, 'drop-after-apply': 0.15, delay: 0.05 },
      delayMs: [50, 150],
    });
    await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        withRetry(
          () => viaProxy.updateContent(page.id, addLine(`chaos ${i}`), { sleep: noSleep }),
          {
            attempts: 30,
            sleep: noSleep,
          },
        ),
      ),
    );
    await proxy.idle();
    const counts = proxy.counts();
    expect(counts.unavailable + counts.reset + counts['drop-after-apply']).toBeGreaterThan(0);
    const lines = (await direct.getContent(page.id)).markdown.split('\n');
    for (let i = 0; i < writers; i++)
      expect(lines.filter((l) => l === `chaos ${i}`)).toHaveLength(1);
    expect(lines).toHaveLength(writers + 1);
  });

  it('an uncertain PUT is settled by reading again, never applied twice', async () => {
    for (const fault of ['drop-after-apply', 'reset', 'unavailable'] as const) {
      const page = await direct.createPage({ title: `uncertain ${fault}`, markdown: 'log' });
      proxy.addRule({ method: 'PUT', path: `/api/v1/pages/${page.id}/content`, faults: [fault] });
      // Not idempotent on purpose: applying it twice would leave two lines.
      const result = await viaProxy.updateContent(page.id, (md) => `${md}\nentry`, {
        sleep: noSleep,
      });
      expect(result.changed).toBe(true);
      const after = await direct.getContent(page.id);
      expect(after.markdown).toBe('log\nentry');
      expect(result.etag).toBe(after.etag);
      expect(result.attempts).toBe(fault === 'drop-after-apply' ? 1 : 2);
    }
  });

  it('reports a 409 after its bounded attempts when it never wins', async () => {
    const page = await direct.createPage({ title: 'always late', markdown: 'v0' });
    let n = 0;
    const error = await direct
      .updateContent(
        page.id,
        async (md) => {
          // Someone else writes between our read and our PUT, every time.
          const { etag } = await direct.getContent(page.id);
          await direct.replaceContent(page.id, `other ${++n}`, { ifMatch: etag });
          return `${md} mine`;
        },
        { maxAttempts: 3, sleep: noSleep },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'revision_mismatch' });
    expect(n).toBe(3);
  });
});

describe('the fault proxy', () => {
  it('replays the same faults for the same seed', async () => {
    const page = await direct.createPage({ title: 'seeded', markdown: 'x' });
    const run = async () => {
      proxy.reset();
      proxy.setRandom({ seed: 7, probabilities: { unavailable: 0.3, reset: 0.2 } });
      for (let i = 0; i < 12; i++) await viaProxy.getPage(page.id).catch(() => {});
      return proxy.log.map((r) => r.fault);
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['pass', 'unavailable', 'reset']));
  });

  it('answers 502 with an HTML page when the service is unreachable', async () => {
    const other = await startFaultProxy({ target: 'http://127.0.0.1:9' });
    try {
      const c = new ApiClient({
        baseUrl: `${other.origin}/api/v1`,
        credential: { kind: 'token', token: 't' },
      });
      const error = await c.me().catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 502, code: 'http_502', retryable: true });
      expect((error as Error).message).toContain('"502 Bad Gateway"');
    } finally {
      await other.close();
    }
  });
});
