/** Folders: list, create, read, update and move, resolve, copy (the spec, Folders). */
import {
  operations as ops,
  type FolderReading,
  type FolderResult,
  type ListPage,
} from '../../contract';
import type { Caller } from './call';
import { paginate } from './paginate';
import { resolveParent, type ListOptions } from './pages';
import type { CallOptions } from './transport';

export function foldersApi(api: Caller) {
  return {
    /** One page of `GET /folders`. */
    listFoldersPage(
      q: ListOptions & { cursor?: string | null } = {},
      opts?: CallOptions,
    ): Promise<ListPage<FolderReading>> {
      return api.call(ops.listFolders, { query: { cursor: q.cursor, limit: q.limit } }, opts);
    },

    /** Every accessible folder, following `nextCursor`. */
    listFolders(
      q: ListOptions = {},
      opts?: CallOptions,
    ): AsyncGenerator<FolderReading, void, undefined> {
      return paginate(
        (cursor) => this.listFoldersPage({ ...q, cursor }, opts),
        `GET ${ops.listFolders.path}`,
      );
    },

    createFolder(
      input: { name: string; parentId?: string | null; icon?: string | null },
      opts?: CallOptions,
    ): Promise<FolderResult> {
      const json = { ...input, parentId: input.parentId ?? null };
      return api.call(ops.createFolder, { json }, opts);
    },

    getFolder(folderId: string, opts?: CallOptions): Promise<FolderResult> {
      return api.call(ops.getFolder, { params: { folderId } }, opts);
    },

    /** Renames, sets the icon, or moves (with `parentId`) a folder. */
    updateFolder(
      folderId: string,
      patch: { name?: string; icon?: string | null; parentId?: string | null },
      opts?: CallOptions,
    ): Promise<FolderResult> {
      return api.call(ops.updateFolder, { params: { folderId }, json: patch }, opts);
    },

    /** Moves a folder (docs/api.md, Lifecycle: `PATCH /folders/{id}` with `parentId`). */
    moveFolder(folderId: string, parentId: string | null, opts?: CallOptions) {
      return this.updateFolder(folderId, { parentId }, opts);
    },

    /** Folders with exactly this name; `parentId` narrows to one folder (null: the top level). */
    async resolveFolders(
      q: { name: string; parentId?: string | null },
      opts?: CallOptions,
    ): Promise<FolderResult[]> {
      const query = { name: q.name, parentId: resolveParent(q.parentId) };
      return (await api.call(ops.resolveFolders, { query }, opts)).data;
    },

    copyFolder(
      folderId: string,
      target: { parentId: string | null },
      opts?: CallOptions,
    ): Promise<{ id: string; skippedRestrictedItems: boolean }> {
      const json = { parentId: target.parentId };
      return api.call(ops.copyFolder, { params: { folderId }, json }, opts);
    },
  };
}
export type FoldersApi = ReturnType<typeof foldersApi>;
