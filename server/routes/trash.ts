import { createRoute, z } from '@hono/zod-openapi';
import { requireScope } from '../http/auth';
import { decodeCursor, paginate } from '../http/cursor';
import { newRouter, type Deps } from '../http/env';
import { ADMIN } from '../domain/access';
import { reachOf } from '../domain/listing';
import { presentFolder, presentPage, withDeletedAt } from '../domain/present';
import { commonErrors, json, ListQuery } from '../schemas/common';
import { TrashedFolderList, TrashedPageList } from '../schemas/resources';
import { deleteFolderTree } from './folders';

const tags = ['Trash'];
const read = requireScope('pages:read');
const write = requireScope('pages:write');

const EmptyResult = z
  .object({ pagesDeleted: z.number().int(), foldersDeleted: z.number().int() })
  .openapi('EmptyTrashResult');

export function trashRoutes(deps: Deps) {
  const { repos } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/trash/pages',
      tags,
      summary: 'List pages in Trash, most recently trashed first',
      middleware: [read] as const,
      request: { query: ListQuery },
      responses: { 200: json(TrashedPageList, 'A page of trashed pages'), ...commonErrors },
    }),
    (c) => {
      const { cursor, limit } = c.req.valid('query');
      const after = decodeCursor('trash-pages', cursor);
      const reach = reachOf(repos, c.var.caller.user.id);
      const rows = repos.pages.listTrash(reach.scope, limit + 1, after);
      const page = paginate(rows, limit, 'trash-pages', (r) => ({ at: r.deleted_at!, id: r.id }));
      return c.json(
        {
          data: page.rows.map((r) => withDeletedAt(presentPage(r, reach.pageLevel(r)), r)),
          nextCursor: page.nextCursor,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/trash/folders',
      tags,
      summary: 'List folders in Trash, most recently trashed first',
      middleware: [read] as const,
      request: { query: ListQuery },
      responses: { 200: json(TrashedFolderList, 'A page of trashed folders'), ...commonErrors },
    }),
    (c) => {
      const { cursor, limit } = c.req.valid('query');
      const after = decodeCursor('trash-folders', cursor);
      const reach = reachOf(repos, c.var.caller.user.id);
      const rows = repos.folders.listTrash(reach.scope.folderIds, limit + 1, after);
      const page = paginate(rows, limit, 'trash-folders', (r) => ({ at: r.deleted_at!, id: r.id }));
      return c.json(
        {
          data: page.rows.map((r) => withDeletedAt(presentFolder(r, reach.folderLevel(r.id)), r)),
          nextCursor: page.nextCursor,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/trash/empty',
      tags,
      summary: 'Permanently delete everything in Trash that the caller administers',
      middleware: [write] as const,
      responses: { 200: json(EmptyResult, 'What was deleted'), ...commonErrors },
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const result = repos.db.transaction(() => {
        const reach = reachOf(repos, userId);
        const pagesBefore = repos.pages.count();
        const foldersBefore = repos.folders.count();
        for (const folder of repos.folders.allTrashed()) {
          // A folder already removed with a trashed ancestor is gone by the time we reach it.
          if (reach.folderLevel(folder.id) >= ADMIN && repos.folders.get(folder.id)) {
            deleteFolderTree(deps, folder.id);
          }
        }
        for (const page of repos.pages.allTrashed()) {
          if (reach.pageLevel(page) >= ADMIN) {
            repos.pages.remove(page.id);
            repos.grants.removeForItems([page.id]);
          }
        }
        return {
          pagesDeleted: pagesBefore - repos.pages.count(),
          foldersDeleted: foldersBefore - repos.folders.count(),
        };
      })();
      return c.json(result, 200);
    },
  );

  return app;
}
