/**
 * Folder tree and per-folder page lists, cached in storage so the popup renders at once, and
 * refreshed in the background (one refresh at a time per list); a `folders-changed` or
 * `pages-changed` event tells open pages to ask again.
 */
import type { Folder, PageSummary } from '../messaging/library';
import type { Problem } from '../messaging/problem';
import {
  connectedUserItem,
  folderCacheItem,
  folderCacheStampItem,
  pageCacheItem,
  readItem,
  serviceUrlItem,
  type FolderCache,
  type PageCache,
} from '../settings';
import { currentClient } from './client';
import type { BackgroundContext } from './context';
import { originOf } from './permissions';
import { describeError } from './problems';

/** A cache younger than this is served without a refresh. */
export const CACHE_FRESH_MS = 60_000;
/** Pages kept per folder; a bigger folder is marked incomplete (search then also resolves). */
export const PAGES_PER_FOLDER_LIMIT = 2_000;
/** Folders whose page lists stay cached (least recently fetched dropped first). */
export const PAGE_CACHE_FOLDERS = 30;

const ROOT_KEY = 'root';
const inflight = new Map<string, Promise<unknown>>();

/**
 * The folder cache as this worker last read or wrote it. 5,000 folders take ~30 ms to read
 * from storage and ~40 ms to validate, and the popup asks on every open. The stamp item (one
 * short string, rewritten with every write and cleared with the cache) tells whether storage
 * still holds this copy.
 */
let folderMemo: { stamp: string; cache: FolderCache } | null = null;

async function readFolderCache(): Promise<FolderCache | null> {
  const stamp = await readItem(folderCacheStampItem);
  if (folderMemo && stamp !== null && stamp === folderMemo.stamp) return folderMemo.cache;
  const cache = await readItem(folderCacheItem);
  folderMemo = cache && stamp ? { stamp, cache } : null;
  return cache;
}

async function writeFolderCache(cache: FolderCache): Promise<void> {
  const stamp = crypto.randomUUID();
  await folderCacheItem.setValue(cache);
  await folderCacheStampItem.setValue(stamp);
  folderMemo = { stamp, cache };
}

async function cacheOwner(): Promise<string | null> {
  const [serviceUrl, user] = await Promise.all([
    readItem(serviceUrlItem),
    readItem(connectedUserItem),
  ]);
  return user ? `${serviceUrl} ${user.id}` : null;
}

function singleFlight<T>(key: string, run: () => Promise<T>): Promise<T> {
  const existing = inflight.get(key);
  if (existing) return existing as Promise<T>;
  const promise = run().finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

export interface FolderView {
  folders: Folder[];
  fetchedAt: number | null;
  refreshing: boolean;
  problem: Problem | null;
}

/** The cached tree at once; a stale or missing cache starts a refresh (awaited only when `refresh`). */
export async function getFolders(
  ctx: BackgroundContext,
  opts: { refresh?: boolean } = {},
): Promise<FolderView> {
  const owner = await cacheOwner();
  const cache = await readFolderCache();
  const usable = cache && cache.owner === owner ? cache : null;
  if (opts.refresh) return { ...(await refreshFolders(ctx)), refreshing: false };
  if (!usable) {
    // Never make the popup wait for thousands of folders: answer at once, fill on `folders-changed`.
    void refreshFolders(ctx);
    return { folders: [], fetchedAt: null, refreshing: owner !== null, problem: null };
  }
  const stale = ctx.now() - usable.fetchedAt > CACHE_FRESH_MS;
  if (stale) void refreshFolders(ctx);
  return { folders: usable.folders, fetchedAt: usable.fetchedAt, refreshing: stale, problem: null };
}

export function refreshFolders(ctx: BackgroundContext): Promise<Omit<FolderView, 'refreshing'>> {
  return singleFlight('folders', async () => {
    const owner = await cacheOwner();
    const client = await currentClient(ctx);
    const cache = await readFolderCache();
    const previous = cache && cache.owner === owner ? cache : null;
    if (!client || !owner) {
      return {
        folders: previous?.folders ?? [],
        fetchedAt: previous?.fetchedAt ?? null,
        problem: null,
      };
    }
    try {
      const folders: Folder[] = [];
      for await (const f of client.listFolders({ limit: 100 })) {
        folders.push({
          id: f.id,
          name: f.name,
          parentId: f.parentId,
          permission: f.permission ?? null,
        });
      }
      const fetchedAt = ctx.now();
      await writeFolderCache({ owner, fetchedAt, folders });
      ctx.broadcast({ type: 'folders-changed' });
      return { folders, fetchedAt, problem: null };
    } catch (error) {
      const origin = originOf(await readItem(serviceUrlItem)) ?? '';
      return {
        folders: previous?.folders ?? [],
        fetchedAt: previous?.fetchedAt ?? null,
        problem: describeError(error, origin),
      };
    }
  });
}

/** Add a folder just created to the cached tree, so the picker shows it without a refetch. */
export async function addFolderToCache(ctx: BackgroundContext, folder: Folder): Promise<void> {
  const owner = await cacheOwner();
  const cache = await readFolderCache();
  if (!owner || !cache || cache.owner !== owner) return;
  const folders = [...cache.folders.filter((f) => f.id !== folder.id), folder];
  await writeFolderCache({ ...cache, folders });
  ctx.broadcast({ type: 'folders-changed' });
}

export interface PageListView {
  pages: PageSummary[];
  fetchedAt: number | null;
  complete: boolean;
  problem: Problem | null;
}

export async function getPages(
  ctx: BackgroundContext,
  parentId: string | null,
  opts: { refresh?: boolean } = {},
): Promise<PageListView> {
  const owner = await cacheOwner();
  const cache = await readItem(pageCacheItem);
  const entry = cache && cache.owner === owner ? cache.folders[parentId ?? ROOT_KEY] : undefined;
  if (opts.refresh || !entry) return refreshPages(ctx, parentId);
  if (ctx.now() - entry.fetchedAt > CACHE_FRESH_MS) void refreshPages(ctx, parentId);
  return {
    pages: entry.pages,
    fetchedAt: entry.fetchedAt,
    complete: entry.complete,
    problem: null,
  };
}

export function refreshPages(
  ctx: BackgroundContext,
  parentId: string | null,
): Promise<PageListView> {
  const key = parentId ?? ROOT_KEY;
  return singleFlight(`pages:${key}`, async () => {
    const owner = await cacheOwner();
    const client = await currentClient(ctx);
    if (!client || !owner) return { pages: [], fetchedAt: null, complete: true, problem: null };
    try {
      const pages: PageSummary[] = [];
      let complete = true;
      let scanned = 0;
      for await (const p of client.listPages({ parentId: parentId ?? undefined, limit: 100 })) {
        // Without parentId the service lists every page: the root's are those whose parent is null.
        if (parentId === null && p.parentId) {
          if (++scanned >= PAGES_PER_FOLDER_LIMIT * 2) {
            complete = false;
            break;
          }
          continue;
        }
        if (pages.length >= PAGES_PER_FOLDER_LIMIT) {
          complete = false;
          break;
        }
        pages.push({
          id: p.id,
          title: p.title,
          parentId: p.parentId ?? null,
          updatedAt: p.updatedAt,
        });
      }
      const fetchedAt = ctx.now();
      await storePages(owner, key, { fetchedAt, complete, pages });
      ctx.broadcast({ type: 'pages-changed', parentId });
      return { pages, fetchedAt, complete, problem: null };
    } catch (error) {
      const origin = originOf(await readItem(serviceUrlItem)) ?? '';
      return { pages: [], fetchedAt: null, complete: false, problem: describeError(error, origin) };
    }
  });
}

async function storePages(
  owner: string,
  key: string,
  entry: PageCache['folders'][string],
): Promise<void> {
  const cache = await readItem(pageCacheItem);
  const folders = cache && cache.owner === owner ? { ...cache.folders } : {};
  folders[key] = entry;
  const keys = Object.keys(folders).sort((a, b) => folders[b]!.fetchedAt - folders[a]!.fetchedAt);
  for (const old of keys.slice(PAGE_CACHE_FOLDERS)) delete folders[old];
  await pageCacheItem.setValue({ owner, folders });
}

/** Substring search among cached pages (of one folder, or of every cached folder), plus exact resolve. */
export async function searchPages(
  ctx: BackgroundContext,
  query: string,
  parentId: string | null | undefined,
): Promise<{ pages: PageSummary[]; problem: Problem | null }> {
  const q = query.trim().toLowerCase();
  let pool: PageSummary[] = [];
  let problemSeen: Problem | null = null;
  if (parentId !== undefined) {
    const view = await getPages(ctx, parentId);
    pool = view.pages;
    problemSeen = view.problem;
  } else {
    const owner = await cacheOwner();
    const cache = await readItem(pageCacheItem);
    if (cache && cache.owner === owner) pool = Object.values(cache.folders).flatMap((f) => f.pages);
  }
  const found = new Map<string, PageSummary>();
  for (const p of pool) if (!q || p.title.toLowerCase().includes(q)) found.set(p.id, p);
  if (query.trim()) {
    try {
      for (const p of await resolvePages(ctx, query.trim(), parentId)) found.set(p.id, p);
    } catch (error) {
      problemSeen ??= describeError(error, originOf(await readItem(serviceUrlItem)) ?? '');
    }
  }
  return { pages: [...found.values()].slice(0, 200), problem: problemSeen };
}

export async function resolvePages(
  ctx: BackgroundContext,
  title: string,
  parentId: string | null | undefined,
): Promise<PageSummary[]> {
  const client = await currentClient(ctx);
  if (!client) return [];
  const matches = await client.resolvePages({
    title,
    ...(parentId !== undefined ? { parentId } : {}),
  });
  return matches.map((p) => ({
    id: p.id,
    title: p.title,
    parentId: p.parentId ?? null,
    updatedAt: p.updatedAt ?? null,
  }));
}
