/**
 * Failed entries wait for the user; waiting entries retry by themselves. Over real HTTP to the
 * real service (through the fault proxy, whose log shows every request the outbox sent).
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '../../lib/api';
import { createOutboxBadge, OUTBOX_ALARM, wireOutbox, type OutboxApi } from '../../lib/outbox';
import type { OutboxEntry } from '../../lib/outbox/entry';
import {
  claim,
  createEntry,
  fail,
  markPreviousConnection,
  retryLater,
  userRetry,
} from '../../lib/outbox/state';
import { deliveryPhase, hasAnswer } from '../../lib/outbox/schedule';
import type { WriteRequest } from '../../lib/write-request';
import { useRig } from './rig';

const rig = useRig();

const T0 = 1_800_000_000_000;
const scopeError = {
  status: 403,
  code: 'insufficient_scope',
  message: 'the API token lacks the scope pages:write',
  retryable: false,
};

type CreateWrite = Extract<WriteRequest, { kind: 'create-page' }>;

function createWrite(parentId: string | null, title = `Clip ${crypto.randomUUID()}`): CreateWrite {
  return { kind: 'create-page', clipId: crypto.randomUUID(), title, markdown: 'Body', parentId };
}

function failedWith(error: OutboxEntry['lastError'] & object): OutboxEntry {
  const sending = claim(createEntry(createWrite(null), 'T', T0), T0, { token: 't', until: T0 + 1 });
  return fail(sending, error, { uncertain: false, now: T0 });
}

/** A client of a port nothing listens on: every request fails to connect. */
async function closedPortClient(): Promise<ApiClient> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((r) => server.close(() => r()));
  return new ApiClient({
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    credential: { kind: 'token', token: rig.token },
    timeoutMs: 10_000,
  });
}

describe('the state machine: waiting and failed', () => {
  it('marks only failures a new connection can fix (refused token or scope), and only failed ones', () => {
    const scope = failedWith(scopeError);
    const revoked = failedWith({
      status: 401,
      code: 'unauthenticated',
      message: 'x',
      retryable: false,
    });
    const gone = failedWith({ status: 404, code: 'not_found', message: 'x', retryable: false });
    expect(markPreviousConnection(scope, T0 + 1)).toMatchObject({
      status: 'failed',
      previousConnection: true,
    });
    expect(markPreviousConnection(revoked, T0 + 1).previousConnection).toBe(true);
    expect(markPreviousConnection(gone, T0 + 1)).toBe(gone);
    const queued = createEntry(createWrite(null), 'T', T0);
    expect(markPreviousConnection(queued, T0 + 1)).toBe(queued);
  });

  it('clears the mark on the user’s retry and on a new failure with the current connection', () => {
    const marked = markPreviousConnection(failedWith(scopeError), T0 + 1);
    const retried = userRetry(marked, T0 + 2);
    expect(retried).toMatchObject({ status: 'queued', previousConnection: false });
    const again = fail(claim(retried, T0 + 3, { token: 'u', until: T0 + 9 }), scopeError, {
      uncertain: false,
      now: T0 + 4,
    });
    expect(again).toMatchObject({ status: 'failed', previousConnection: false });
  });

  it('tells waiting (retried by itself) from failed (needs the user) after the first answer', () => {
    const fresh = createEntry(createWrite(null), 'T', T0);
    expect(deliveryPhase(fresh)).toBe('new');
    expect(hasAnswer(fresh)).toBe(false);
    const sending = claim(fresh, T0, { token: 't', until: T0 + 1 });
    expect(hasAnswer(sending)).toBe(false);
    const offline = retryLater(
      sending,
      { status: null, code: 'network', message: 'connection refused', retryable: true },
      { uncertain: true, now: T0, delayMs: 2000 },
    );
    expect(deliveryPhase(offline)).toBe('waiting');
    expect(hasAnswer(offline)).toBe(true);
    expect(deliveryPhase(failedWith(scopeError))).toBe('failed');
  });
});

describe('failed entries are sent again only on the user’s request', () => {
  it('sends nothing failed on a token change, a flush or the alarm; Retry all sends exactly the marked ones', async () => {
    const readOnly = new ApiClient({
      baseUrl: rig.proxy.rebase(rig.service.baseUrl),
      credential: { kind: 'token', token: await rig.service.token({ scopes: ['pages:read'] }) },
    });
    let client: OutboxApi = readOnly;
    const outbox = rig.makeOutbox({ getClient: async () => client });
    const folder = await rig.newFolder();
    const first = createWrite(folder);
    const second = createWrite(folder);
    const gone: WriteRequest = {
      kind: 'add-to-page',
      clipId: crypto.randomUUID(),
      pageId: crypto.randomUUID(),
      operation: 'append',
      content: 'for a page that does not exist',
    };
    await outbox.enqueue(first, 'First');
    await outbox.enqueue(second, 'Second');
    await rig.drain(outbox);
    expect((await outbox.list()).map((e) => e.status)).toEqual(['failed', 'failed']);

    // The 404 fails with the good client: it is not a connection problem.
    client = rig.client;
    await outbox.enqueue(gone, 'Gone');
    await rig.drain(outbox);

    const marked = await outbox.connectionChanged();
    expect(marked).toBe(2);
    const sentBefore = rig.proxy.log.length;
    // Hours later, flushes and the alarm change nothing.
    rig.clock.now += 6 * 60 * 60 * 1000;
    await outbox.flush();
    const unwire = wireOutbox(outbox, { badge: createOutboxBadge({ flashMs: 10 }) });
    await fakeBrowser.alarms.onAlarm.trigger({
      name: OUTBOX_ALARM,
      scheduledTime: Date.now(),
      persistAcrossSessions: true,
    });
    await outbox.flush();
    unwire();
    expect(rig.proxy.log.length).toBe(sentBefore);
    expect(
      await rig.direct.resolvePages({
        title: first.title,
        parentId: folder,
      }),
    ).toEqual([]);
    const byId = new Map((await outbox.list()).map((e) => [e.id, e]));
    expect(byId.get(first.clipId)).toMatchObject({ status: 'failed', previousConnection: true });
    expect(byId.get(second.clipId)).toMatchObject({ status: 'failed', previousConnection: true });
    expect(byId.get(gone.clipId)).toMatchObject({ status: 'failed', previousConnection: false });

    expect(await outbox.retryPreviousConnection()).toBe(2);
    await rig.drain(outbox);
    const after = new Map((await outbox.list()).map((e) => [e.id, e]));
    expect(after.get(first.clipId)?.status).toBe('saved');
    expect(after.get(second.clipId)?.status).toBe('saved');
    expect(after.get(gone.clipId)).toMatchObject({ status: 'failed', attempts: 1 });
    for (const write of [first, second]) {
      expect(await rig.direct.resolvePages({ title: write.title, parentId: folder })).toHaveLength(
        1,
      );
    }
  });

  it('sends waiting entries at once on a new connection, without marking them', async () => {
    let client: OutboxApi | null = null;
    const outbox = rig.makeOutbox({ getClient: async () => client });
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    await outbox.enqueue(write, 'Clip');
    await outbox.flush();
    expect(await outbox.get(write.clipId)).toMatchObject({
      status: 'queued',
      lastError: { code: 'not_connected' },
    });
    client = rig.client;
    expect(await outbox.connectionChanged()).toBe(0);
    await outbox.flush();
    expect(await outbox.get(write.clipId)).toMatchObject({ status: 'saved', attempts: 1 });
  });
});

describe('the first answer while the service is unreachable', () => {
  it('answers "waiting" as soon as the first connection fails, not after the wait', async () => {
    const offline = await closedPortClient();
    const outbox = rig.makeOutbox({ getClient: async () => offline });
    const write = createWrite(null);
    await outbox.enqueue(write, 'Clip');
    const answered = outbox.waitFor(write.clipId, 60_000, 'answered');
    const settled = outbox.waitFor(write.clipId, 60_000, 'settled');
    await outbox.flush();
    // Already resolved when the flush ends: the race's fallback only wins if it is not.
    const now = await Promise.race([answered, Promise.resolve('still waiting' as const)]);
    expect(now).toMatchObject({ status: 'queued', attempts: 1, lastError: { retryable: true } });
    expect(deliveryPhase(now as OutboxEntry)).toBe('waiting');
    expect(await Promise.race([settled, Promise.resolve('still waiting')])).toBe('still waiting');
    await outbox.discard(write.clipId);
    await expect(settled).rejects.toThrow(/not in the outbox/);
  });
});
