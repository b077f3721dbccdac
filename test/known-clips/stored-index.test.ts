import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { findKnownClip, rememberClip } from '../../lib/known-clips';
import type { KnownClip } from '../../lib/known-clips/known-clip';

beforeEach(() => fakeBrowser.reset());

const clip = (url: string, title = 'A clip'): KnownClip => ({
  url,
  pageId: '11111111-1111-4111-8111-111111111111',
  title,
  folderId: null,
  clippedAt: 1,
  at: 1,
  etag: '"e1"',
});

describe('the known-clips index in memory', () => {
  it('reads storage once for many lookups', async () => {
    await rememberClip(clip('https://e.x/a'));
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    for (let i = 0; i < 5; i++) expect(await findKnownClip('https://e.x/a')).not.toBeNull();
    expect(await findKnownClip('https://e.x/b')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('follows changes written by another context', async () => {
    expect(await findKnownClip('https://e.x/a')).toBeNull();
    await fakeBrowser.storage.local.set({ knownClips: { 'https://e.x/a': clip('https://e.x/a') } });
    expect((await findKnownClip('https://e.x/a'))?.title).toBe('A clip');
    await fakeBrowser.storage.local.remove('knownClips');
    expect(await findKnownClip('https://e.x/a')).toBeNull();
  });

  it('reads storage again once its change listener is gone', async () => {
    await rememberClip(clip('https://e.x/a', 'Before'));
    expect((await findKnownClip('https://e.x/a'))?.title).toBe('Before');
    // A reset drops every listener and the stored items without a change event.
    fakeBrowser.reset();
    expect(await findKnownClip('https://e.x/a')).toBeNull();
  });
});
