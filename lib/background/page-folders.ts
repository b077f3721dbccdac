/**
 * The folder a page lives in, for recent pages: its id and its path of names from the top
 * level. Pickers open a recent page in its own folder (the highlight picker lists it there),
 * so a page recorded without it would show up under the top level.
 */
import type { Folder, RecentPage } from '../messaging/library';
import { pageCacheItem, readItem, recentPagesItem } from '../settings';
import { getFolders, refreshFolders } from './caches';
import { currentClient } from './client';
import type { BackgroundContext } from './context';

export interface PageFolder {
  parentId: string | null;
  folderPath: string[];
}

/** Names from the top level down to `parentId`; null when a folder on the way is not known. */
export function folderPathOf(parentId: string | null, folders: readonly Folder[]): string[] | null {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const names: string[] = [];
  const seen = new Set<string>();
  for (let id = parentId; id !== null;) {
    const folder = byId.get(id);
    if (!folder || seen.has(id)) return null;
    seen.add(id);
    names.unshift(folder.name);
    id = folder.parentId;
  }
  return names;
}

/**
 * The path of a folder from the cached tree, or from a fresh one when the cache does not know
 * it yet (made since, by another app); null when the service does not know it either.
 */
export async function folderPathFor(
  ctx: BackgroundContext,
  parentId: string | null,
): Promise<string[] | null> {
  if (parentId === null) return [];
  const cached = folderPathOf(parentId, (await getFolders(ctx)).folders);
  if (cached) return cached;
  return folderPathOf(parentId, (await refreshFolders(ctx)).folders);
}

async function withPath(
  ctx: BackgroundContext,
  parentId: string | null,
): Promise<PageFolder | null> {
  const folderPath = await folderPathFor(ctx, parentId);
  return folderPath ? { parentId, folderPath } : null;
}

/** The page's folder from what this browser already knows (cached page lists), without a request. */
export async function cachedPageFolder(
  ctx: BackgroundContext,
  pageId: string,
): Promise<PageFolder | null> {
  const cache = await readItem(pageCacheItem);
  for (const folder of Object.values(cache?.folders ?? {})) {
    const page = folder.pages.find((p) => p.id === pageId);
    if (page) return withPath(ctx, page.parentId);
  }
  return null;
}

/** The page's folder as the service has it now (`GET /pages/{id}`); null when it cannot tell. */
async function fetchedPageFolder(
  ctx: BackgroundContext,
  pageId: string,
): Promise<PageFolder | null> {
  const client = await currentClient(ctx);
  if (!client) return null;
  try {
    const page = await client.getPage(pageId);
    return page.parentId === undefined ? null : withPath(ctx, page.parentId);
  } catch {
    return null; // offline, gone or no longer shared: asked again next time
  }
}

/** Recent pages stored without their folder (by an older version, or while it was unknown). */
export function lacksFolder(page: RecentPage): boolean {
  return page.folderPath === undefined;
}

/**
 * Fills in the folder of recent pages stored without one: from the caches at once, and, when
 * `fetch` is set, from the service for the rest. Returns the list as stored afterwards.
 */
export async function resolveRecentFolders(
  ctx: BackgroundContext,
  opts: { fetch: boolean },
): Promise<RecentPage[]> {
  const list = await readItem(recentPagesItem);
  const missing = list.filter(lacksFolder);
  if (missing.length === 0) return list;
  const found = new Map<string, PageFolder>();
  for (const page of missing) {
    const folder =
      (await cachedPageFolder(ctx, page.id)) ??
      (opts.fetch ? await fetchedPageFolder(ctx, page.id) : null);
    if (folder) found.set(page.id, folder);
  }
  if (found.size === 0) return list;
  // Read again: a clip may have been recorded while the service answered.
  const current = await readItem(recentPagesItem);
  const next = current.map((p) => {
    const folder = lacksFolder(p) ? found.get(p.id) : undefined;
    return folder ? { ...p, ...folder } : p;
  });
  await recentPagesItem.setValue(next);
  return next;
}
