/**
 * The toolbar's ✓ on tabs whose page is a known clip, with a tooltip saying where. Only with the
 * optional `tabs` permission ("Mark pages I have clipped" in the options): without it no tab's
 * address is read at all. The address is compared with the index in this browser, never sent.
 *
 * The mark is set per tab, so it shows over the outbox's global badge on that tab only, and
 * clearing it (null) gives the tab the global badge back. Turning the option off clears every
 * tab's mark (`permissions.onRemoved`).
 */
import { browser } from 'wxt/browser';
import { findKnownClip } from '../known-clips';
import { knownClipKey } from '../known-clips/normalise-url';
import { folderCacheItem, readItem } from '../settings';
import { t } from './i18n';

type PermissionSet = Parameters<typeof browser.permissions.contains>[0];
const TABS = { permissions: ['tabs'] } as PermissionSet;

export async function marksAllowed(): Promise<boolean> {
  try {
    return (await (browser.permissions.contains(TABS) as Promise<boolean>)) === true;
  } catch {
    return false;
  }
}

async function folderName(folderId: string | null): Promise<string> {
  if (folderId === null) return t('folderRoot', 'Top level');
  const cache = await readItem(folderCacheItem);
  return cache?.folders.find((f) => f.id === folderId)?.name ?? t('folderRoot', 'Top level');
}

type Clearable = { tabId: number; text?: string | null; title?: string | null };

/** The tab's own badge and tooltip removed: it shows the global badge again. */
async function clearMark(tabId: number): Promise<void> {
  await browser.action.setBadgeText({ tabId, text: null } as Clearable as {
    tabId: number;
    text: string;
  });
  await browser.action.setTitle({ tabId, title: null } as Clearable as {
    tabId: number;
    title: string;
  });
}

/**
 * Every tab's mark removed, when "Mark pages I have clipped" is turned off (the `tabs`
 * permission withdrawn). Tabs are listed by id only: without the permission no address is read.
 */
export async function clearAllMarks(): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(
    tabs.map((tab) =>
      tab.id === undefined ? undefined : clearMark(tab.id).catch(() => undefined),
    ),
  );
}

/** Sets or clears the mark of one tab from its address. */
export async function markTab(tabId: number, url: string | undefined): Promise<boolean> {
  // A tab shows its address only, never the page's canonical link: a clip is also indexed
  // under the address it was clipped from (`knownClipKeys`), so it is found either way.
  const key = url ? knownClipKey({ url }) : null;
  const clip = key ? await findKnownClip(key) : null;
  const action = browser.action;
  if (!clip) {
    await clearMark(tabId);
    return false;
  }
  const where = t('badgeClipped', `Clipped into $1 / $2`, [
    await folderName(clip.folderId),
    clip.title,
  ]);
  await action.setBadgeText({ tabId, text: '✓' });
  await action.setBadgeBackgroundColor({ tabId, color: '#1f7a3d' });
  await action.setTitle({ tabId, title: where });
  return true;
}

/** Every open tab again (the permission was granted, a clip was saved or updated). */
export async function markAllTabs(): Promise<void> {
  if (!(await marksAllowed())) return;
  const tabs = await browser.tabs.query({});
  await Promise.all(
    tabs.map((tab) =>
      tab.id === undefined ? undefined : markTab(tab.id, tab.url).catch(() => undefined),
    ),
  );
}

/** Call synchronously at start-up (listeners before the first await). Returns an undo. */
export function wireKnownBadge(): () => void {
  const onUpdated = (
    tabId: number,
    change: { url?: string; status?: string },
    tab: { url?: string },
  ) => {
    if (change.url === undefined && change.status !== 'complete') return;
    void marksAllowed()
      .then((ok) => ok && markTab(tabId, tab.url))
      .catch(() => undefined);
  };
  const onAdded = (p: { permissions?: string[] }) => {
    if (p.permissions?.includes('tabs')) void markAllTabs().catch(() => undefined);
  };
  const onRemoved = (p: { permissions?: string[] }) => {
    if (p.permissions?.includes('tabs')) void clearAllMarks().catch(() => undefined);
  };
  browser.tabs.onUpdated.addListener(onUpdated);
  browser.permissions.onAdded.addListener(onAdded);
  browser.permissions.onRemoved.addListener(onRemoved);
  void markAllTabs().catch(() => undefined);
  return () => {
    browser.tabs.onUpdated.removeListener(onUpdated);
    browser.permissions.onAdded.removeListener(onAdded);
    browser.permissions.onRemoved.removeListener(onRemoved);
  };
}
