/**
 * One clipId per user click. Chrome may deliver `contextMenus.onClicked` again for the same
 * click (and our own tests invoke the handler twice): the second delivery must not write
 * again. A click is identified by what Chrome passes (menu item, tab, frame, page, selection,
 * link) within a short window; the claim is serialized in this worker and persisted, so a
 * worker restarted between the two deliveries still sees the first.
 */
import { handledClicksItem, readItem } from '../settings';

export const CLICK_WINDOW_MS = 10_000;
const KEEP = 50;

let queue: Promise<unknown> = Promise.resolve();

export interface ClickInfo {
  menuItemId: string | number;
  tabId?: number;
  frameId?: number;
  pageUrl?: string;
  selectionText?: string;
  linkUrl?: string;
}

export function clickKey(info: ClickInfo): string {
  return JSON.stringify([
    String(info.menuItemId),
    info.tabId ?? null,
    info.frameId ?? 0,
    info.pageUrl ?? '',
    info.selectionText ?? '',
    info.linkUrl ?? '',
  ]);
}

/** `fresh: false` when the same click was already claimed inside the window. */
export function claimClick(
  info: ClickInfo,
  now: number,
  mintId: () => string,
): Promise<{ clipId: string; fresh: boolean }> {
  const run = async () => {
    const key = clickKey(info);
    const recent = (await readItem(handledClicksItem)).filter(
      (c) => now - c.at < CLICK_WINDOW_MS && c.at <= now,
    );
    const seen = recent.find((c) => c.key === key);
    if (seen) return { clipId: seen.clipId, fresh: false };
    const clipId = mintId();
    await handledClicksItem.setValue([...recent, { key, clipId, at: now }].slice(-KEEP));
    return { clipId, fresh: true };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
