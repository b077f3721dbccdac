import { createRoute, z } from '@hono/zod-openapi';
import { ApiError } from '../http/api-error';
import { requireScope } from '../http/auth';
import { requireMarkdown } from '../http/require-markdown';
import { newRouter, type Deps } from '../http/env';
import { runIdempotent } from '../http/idempotency';
import { EDIT, VIEW } from '../domain/access';
import { applyContentOperation, applyEdits, assertContentSize, newEtag } from '../domain/content';
import { commonErrors, errorResponses, json, jsonBody, PageIdParam } from '../schemas/common';

const tags = ['Page content'];
const read = requireScope('pages:read');
const write = requireScope('pages:write');

const IdempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .openapi({ description: '1 to 200 characters, at least one non-whitespace' }),
});

const EditsBody = z
  .object({
    edits: z
      .array(
        z.object({
          id: z.string().min(1).max(200),
          oldText: z.string().min(1, { message: 'must not be empty' }),
          newText: z.string(),
        }),
      )
      .min(1)
      .max(1000),
  })
  .openapi('Edits');
const EditsResult = z
  .object({
    results: z.array(z.object({ id: z.string(), status: z.literal('applied') })),
    etag: z.string(),
  })
  .openapi('EditsResult');

const ContentOperation = z
  .object({
    id: z.string().min(1).max(200),
    operation: z.enum(['append', 'prepend']),
    content: z.string().min(1),
  })
  .openapi('ContentOperation');
const ContentOperationResult = z
  .object({ id: z.string(), etag: z.string() })
  .openapi('ContentOperationResult');

export function pageContentRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/pages/{pageId}/content',
      tags,
      summary: 'Read the markdown (frontmatter and body)',
      middleware: [read] as const,
      request: { params: PageIdParam },
      responses: {
        200: {
          description: 'The content; the ETag header identifies this revision',
          content: { 'text/markdown': { schema: z.string() } },
        },
        304: { description: 'If-None-Match equals the current ETag' },
        ...commonErrors,
      },
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
      method: 'put',
      path: '/pages/{pageId}/content',
      tags,
      summary: 'Replace the content when If-Match equals the current ETag',
      middleware: [
        write,
        // Content type before If-Match and the page lookup (docs/api.md, PUT checks).
        requireMarkdown,
        // The 5 MiB cap itself is applied app-wide by http/body.ts, before authentication.
      ] as const,
      request: {
        params: PageIdParam,
        headers: z.object({
          'if-match': z.string().optional().openapi({ description: 'required' }),
        }),
        body: { required: true, content: { 'text/markdown': { schema: z.string() } } },
      },
      responses: {
        204: { description: 'Replaced; the ETag header carries the new revision' },
        ...commonErrors,
        ...errorResponses({
          409: 'revision_mismatch',
          413: 'payload_too_large',
          415: 'unsupported_media_type',
          428: 'precondition_required',
        }),
      },
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
      const etag = repos.db.transaction(() => {
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
      })();
      return c.body(null, 204, { etag });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/pages/{pageId}/edits',
      tags,
      summary: 'Apply exact text edits, all or nothing',
      middleware: [write] as const,
      request: { params: PageIdParam, headers: IdempotencyHeader, body: jsonBody(EditsBody) },
      responses: {
        200: json(EditsResult, 'Applied; the ETag header carries the new revision'),
        ...commonErrors,
        ...errorResponses({
          409: 'idempotency_key_in_use',
          413: 'payload_too_large',
          422: 'edit_no_match, edit_ambiguous_match, edit_overlap or idempotency_key_reused',
        }),
      },
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
      method: 'post',
      path: '/pages/{pageId}/content-operations',
      tags,
      summary: 'Append or prepend markdown to the latest content',
      middleware: [write] as const,
      request: {
        params: PageIdParam,
        headers: IdempotencyHeader,
        body: jsonBody(ContentOperation),
      },
      responses: {
        200: json(ContentOperationResult, 'Applied; the ETag header carries the new revision'),
        ...commonErrors,
        ...errorResponses({
          409: 'idempotency_key_in_use',
          413: 'payload_too_large',
          422: 'idempotency_key_reused',
        }),
      },
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
        repos.pages.setContent(page.id, text, etag);
        return { status: 200, etag, body: { id: op.id, etag } };
      });
      return response as never;
    },
  );

  return app;
}
