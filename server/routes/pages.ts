import { writeTransaction } from '../db/database';
import crypto from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { operations } from '../../contract';
import { requireScope } from '../http/auth';
import { paginate, decodeCursor } from '../http/cursor';
import { newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';
import { ADMIN, EDIT, VIEW } from '../domain/access';
import { assertContentSize, newEtag } from '../domain/content';
import { reachOf } from '../domain/listing';
import { presentPage } from '../domain/present';
import { removePages, removeUnlinkedImages } from '../domain/remove-pages';

const read = requireScope('pages:read');
const write = requireScope('pages:write');

export function pagesRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = newRouter();

  // Registered before /pages/{pageId}, which would otherwise claim "resolve" as an id.
  app.openapi(
    createRoute({
      ...routeOf(operations.resolvePages),
      middleware: [read] as const,
    }),
    (c) => {
      const { title, parentId } = c.req.valid('query');
      const userId = c.var.caller.user.id;
      const data = repos.pages
        .byTitle(title)
        .filter(
          (p) => parentId === undefined || p.parent_id === (parentId === 'root' ? null : parentId),
        )
        .map((p) => ({ p, level: access.pageLevel(userId, p) }))
        .filter(({ level }) => level >= VIEW)
        .map(({ p, level }) => presentPage(p, level));
      return c.json({ data }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.listPages),
      middleware: [read] as const,
    }),
    (c) => {
      const { cursor, limit, parentId } = c.req.valid('query');
      const after = decodeCursor('pages', cursor);
      // The whole listing reads the snapshot taken at its first page.
      const asOf = after?.asOf ?? repos.pages.currentStamp();
      const reach = reachOf(repos, c.var.caller.user.id);
      const rows = repos.pages.list(reach.scope, limit + 1, asOf, after, parentId);
      const page = paginate(rows, limit, 'pages', (r) => ({ at: r.at, id: r.row.id, asOf }));
      return c.json(
        {
          data: page.rows.map(({ row }) => presentPage(row, reach.pageLevel(row))),
          nextCursor: page.nextCursor,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.createPage),
      middleware: [write] as const,
    }),
    (c) => {
      const body = c.req.valid('json');
      const userId = c.var.caller.user.id;
      assertContentSize(body.markdown, 'markdown');
      const row = writeTransaction(repos.db, () => {
        const parent = access.target(userId, body.parentId ?? null);
        const page = {
          id: crypto.randomUUID(),
          owner_id: userId,
          parent_id: parent?.id ?? null,
          title: body.title,
          icon: null,
          content: body.markdown,
          etag: newEtag(),
        };
        repos.pages.insert(page);
        return repos.pages.get(page.id)!;
      });
      c.header('ETag', row.etag);
      return c.json(presentPage(row, ADMIN), 201);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.getPage),
      middleware: [read] as const,
    }),
    (c) => {
      const { page, level } = access.page(c.var.caller.user.id, c.req.valid('param').pageId, VIEW);
      return c.json(presentPage(page, level), 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.updatePage),
      middleware: [write, read] as const,
    }),
    (c) => {
      const body = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = writeTransaction(repos.db, () => {
        const { page, level } = access.page(userId, c.req.valid('param').pageId, EDIT);
        const updated = repos.pages.updateMeta({
          ...page,
          title: body.title ?? page.title,
          icon: body.icon === undefined ? page.icon : body.icon,
        });
        return presentPage(updated, level);
      });
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.movePage),
      middleware: [write, read] as const,
    }),
    (c) => {
      const { parentId } = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = writeTransaction(repos.db, () => {
        const { page, level } = access.page(userId, c.req.valid('param').pageId, EDIT);
        const target = access.target(userId, parentId);
        access.assertMove(userId, page, level, target, `page ${page.id}`);
        const moved = repos.pages.updateMeta({ ...page, parent_id: target?.id ?? null });
        return presentPage(moved, level);
      });
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.copyPage),
      middleware: [write] as const,
    }),
    (c) => {
      const { parentId } = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const id = writeTransaction(repos.db, () => {
        const { page } = access.page(userId, c.req.valid('param').pageId, VIEW);
        const target = access.target(userId, parentId);
        const copy = {
          id: crypto.randomUUID(),
          owner_id: userId,
          parent_id: target?.id ?? null,
          title: page.title,
          icon: page.icon,
          content: repos.pages.content(page.id)!.content,
          etag: newEtag(),
        };
        repos.pages.insert(copy);
        return copy.id;
      });
      return c.json({ id }, 201);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.trashPage),
      middleware: [write] as const,
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const id = writeTransaction(repos.db, () => {
        // Trashing something already in Trash is a no-op success, so a retried request agrees.
        const { page } = access.page(userId, c.req.valid('param').pageId, ADMIN, { trashed: true });
        if (page.deleted_at === null) repos.pages.trash(page.id, deps.now());
        return page.id;
      });
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.restorePage),
      middleware: [write] as const,
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const id = writeTransaction(repos.db, () => {
        const { page } = access.page(userId, c.req.valid('param').pageId, ADMIN, { trashed: true });
        if (page.deleted_at !== null) {
          const parent = page.parent_id ? repos.folders.get(page.parent_id) : undefined;
          repos.pages.restore(page.id, parent && parent.deleted_at === null ? parent.id : null);
        }
        return page.id;
      });
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.deletePagePermanently),
      middleware: [write] as const,
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      writeTransaction(repos.db, () => {
        const { page } = access.page(userId, c.req.valid('param').pageId, ADMIN, { trashed: true });
        const linkedImages = new Set<string>();
        removePages(repos, [page.id], linkedImages);
        repos.grants.removeForItems([page.id]);
        removeUnlinkedImages(repos, linkedImages);
      });
      return c.body(null, 204);
    },
  );

  return app;
}
