import { writeTransaction } from '../db/database';
import { createRoute } from '@hono/zod-openapi';
import { operations } from '../../contract';
import { requireScope } from '../http/auth';
import { decodeCursor, paginate } from '../http/cursor';
import { newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';
import { emptyTrash } from '../domain/delete-tree';
import { reachOf } from '../domain/listing';
import { presentFolder, presentPage, withDeletedAt } from '../domain/present';

const read = requireScope('pages:read');
const write = requireScope('pages:write');

export function trashRoutes(deps: Deps) {
  const { repos } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      ...routeOf(operations.listTrashedPages),
      middleware: [read] as const,
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
      ...routeOf(operations.listTrashedFolders),
      middleware: [read] as const,
    }),
    (c) => {
      const { cursor, limit } = c.req.valid('query');
      const after = decodeCursor('trash-folders', cursor);
      const reach = reachOf(repos, c.var.caller.user.id);
      const rows = repos.folders.listTrash(reach.scope, limit + 1, after);
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
      ...routeOf(operations.emptyTrash),
      middleware: [write] as const,
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const result = writeTransaction(repos.db, () => emptyTrash(deps, userId));
      return c.json(result, 200);
    },
  );

  return app;
}
