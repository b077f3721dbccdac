import crypto from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { requireScope } from '../http/auth';
import { paginate, decodeCursor } from '../http/cursor';
import { newRouter, type Deps } from '../http/env';
import { ADMIN, EDIT, VIEW } from '../domain/access';
import { assertContentSize, newEtag } from '../domain/content';
import { reachOf } from '../domain/listing';
import { presentPage } from '../domain/present';
import {
  commonErrors,
  errorResponses,
  IdResult,
  json,
  jsonBody,
  ListQuery,
  NullableParentId,
  PageIdParam,
  Uuid,
} from '../schemas/common';
import { Icon, PageList, PageMeta, Title } from '../schemas/resources';

const tags = ['Pages'];
const read = requireScope('pages:read');
const write = requireScope('pages:write');

const CreatePageBody = z
  .object({ title: Title, markdown: z.string().default(''), parentId: NullableParentId })
  .openapi('CreatePage');
const UpdatePageBody = z
  .object({ title: Title.optional(), icon: Icon.optional() })
  .refine((b) => b.title !== undefined || b.icon !== undefined, {
    message: 'at least one of title, icon is required',
  })
  .openapi('UpdatePage');
const MoveBody = z.object({ parentId: Uuid.nullable() }).openapi('MovePage');
const CopyBody = z.object({ parentId: Uuid.nullable() }).openapi('CopyPage');

export function pagesRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = newRouter();

  // Registered before /pages/{pageId}, which would otherwise claim "resolve" as an id.
  app.openapi(
    createRoute({
      method: 'get',
      path: '/pages/resolve',
      tags,
      summary: 'Find pages by exact title',
      middleware: [read] as const,
      request: {
        query: z.object({
          title: z.string().min(1),
          parentId: z
            .union([z.literal('root'), Uuid])
            .optional()
            .openapi({ description: 'a folder id, or `root` for the top level' }),
        }),
      },
      responses: { 200: json(z.object({ data: z.array(PageMeta) }), 'Matches'), ...commonErrors },
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
      method: 'get',
      path: '/pages',
      tags,
      summary: 'List pages, most recently updated first',
      middleware: [read] as const,
      request: { query: ListQuery.extend({ parentId: Uuid.optional() }) },
      responses: { 200: json(PageList, 'A page of pages'), ...commonErrors },
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
      method: 'post',
      path: '/pages',
      tags,
      summary: 'Create a page',
      middleware: [write] as const,
      request: { body: jsonBody(CreatePageBody) },
      responses: {
        201: json(PageMeta, 'The created page'),
        ...commonErrors,
        ...errorResponses({ 413: 'payload_too_large', 415: 'unsupported_media_type' }),
      },
    }),
    (c) => {
      const body = c.req.valid('json');
      const userId = c.var.caller.user.id;
      assertContentSize(body.markdown, 'markdown');
      const row = repos.db.transaction(() => {
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
      })();
      c.header('ETag', row.etag);
      return c.json(presentPage(row, ADMIN), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/pages/{pageId}',
      tags,
      summary: 'Read page metadata',
      middleware: [read] as const,
      request: { params: PageIdParam },
      responses: { 200: json(PageMeta, 'The page'), ...commonErrors },
    }),
    (c) => {
      const { page, level } = access.page(c.var.caller.user.id, c.req.valid('param').pageId, VIEW);
      return c.json(presentPage(page, level), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/pages/{pageId}',
      tags,
      summary: 'Update title and/or icon',
      middleware: [write] as const,
      request: { params: PageIdParam, body: jsonBody(UpdatePageBody) },
      responses: { 200: json(PageMeta, 'The updated page'), ...commonErrors },
    }),
    (c) => {
      const body = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = repos.db.transaction(() => {
        const { page, level } = access.page(userId, c.req.valid('param').pageId, EDIT);
        const updated = repos.pages.updateMeta({
          ...page,
          title: body.title ?? page.title,
          icon: body.icon === undefined ? page.icon : body.icon,
        });
        return presentPage(updated, level);
      })();
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/pages/{pageId}/move',
      tags,
      summary: 'Move a page to a folder (null: the root)',
      middleware: [write] as const,
      request: { params: PageIdParam, body: jsonBody(MoveBody) },
      responses: { 200: json(PageMeta, 'The moved page'), ...commonErrors },
    }),
    (c) => {
      const { parentId } = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = repos.db.transaction(() => {
        const { page, level } = access.page(userId, c.req.valid('param').pageId, EDIT);
        const target = access.target(userId, parentId);
        const moved = repos.pages.updateMeta({ ...page, parent_id: target?.id ?? null });
        return presentPage(moved, level);
      })();
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/pages/{pageId}/copy',
      tags,
      summary: 'Copy a page (title, icon, content) into a folder',
      middleware: [write] as const,
      request: { params: PageIdParam, body: jsonBody(CopyBody) },
      responses: { 201: json(IdResult, 'The id of the copy'), ...commonErrors },
    }),
    (c) => {
      const { parentId } = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const id = repos.db.transaction(() => {
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
      })();
      return c.json({ id }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/pages/{pageId}/trash',
      tags,
      summary: 'Move a page to Trash',
      middleware: [write] as const,
      request: { params: PageIdParam },
      responses: { 200: json(IdResult, 'The trashed page id'), ...commonErrors },
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const id = repos.db.transaction(() => {
        // Trashing something already in Trash is a no-op success, so a retried request agrees.
        const { page } = access.page(userId, c.req.valid('param').pageId, ADMIN, { trashed: true });
        if (page.deleted_at === null) repos.pages.trash(page.id, deps.now());
        return page.id;
      })();
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/pages/{pageId}/restore',
      tags,
      summary: 'Restore a page from Trash (to the root if its folder is still in Trash)',
      middleware: [write] as const,
      request: { params: PageIdParam },
      responses: { 200: json(IdResult, 'The restored page id'), ...commonErrors },
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const id = repos.db.transaction(() => {
        const { page } = access.page(userId, c.req.valid('param').pageId, ADMIN, { trashed: true });
        if (page.deleted_at !== null) {
          const parent = page.parent_id ? repos.folders.get(page.parent_id) : undefined;
          repos.pages.restore(page.id, parent && parent.deleted_at === null ? parent.id : null);
        }
        return page.id;
      })();
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/pages/{pageId}/permanent',
      tags,
      summary: 'Delete a page permanently (admin)',
      middleware: [write] as const,
      request: { params: PageIdParam },
      responses: { 204: { description: 'Deleted' }, ...commonErrors },
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      repos.db.transaction(() => {
        const { page } = access.page(userId, c.req.valid('param').pageId, ADMIN, { trashed: true });
        repos.pages.remove(page.id);
        repos.grants.removeForItems([page.id]);
      })();
      return c.body(null, 204);
    },
  );

  return app;
}
