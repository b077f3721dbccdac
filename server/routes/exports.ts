import { createRoute } from '@hono/zod-openapi';
import { zipSync, type Zippable } from 'fflate';
import { operations } from '../../contract';
import { requireScope } from '../http/auth';
import { newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';
import { VIEW } from '../domain/access';
import { reachOf } from '../domain/listing';
import { safeFileName } from '../domain/names';
import type { FolderRow } from '../db/folders';

const read = requireScope('pages:read');

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Picks `name`, `name (2)`, … so siblings never overwrite each other in the zip. */
function unique(taken: Set<string>, name: string, extension = ''): string {
  let candidate = name + extension;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export function exportsRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      ...routeOf(operations.exportPage),
      middleware: [read] as const,
    }),
    (c) => {
      const { page } = access.page(c.var.caller.user.id, c.req.valid('param').pageId, VIEW);
      const { content, etag } = repos.pages.content(page.id)!;
      return c.body(content, 200, {
        'content-type': 'text/markdown; charset=utf-8',
        'content-disposition': contentDisposition(`${safeFileName(page.title, 'Untitled')}.md`),
        etag,
      });
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.exportAllPages),
      middleware: [read] as const,
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const reach = reachOf(repos, userId);
      const tree: Zippable = {};
      const dirs = new Map<string | null, { node: Zippable; taken: Set<string> }>();
      dirs.set(null, { node: tree, taken: new Set() });
      const folderRows = new Map<string, FolderRow>();
      for (const id of reach.folders().keys()) {
        const row = repos.folders.get(id);
        if (row && row.deleted_at === null) folderRows.set(id, row);
      }
      // Folders whose parent the caller cannot see are placed at the top of the zip.
      const dirFor = (id: string | null): { node: Zippable; taken: Set<string> } => {
        const known = dirs.get(id);
        if (known) return known;
        const row = folderRows.get(id!)!;
        const parent = dirFor(
          row.parent_id && folderRows.has(row.parent_id) ? row.parent_id : null,
        );
        const node: Zippable = {};
        parent.node[unique(parent.taken, safeFileName(row.name, 'Folder'))] = node;
        const entry = { node, taken: new Set<string>() };
        dirs.set(id, entry);
        return entry;
      };
      for (const id of [...folderRows.keys()].sort(
        (a, b) => folderRows.get(a)!.created_at - folderRows.get(b)!.created_at,
      )) {
        dirFor(id);
      }
      const encoder = new TextEncoder();
      const asOf = repos.pages.currentStamp();
      let after: { at: number; id: string } | undefined;
      for (;;) {
        const rows = repos.pages.list(reach.scope, 500, asOf, after);
        for (const { row } of rows) {
          const dir = dirFor(row.parent_id && folderRows.has(row.parent_id) ? row.parent_id : null);
          dir.node[unique(dir.taken, safeFileName(row.title, 'Untitled'), '.md')] = [
            encoder.encode(repos.pages.content(row.id)!.content),
            { mtime: new Date(Math.floor(row.updated_at / 1000)) },
          ];
        }
        if (rows.length < 500) break;
        const last = rows[rows.length - 1]!;
        after = { at: last.at, id: last.row.id };
      }
      const zip = zipSync(tree, { level: 6 });
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/zip',
        'content-disposition': contentDisposition('pageclip-export.zip'),
      });
    },
  );

  return app;
}
