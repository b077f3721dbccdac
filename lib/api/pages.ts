/** Page metadata: list, create, read, update, resolve, copy and move (the spec, Pages). */
import { operations as ops, ROOT_PARENT_QUERY, type ListPage, type Page } from '../../contract';
import type { Caller } from './call';
import { paginate } from './paginate';
import type { CallOptions } from './transport';

export interface ListOptions {
  /** Items per request (spec: default 50, 1 to 100). */
  limit?: number;
}
export interface PageListOptions extends ListOptions {
  /** Only pages directly inside this folder. */
  parentId?: string;
}

/** Resolve's folder filter: absent = anywhere, null = the top level, else that folder. */
export function resolveParent(parentId: string | null | undefined): string | undefined {
  if (parentId === undefined) return undefined;
  return parentId === null ? ROOT_PARENT_QUERY : parentId;
}

export function pagesApi(api: Caller) {
  return {
    /** One page of `GET /pages` (most recently updated first). */
    listPagesPage(
      q: PageListOptions & { cursor?: string | null } = {},
      opts?: CallOptions,
    ): Promise<ListPage<Page>> {
      const query = { cursor: q.cursor, limit: q.limit, parentId: q.parentId };
      return api.call(ops.listPages, { query }, opts);
    },

    /** Every accessible page (or those directly in `parentId`), following `nextCursor`. */
    listPages(q: PageListOptions = {}, opts?: CallOptions): AsyncGenerator<Page, void, undefined> {
      return paginate(
        (cursor) => this.listPagesPage({ ...q, cursor }, opts),
        `GET ${ops.listPages.path}`,
      );
    },

    /** Creates a page; `parentId` null or absent puts it at the root. Not idempotent (spec). */
    createPage(
      input: { title: string; markdown: string; parentId?: string | null },
      opts?: CallOptions,
    ): Promise<Page> {
      const json = {
        title: input.title,
        markdown: input.markdown,
        parentId: input.parentId ?? null,
      };
      return api.call(ops.createPage, { json }, opts);
    },

    getPage(pageId: string, opts?: CallOptions): Promise<Page> {
      return api.call(ops.getPage, { params: { pageId } }, opts);
    },

    /** Sets the title and/or icon (spec: at least one). */
    updatePage(
      pageId: string,
      patch: { title?: string; icon?: string | null },
      opts?: CallOptions,
    ): Promise<Page> {
      return api.call(ops.updatePage, { params: { pageId }, json: patch }, opts);
    },

    /** Pages with exactly this title; `parentId` narrows to one folder (null: the top level). */
    async resolvePages(q: { title: string; parentId?: string | null }, opts?: CallOptions) {
      const query = { title: q.title, parentId: resolveParent(q.parentId) };
      return (await api.call(ops.resolvePages, { query }, opts)).data;
    },

    copyPage(
      pageId: string,
      target: { parentId: string | null },
      opts?: CallOptions,
    ): Promise<{ id: string }> {
      const json = { parentId: target.parentId };
      return api.call(ops.copyPage, { params: { pageId }, json }, opts);
    },

    /** Moves a page; resolves with its metadata when the service sends it (not shown), else null. */
    movePage(
      pageId: string,
      target: { parentId: string | null },
      opts?: CallOptions,
    ): Promise<Page | null> {
      const json = { parentId: target.parentId };
      return api.call(ops.movePage, { params: { pageId }, json }, opts);
    },
  };
}
export type PagesApi = ReturnType<typeof pagesApi>;
