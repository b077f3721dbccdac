/** Trash: moving pages and folders in and out, the Trash lists, permanent deletion. */
import {
  operations as ops,
  type ListPage,
  type LooseIdResult,
  type TrashedFolder,
  type TrashedPage,
} from '../../contract';
import type { Caller } from './call';
import { paginate } from './paginate';
import type { ListOptions } from './pages';
import type { CallOptions } from './transport';

type Cursor = { cursor?: string | null };

export function trashApi(api: Caller) {
  return {
    trashPage(pageId: string, opts?: CallOptions): Promise<LooseIdResult> {
      return api.call(ops.trashPage, { params: { pageId } }, opts);
    },

    restorePage(pageId: string, opts?: CallOptions): Promise<LooseIdResult> {
      return api.call(ops.restorePage, { params: { pageId } }, opts);
    },

    async deletePagePermanently(pageId: string, opts?: CallOptions): Promise<void> {
      await api.send(ops.deletePagePermanently, { params: { pageId } }, opts);
    },

    trashFolder(folderId: string, opts?: CallOptions): Promise<LooseIdResult> {
      return api.call(ops.trashFolder, { params: { folderId } }, opts);
    },

    restoreFolder(folderId: string, opts?: CallOptions): Promise<{ id: string }> {
      return api.call(ops.restoreFolder, { params: { folderId } }, opts);
    },

    async deleteFolderPermanently(folderId: string, opts?: CallOptions): Promise<void> {
      await api.send(ops.deleteFolderPermanently, { params: { folderId } }, opts);
    },

    listTrashedPagesPage(
      q: ListOptions & Cursor = {},
      opts?: CallOptions,
    ): Promise<ListPage<TrashedPage>> {
      return api.call(ops.listTrashedPages, { query: { cursor: q.cursor, limit: q.limit } }, opts);
    },

    listTrashedPages(q: ListOptions = {}, opts?: CallOptions) {
      return paginate(
        (cursor) => this.listTrashedPagesPage({ ...q, cursor }, opts),
        `GET ${ops.listTrashedPages.path}`,
      );
    },

    listTrashedFoldersPage(
      q: ListOptions & Cursor = {},
      opts?: CallOptions,
    ): Promise<ListPage<TrashedFolder>> {
      const query = { cursor: q.cursor, limit: q.limit };
      return api.call(ops.listTrashedFolders, { query }, opts);
    },

    listTrashedFolders(q: ListOptions = {}, opts?: CallOptions) {
      return paginate(
        (cursor) => this.listTrashedFoldersPage({ ...q, cursor }, opts),
        `GET ${ops.listTrashedFolders.path}`,
      );
    },

    /** Permanently deletes what is in Trash (of what the caller administers). */
    emptyTrash(opts?: CallOptions): Promise<{ pagesDeleted?: number; foldersDeleted?: number }> {
      return api.call(ops.emptyTrash, {}, opts);
    },
  };
}
export type TrashApi = ReturnType<typeof trashApi>;
