/** Recent folders and pages, and the last destination: shown first in pickers and menus. */
import type { ContentPosition } from '../../contract';
import type { Destination, RecentFolder, RecentPage } from '../messaging/library';
import {
  RECENT_LIMIT,
  lastDestinationItem,
  readItem,
  recentFoldersItem,
  recentPagesItem,
} from '../settings';
import type { BackgroundContext } from './context';
import { lacksFolder, resolveRecentFolders } from './page-folders';

export async function rememberFolder(
  folder: Omit<RecentFolder, 'usedAt'>,
  now: number,
): Promise<void> {
  const list = await readItem(recentFoldersItem);
  const next = [{ ...folder, usedAt: now }, ...list.filter((f) => f.id !== folder.id)].slice(
    0,
    RECENT_LIMIT,
  );
  await recentFoldersItem.setValue(next);
  await setLastDestination({ kind: 'folder', folderId: folder.id, name: folder.name });
}

export async function rememberPage(
  page: Omit<RecentPage, 'usedAt'>,
  operation: ContentPosition,
  now: number,
): Promise<void> {
  const list = await readItem(recentPagesItem);
  const next = [{ ...page, usedAt: now }, ...list.filter((p) => p.id !== page.id)].slice(
    0,
    RECENT_LIMIT,
  );
  await recentPagesItem.setValue(next);
  await setLastDestination({ kind: 'page', pageId: page.id, title: page.title, operation });
}

async function setLastDestination(destination: Destination): Promise<void> {
  await lastDestinationItem.setValue(destination);
}

export interface Recents {
  folders: RecentFolder[];
  pages: RecentPage[];
  lastDestination: Destination | null;
}

export async function getRecents(): Promise<Recents> {
  const [folders, pages, lastDestination] = await Promise.all([
    readItem(recentFoldersItem),
    readItem(recentPagesItem),
    readItem(lastDestinationItem),
  ]);
  return { folders, pages, lastDestination };
}

/**
 * The recents for the pickers, which open a recent page in its folder. Pages stored without
 * their folder get it from the caches here; the rest are looked up on the service afterwards,
 * ready for the next ask.
 */
export async function getRecentsWithFolders(ctx: BackgroundContext): Promise<Recents> {
  const pages = await resolveRecentFolders(ctx, { fetch: false });
  if (pages.some(lacksFolder)) {
    void resolveRecentFolders(ctx, { fetch: true }).catch(() => undefined);
  }
  return { ...(await getRecents()), pages };
}

/** The page the last highlight went to (for "Append to <last page>"), even if a folder was used since. */
export async function lastPage(): Promise<RecentPage | null> {
  return (await readItem(recentPagesItem))[0] ?? null;
}

export async function lastFolder(): Promise<RecentFolder | null> {
  return (await readItem(recentFoldersItem))[0] ?? null;
}
