import { writeTransaction } from '../db/database';
import crypto from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { operations } from '../../contract';
import { requireScope } from '../http/auth';
import { requireMarkdown } from '../http/require-markdown';
import { newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';
import { ADMIN } from '../domain/access';
import { assertContentSize, newEtag } from '../domain/content';
import { presentPage } from '../domain/present';
import { importedTitle } from '../domain/title';
import { importVault } from '../domain/vault-import';

const write = requireScope('pages:write');

export function importsRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      ...routeOf(operations.importVault),
      middleware: [write] as const,
    }),
    (c) => {
      const { files } = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = writeTransaction(repos.db, () => importVault(deps, userId, files));
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.importPage),
      middleware: [write, requireMarkdown] as const,
    }),
    async (c) => {
      const query = c.req.valid('query');
      const text = await c.req.text();
      assertContentSize(text, 'body');
      const userId = c.var.caller.user.id;
      const row = writeTransaction(repos.db, () => {
        const parent = access.target(userId, query.parentId ?? null);
        const id = crypto.randomUUID();
        repos.pages.insert({
          id,
          owner_id: userId,
          parent_id: parent?.id ?? null,
          title: query.title ?? importedTitle(text) ?? 'Untitled',
          icon: null,
          content: text,
          etag: newEtag(),
        });
        return repos.pages.get(id)!;
      });
      c.header('ETag', row.etag);
      return c.json(presentPage(row, ADMIN), 201);
    },
  );

  return app;
}
