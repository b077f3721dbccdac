import { writeTransaction } from '../db/database';
import { createRoute } from '@hono/zod-openapi';
import { operations } from '../../contract';
import { ApiError } from '../http/api-error';
import { requireScope } from '../http/auth';
import { requireMarkdown } from '../http/require-markdown';
import { newRouter, type Deps } from '../http/env';
import { runIdempotent } from '../http/idempotency';
import { routeOf } from '../http/route-of';
import { EDIT, VIEW } from '../domain/access';
import { applyContentOperation, applyEdits, assertContentSize, newEtag } from '../domain/content';

const read = requireScope('pages:read');
const write = requireScope('pages:write');

export function pageContentRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      ...routeOf(operations.getContent),
      middleware: [read] as const,
    }),
    (c) => {
      const { page } = access.page(c.var.caller.user.id, c.req.valid('param').pageId, VIEW);
      const { content, etag } = repos.pages.content(page.id)!;
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, { etag });
      return c.body(content, 200, { 'content-type': 'text/markdown; charset=utf-8', etag });
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.replaceContent),
      middleware: [
        write,
        // Content type before If-Match and the page lookup (docs/api.md, PUT checks).
        requireMarkdown,
        // The 5 MiB cap itself is applied app-wide by http/body.ts, before authentication.
      ] as const,
    }),
    async (c) => {
      const ifMatch = c.req.header('if-match');
      if (ifMatch === undefined) {
        throw new ApiError(
          428,
          'precondition_required',
          'If-Match header: required; send the ETag from reading the content',
        );
      }
      const text = await c.req.text();
      const userId = c.var.caller.user.id;
      const etag = writeTransaction(repos.db, () => {
        const { page } = access.page(userId, c.req.valid('param').pageId, EDIT);
        if (ifMatch !== page.etag) {
          throw new ApiError(
            409,
            'revision_mismatch',
            `If-Match header: ${ifMatch} is not the current revision of page ${page.id}`,
          );
        }
        const next = newEtag();
        repos.pages.setContent(page.id, text, next);
        return next;
      });
      return c.body(null, 204, { etag });
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.applyEdits),
      middleware: [write, read] as const,
    }),
    async (c) => {
      const { edits } = c.req.valid('json');
      const pageId = c.req.valid('param').pageId;
      const userId = c.var.caller.user.id;
      const response = await runIdempotent(c, deps, `/pages/${pageId}/edits`, () => {
        const { page } = access.page(userId, pageId, EDIT);
        const text = applyEdits(repos.pages.content(page.id)!.content, edits);
        assertContentSize(text, `page ${page.id}`);
        const etag = newEtag();
        repos.pages.setContent(page.id, text, etag);
        return {
          status: 200,
          etag,
          body: { results: edits.map((e) => ({ id: e.id, status: 'applied' })), etag },
        };
      });
      return response as never;
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.applyContentOperation),
      middleware: [write] as const,
    }),
    async (c) => {
      const op = c.req.valid('json');
      const pageId = c.req.valid('param').pageId;
      const userId = c.var.caller.user.id;
      const response = await runIdempotent(c, deps, `/pages/${pageId}/content-operations`, () => {
        const { page } = access.page(userId, pageId, EDIT);
        const text = applyContentOperation(
          repos.pages.content(page.id)!.content,
          op.operation,
          op.content,
        );
        assertContentSize(text, `page ${page.id}`);
        const etag = newEtag();
        repos.pages.setContent(page.id, text, etag, op.content);
        return { status: 200, etag, body: { id: op.id, etag } };
      });
      return response as never;
    },
  );

  return app;
}
