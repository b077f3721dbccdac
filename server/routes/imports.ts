import crypto from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { parse as parseYaml } from 'yaml';
import { operations } from '../../contract';
import { requireScope } from '../http/auth';
import { requireMarkdown } from '../http/require-markdown';
import { newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';
import { ADMIN } from '../domain/access';
import { assertContentSize, newEtag, splitFrontmatter } from '../domain/content';
import { presentPage } from '../domain/present';
import { importVault } from '../domain/vault-import';

const write = requireScope('pages:write');

/** Title of an imported document: `title` in its frontmatter, else its first `# ` heading. */
function titleOf(text: string): string | undefined {
  const { frontmatter, body } = splitFrontmatter(text);
  if (frontmatter) {
    try {
      const data = parseYaml(
        frontmatter.replace(/^---[^\n]*\n/, '').replace(/\n(---|\.\.\.)[ \t]*\r?\n?$/, ''),
      ) as unknown;
      if (data && typeof data === 'object' && 'title' in data) {
        const title = (data as { title: unknown }).title;
        if (typeof title === 'string' && title.trim()) return title.trim();
      }
    } catch {
      // Frontmatter that is not YAML is kept as written; the title comes from elsewhere.
    }
  }
  return /^#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1];
}

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
      const result = repos.db.transaction(() => importVault(deps, userId, files))();
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
      const row = repos.db.transaction(() => {
        const parent = access.target(userId, query.parentId ?? null);
        const id = crypto.randomUUID();
        repos.pages.insert({
          id,
          owner_id: userId,
          parent_id: parent?.id ?? null,
          title: (query.title ?? titleOf(text) ?? 'Untitled').slice(0, 1000),
          icon: null,
          content: text,
          etag: newEtag(),
        });
        return repos.pages.get(id)!;
      })();
      c.header('ETag', row.etag);
      return c.json(presentPage(row, ADMIN), 201);
    },
  );

  return app;
}
