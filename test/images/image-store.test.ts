/**
 * Kept images wait in `storage.local` beside the outbox. At each start the worker removes those
 * of clips no longer waiting, finding them by name: an image item can be tens of megabytes, and
 * reading them all to learn their names stalled the worker's start for seconds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadImages, saveImages, sweepImageStores } from '../../lib/images/image-store';
import type { CollectedImages } from '../../lib/images/collect';
import { withStorageGetKeys } from '../helpers/storage-get-keys';

const stored = (clipId: string): CollectedImages => ({
  kept: [
    {
      url: `https://img.example/${clipId}.png`,
      path: `images/${clipId}.png`,
      mimeType: 'image/png',
      data: 'iVBORw0KGgo='.repeat(1000),
    },
  ],
  links: [],
  skipped: [],
});

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe.each([
  ['with getKeys', withStorageGetKeys],
  ['without getKeys (older Firefox)', () => undefined],
])('sweeping kept images, %s', (_, setUp) => {
  it('removes the images of clips no longer waiting, and keeps the rest', async () => {
    setUp();
    await saveImages('queued', stored('queued'));
    await saveImages('discarded', stored('discarded'));
    await fakeBrowser.storage.local.set({ outbox: ['kept as it is'], settings: { a: 1 } });
    expect(await sweepImageStores(new Set(['queued']))).toBe(1);
    expect(await loadImages('queued')).not.toBeNull();
    expect(await loadImages('discarded')).toBeNull();
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual([
      'clipImages:queued',
      'outbox',
      'settings',
    ]);
  });
});

it('finds stale images by name, never reading an image', async () => {
  withStorageGetKeys();
  await saveImages('discarded', stored('discarded'));
  await saveImages('queued', stored('queued'));
  const get = vi.spyOn(fakeBrowser.storage.local, 'get');
  expect(await sweepImageStores(new Set(['queued']))).toBe(1);
  expect(get).not.toHaveBeenCalled();
  expect(await loadImages('discarded')).toBeNull();
  expect(await loadImages('queued')).not.toBeNull();
});
