import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createOutboxBadge,
  OUTBOX_ALARM,
  Outbox,
  scheduleOutboxAlarm,
  wireOutbox,
  type OutboxApi,
} from '../../lib/outbox';
import type { WriteRequest } from '../../lib/write-request';

const PAGE = '11111111-1111-4111-8111-111111111111';

function appendWrite(): WriteRequest {
  return {
    kind: 'add-to-page',
    clipId: crypto.randomUUID(),
    pageId: PAGE,
    operation: 'append',
    content: 'x',
  };
}

/** A stand-in service for the wiring tests only: delivery itself is tested over real HTTP. */
function recordingApi(calls: string[], fail = false): OutboxApi {
  return {
    createPage: async () => ({ id: PAGE }),
    resolvePages: async () => [],
    getContent: async () => ({ markdown: '' }),
    replaceContent: async () => ({ etag: '"2"' }),
    trashPage: async () => ({}),
    applyEdits: async () => ({ etag: '"2"' }),
    appendContent: async (_pageId, op) => {
      calls.push(op.id);
      if (fail) {
        const { ApiError } = await import('../../lib/api');
        throw new ApiError({ kind: 'http', status: 404, code: 'not_found', message: 'gone' });
      }
      return { etag: '"1"' };
    },
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('scheduleOutboxAlarm', () => {
  it('sets the alarm for the next due attempt and clears it when nothing is pending', async () => {
    const at = Date.now() + 60_000;
    scheduleOutboxAlarm(at);
    await expect.poll(() => browser.alarms.get(OUTBOX_ALARM)).toMatchObject({ scheduledTime: at });
    scheduleOutboxAlarm(null);
    await expect.poll(() => browser.alarms.get(OUTBOX_ALARM)).toBeUndefined();
  });
});

describe('wireOutbox', () => {
  it('flushes at start-up and when the outbox alarm fires, and shows failures on the badge', async () => {
    const calls: string[] = [];
    let connected = false;
    const outbox = new Outbox({
      getClient: async () => (connected ? recordingApi(calls, true) : null),
      autoFlush: false,
    });
    const write = appendWrite();
    await outbox.enqueue(write, 'Page');
    const unwire = wireOutbox(outbox, { badge: createOutboxBadge({ flashMs: 10 }) });
    // Start-up flush: not connected yet, so the entry waits.
    await expect
      .poll(async () => (await outbox.get(write.clipId))?.lastError?.code)
      .toBe('not_connected');

    connected = true;
    await outbox.retry(write.clipId);
    await fakeBrowser.alarms.onAlarm.trigger({
      name: OUTBOX_ALARM,
      scheduledTime: Date.now(),
      persistAcrossSessions: true,
    });
    await expect.poll(async () => (await outbox.get(write.clipId))?.status).toBe('failed');
    expect(calls).toEqual([write.clipId]);
    await expect.poll(() => browser.action.getBadgeText({})).toBe('1');
    expect(await browser.action.getTitle({})).toMatch(/1/);

    // Other alarms are not ours.
    await outbox.retry(write.clipId);
    await fakeBrowser.alarms.onAlarm.trigger({
      name: 'something-else',
      scheduledTime: 0,
      persistAcrossSessions: true,
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);

    await outbox.discard(write.clipId);
    await expect.poll(() => browser.action.getBadgeText({})).toBe('');
    unwire();
  });

  it('sends at once when the browser comes back online, without waiting out the backoff, and flashes ✓', async () => {
    const calls: string[] = [];
    let online = false;
    const outbox = new Outbox({
      getClient: async () => (online ? recordingApi(calls) : null),
      autoFlush: false,
    });
    const events = new EventTarget();
    const unwire = wireOutbox(outbox, { badge: createOutboxBadge({ flashMs: 5_000 }), events });
    await outbox.flush();
    const write = appendWrite();
    await outbox.enqueue(write, 'Page');
    await outbox.flush();
    const waiting = await outbox.get(write.clipId);
    expect(waiting).toMatchObject({ status: 'queued', lastError: { code: 'not_connected' } });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(Date.now() + 30_000);
    online = true;
    events.dispatchEvent(new Event('online'));
    await expect.poll(async () => (await outbox.get(write.clipId))?.status).toBe('saved');
    await expect.poll(() => browser.action.getBadgeText({})).toBe('✓');
    unwire();
  });

  it('schedules delivery on its own after enqueue when autoFlush is on', async () => {
    const calls: string[] = [];
    const scheduled: (number | null)[] = [];
    const outbox = new Outbox({
      getClient: async () => recordingApi(calls),
      schedule: (at) => scheduled.push(at),
    });
    const write = appendWrite();
    const saved = await outbox.waitFor((await outbox.enqueue(write, 'Page')).id, 5_000);
    expect(saved.status).toBe('saved');
    expect(calls).toEqual([write.clipId]);
    await expect.poll(() => scheduled.at(-1)).toBeNull();
    outbox.dispose();
  });
});
