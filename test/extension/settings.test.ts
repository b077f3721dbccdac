import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  DEFAULT_CLIP_DEFAULTS,
  DEFAULT_PAGE_LINK_TEMPLATE,
  DEFAULT_SERVICE_URL,
  clipDefaultsItem,
  folderCacheItem,
  pageLinkTemplateItem,
  readItem,
  recentPagesItem,
  serviceUrlItem,
} from '../../lib/settings';

describe('settings', () => {
  beforeEach(() => fakeBrowser.reset());

  it('defaults to the local service', async () => {
    expect(await readItem(serviceUrlItem)).toBe(DEFAULT_SERVICE_URL);
    expect(DEFAULT_SERVICE_URL).toBe('http://127.0.0.1:8787/api/v1');
  });

  it('falls back instead of crashing on corrupt stored values', async () => {
    await fakeBrowser.storage.local.set({
      recentPages: [{ id: 1, title: null }],
      'cache:folders': 'not an object',
      serviceUrl: 42,
    });
    expect(await readItem(recentPagesItem)).toEqual([]);
    expect(await readItem(folderCacheItem)).toBeNull();
    expect(await readItem(serviceUrlItem)).toBe(DEFAULT_SERVICE_URL);
  });

  it('fills missing clip defaults and rejects invalid ones', async () => {
    await fakeBrowser.storage.local.set({
      clipDefaults: { mode: 'full' },
      clipDefaults$: { v: 2 },
    });
    expect(await readItem(clipDefaultsItem)).toEqual({ ...DEFAULT_CLIP_DEFAULTS, mode: 'full' });
    await fakeBrowser.storage.local.set({ clipDefaults: { mode: 'nonsense' } });
    expect(await readItem(clipDefaultsItem)).toEqual(DEFAULT_CLIP_DEFAULTS);
  });

  it('reads the page link template, falling back to the service page view when absent or corrupt', async () => {
    expect(await readItem(pageLinkTemplateItem)).toBe('{origin}/view/pages/{id}');
    expect(DEFAULT_PAGE_LINK_TEMPLATE).toBe('{origin}/view/pages/{id}');
    await fakeBrowser.storage.local.set({ pageLinkTemplate: 'https://notes.example/p/{id}' });
    expect(await readItem(pageLinkTemplateItem)).toBe('https://notes.example/p/{id}');
    for (const corrupt of [42, '', '   ', null]) {
      await fakeBrowser.storage.local.set({ pageLinkTemplate: corrupt });
      expect(await readItem(pageLinkTemplateItem)).toBe(DEFAULT_PAGE_LINK_TEMPLATE);
    }
  });

  it('migrates v1 clip defaults (template → highlightTemplate)', async () => {
    await fakeBrowser.storage.local.set({
      clipDefaults: { mode: 'bookmark', template: '» {{quote}}' },
      clipDefaults$: { v: 1 },
    });
    await clipDefaultsItem.migrate();
    expect(await readItem(clipDefaultsItem)).toEqual({
      ...DEFAULT_CLIP_DEFAULTS,
      mode: 'bookmark',
      highlightTemplate: '» {{quote}}',
    });
  });

  it('migrates v3 clip defaults: Keep images starts off, a stored choice is kept', async () => {
    await fakeBrowser.storage.local.set({
      clipDefaults: { ...DEFAULT_CLIP_DEFAULTS, keepImages: undefined, mode: 'full' },
      clipDefaults$: { v: 3 },
    });
    await clipDefaultsItem.migrate();
    expect(await fakeBrowser.storage.local.get('clipDefaults')).toMatchObject({
      clipDefaults: { mode: 'full', keepImages: false },
    });
    await clipDefaultsItem.setValue({ ...DEFAULT_CLIP_DEFAULTS, keepImages: true });
    expect((await readItem(clipDefaultsItem)).keepImages).toBe(true);
    await fakeBrowser.storage.local.set({
      clipDefaults: { ...DEFAULT_CLIP_DEFAULTS, keepImages: 'yes' },
    });
    expect((await readItem(clipDefaultsItem)).keepImages).toBe(false);
  });
});
