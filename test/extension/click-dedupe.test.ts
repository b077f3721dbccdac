import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CLICK_WINDOW_MS, claimClick } from '../../lib/background/click-dedupe';

describe('claimClick', () => {
  beforeEach(() => fakeBrowser.reset());
  let n = 0;
  const mint = () => `clip-${++n}`;
  const click = {
    menuItemId: 'append-last',
    tabId: 7,
    frameId: 0,
    pageUrl: 'https://e.x/',
    selectionText: 'hello',
  };

  it('gives the same click one clipId, even when delivered twice at once', async () => {
    const [a, b] = await Promise.all([
      claimClick(click, 1000, mint),
      claimClick(click, 1000, mint),
    ]);
    expect(a.fresh).toBe(true);
    expect(b).toEqual({ clipId: a.clipId, fresh: false });
  });

  it('treats a different selection or a later click as new', async () => {
    const a = await claimClick(click, 1000, mint);
    const other = await claimClick({ ...click, selectionText: 'other' }, 1001, mint);
    const later = await claimClick(click, 1000 + CLICK_WINDOW_MS, mint);
    expect(other.fresh).toBe(true);
    expect(later.fresh).toBe(true);
    expect(new Set([a.clipId, other.clipId, later.clipId]).size).toBe(3);
  });
});
