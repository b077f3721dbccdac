import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { markAllTabs, markTab, wireKnownBadge } from '../../lib/background/known-badge';
import { rememberClip } from '../../lib/known-clips';

let granted = false;
beforeEach(async () => {
  fakeBrowser.reset();
  granted = false;
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => granted);
  await rememberClip({
    url: 'https://e.x/read',
    pageId: 'p1',
    title: 'A read',
    folderId: null,
    clippedAt: 1,
    at: 1,
    etag: null,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the ✓ on clipped pages', () => {
  it('marks a known page, with a tooltip saying where; clears an unknown one', async () => {
    expect(await markTab(5, 'https://e.x/read?utm_source=x#y')).toBe(true);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 5 })).toBe('✓');
    expect(await fakeBrowser.action.getTitle({ tabId: 5 })).toBe('Clipped into Top level / A read');
    expect(await markTab(5, 'https://e.x/other')).toBe(false);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 5 })).not.toBe('✓');
  });

  it('reads no tab without the tabs permission', async () => {
    const { id } = await fakeBrowser.tabs.create({ url: 'https://e.x/read' });
    const query = vi.spyOn(fakeBrowser.tabs, 'query');
    await markAllTabs();
    expect(query).not.toHaveBeenCalled();
    expect(await fakeBrowser.action.getBadgeText({ tabId: id! })).not.toBe('✓');
    granted = true;
    await markAllTabs();
    expect(await fakeBrowser.action.getBadgeText({ tabId: id! })).toBe('✓');
  });

  it('turning the option off (the permission removed) clears every mark', async () => {
    granted = true;
    const { id } = await fakeBrowser.tabs.create({ url: 'https://e.x/read' });
    // fakeBrowser has no permission events: the listeners are taken as registered.
    type Listener = Parameters<typeof fakeBrowser.permissions.onRemoved.addListener>[0];
    const removed: Listener[] = [];
    for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved]) {
      vi.spyOn(event, 'removeListener').mockImplementation(() => undefined);
      vi.spyOn(event, 'addListener').mockImplementation((listener) => {
        if (event === fakeBrowser.permissions.onRemoved) removed.push(listener);
      });
    }
    const off = wireKnownBadge();
    await markAllTabs();
    expect(await fakeBrowser.action.getBadgeText({ tabId: id! })).toBe('✓');
    granted = false;
    for (const listener of removed) listener({ permissions: ['tabs'] });
    await vi.waitFor(
      async () => expect(await fakeBrowser.action.getBadgeText({ tabId: id! })).not.toBe('✓'),
      { timeout: 10_000 },
    );
    expect(await fakeBrowser.action.getTitle({ tabId: id! })).not.toContain('Clipped into');
    off();
  });
});
