import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { markAllTabs, markTab } from '../../lib/background/known-badge';
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
});
