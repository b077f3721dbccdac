import crypto from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { parse as parseYaml } from 'yaml';
import { requireScope } from '../http/auth';
import { requireMarkdown } from '../http/require-markdown';
import { newRouter, type Deps } from '../http/env';
import { ADMIN } from '../domain/access';
import { assertContentSize, newEtag, splitFrontmatter } from '../domain/content';
import { presentPage } from '../domain/present';
import { importVault } from '../domain/vault-import';
import { commonErrors, errorResponses, json, jsonBody, Uuid } from '../schemas/common';
import { PageMeta } from '../schemas/resources';

const tags = ['Import'];
const write = requireScope('pages:write');

const VaultFile = z.object({
  path: z.string().min(1).max(1000),
  content: z.string().optional(),
  data: z.string().optional(),
  mimeType: z.string().max(200).optional(),
});
const VaultBody = z.object({ files: z.array(VaultFile).min(1).max(10_000) }).openapi('VaultImport');
const ImportResult = z
  .object({
    foldersCreated: z.number().int(),
    pagesCreated: z.number().int(),
    imagesUploaded: z.number().int(),
    backlinksCreated: z.number().int(),
    errors: z.array(z.string()),
    images: z.array(z.object({ path: z.string(), id: Uuid, url: z.string() })),
  })
  .openapi('ImportResult');

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
      method: 'post',
      path: '/imports/vaultapp',
      tags,
      summary: 'Import a note vault: .md notes into folders, images, wiki-link backlinks',
      middleware: [write] as const,
      request: { body: jsonBody(VaultBody) },
      responses: {
        200: json(ImportResult, 'Counts, and one error per file that failed'),
        ...commonErrors,
        ...errorResponses({ 413: 'payload_too_large (50 MiB)' }),
      },
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
      method: 'post',
      path: '/imports/page',
      tags,
      summary: 'Import one markdown document as a page',
      middleware: [write, requireMarkdown] as const,
      request: {
        query: z.object({
          parentId: Uuid.optional().openapi({ description: 'target folder; omitted: the root' }),
          title: z.string().min(1).max(1000).optional().openapi({
            description:
              'omitted: the frontmatter `title`, else the first `# ` heading, else "Untitled"',
          }),
        }),
        body: { required: true, content: { 'text/markdown': { schema: z.string() } } },
      },
      responses: {
        201: json(PageMeta, 'The created page'),
        ...commonErrors,
        ...errorResponses({ 413: 'payload_too_large', 415: 'unsupported_media_type' }),
      },
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
