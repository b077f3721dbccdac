/**
 * The worker's lifecycle in real Chromium: a clip queued while the service is down survives a
 * stopped service worker and a browser restart on the same profile, and is delivered once the
 * service is back. Also exercises the harness helpers the outbox chaos test relies on.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../lib/api';
import { LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, waitSettled } from './waits';

// Each test waits for conditions up to a generous limit (./waits.ts); its timeout leaves room.
vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: ApiClient;

beforeAll(async () => {
  h = await launchExtension();
  api = new ApiClient({
    baseUrl: h.service.baseUrl,
    credential: { kind: 'token', token: await h.service.token() },
  });
  await h.connect();
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

describe('worker lifecycle', () => {
  it('keeps a queued clip across a stopped worker and a browser restart, then delivers it once', async () => {
    await h.service.stop();
    const clipId = crypto.randomUUID();
    try {
      const entry = await h.send('clip.submit', {
        write: {
          kind: 'create-page',
          clipId,
          title: 'Survivor',
          markdown: 'still here',
          parentId: null,
        },
        label: 'Top level',
      });
      expect(entry.status).not.toBe('saved');

      await h.background(() => {
        (globalThis as { marker?: number }).marker = 1;
      });
      await h.stopServiceWorker();
      // A message wakes a new worker, which still has the entry (it lives in storage.local).
      const listed = await h.send('outbox.list', {});
      expect(listed.entries.find((e) => e.id === clipId)?.status).toMatch(/queued|sending/);
      expect(
        await h.background(() => (globalThis as { marker?: number }).marker ?? null),
      ).toBeNull();

      await h.restartBrowser();
      const afterRestart = await h.send('outbox.list', {});
      expect(afterRestart.entries.some((e) => e.id === clipId)).toBe(true);
      expect((await h.send('connection.get', {})).hasToken).toBe(true);
    } finally {
      await h.service.restart();
    }
    await h.send('outbox.retry', { id: clipId }).catch(() => undefined);
    const saved = await waitSettled(h, clipId);
    expect(saved.status).toBe('saved');
    expect(await api.resolvePages({ title: 'Survivor' })).toHaveLength(1);
  });

  it('a new worker removes the kept images of clips that left the outbox, and only those', async () => {
    await h.service.stop();
    const clipId = crypto.randomUUID();
    try {
      await h.send('clip.submit', {
        write: { kind: 'create-page', clipId, title: 'Waiting', markdown: 'x', parentId: null },
        label: 'Top level',
      });
      // A discarded clip's 10 MB of images, made in the worker: the sweep finds them by name
      // without reading them, and keeps the waiting clip's.
      await h.background(
        (pc, arg) => {
          const images = (bytes: number) => ({ kept: [], links: [], skipped: ['A'.repeat(bytes)] });
          return pc.browser.storage.local.set({
            'clipImages:discarded': images(10 * 1024 * 1024),
            [`clipImages:${arg.clipId}`]: images(1000),
          });
        },
        { clipId },
      );
      await h.stopServiceWorker();
      await h.send('outbox.list', {});
      const keys = () =>
        h.background(async (pc) =>
          (await pc.browser.storage.local.getKeys()).filter((k) => k.startsWith('clipImages:')),
        );
      await expect.poll(keys, { timeout: CONDITION_TIMEOUT_MS }).toEqual([`clipImages:${clipId}`]);
    } finally {
      await h.service.restart();
    }
    await h.send('outbox.retry', { id: clipId }).catch(() => undefined);
    expect((await waitSettled(h, clipId)).status).toBe('saved');
  });
});
