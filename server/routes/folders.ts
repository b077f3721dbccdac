import { writeTransaction } from '../db/database';
import crypto from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { operations } from '../../contract';
import { conflict } from '../http/api-error';
import { requireScope } from '../http/auth';
import { decodeCursor, paginate } from '../http/cursor';
import { newRouter, type Deps } from '../http/env';
import { routeOf } from '../http/route-of';
import { ADMIN, EDIT, VIEW } from '../domain/access';
import { copyFolderTree } from '../domain/copy-folder';
import { deleteFolderTree } from '../domain/delete-tree';
import { removeUnlinkedImages } from '../domain/remove-pages';
import { assertFolderFits } from '../domain/folder-depth';
import { reachOf } from '../domain/listing';
import { presentFolder } from '../domain/present';

const read = requireScope('pages:read');
const write = requireScope('pages:write');

export function foldersRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      ...routeOf(operations.resolveFolders),
      middleware: [read] as const,
    }),
    (c) => {
      const { name, parentId } = c.req.valid('query');
      const userId = c.var.caller.user.id;
      const want = parentId === 'root' ? null : parentId;
      const data = repos.folders
        .byName(name)
        .filter((f) => parentId === undefined || f.parent_id === want)
        .map((f) => ({ f, level: access.folderLevel(userId, f) }))
        .filter(({ level }) => level >= VIEW)
        .map(({ f, level }) => presentFolder(f, level));
      return c.json({ data }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.listFolders),
      middleware: [read] as const,
    }),
    (c) => {
      const { cursor, limit } = c.req.valid('query');
      const after = decodeCursor('folders', cursor);
      const reach = reachOf(repos, c.var.caller.user.id);
      const rows = repos.folders.list(reach.scope, limit + 1, after);
      const page = paginate(rows, limit, 'folders', (r) => ({ at: r.created_at, id: r.id }));
      return c.json(
        {
          data: page.rows.map((r) => presentFolder(r, reach.folderLevel(r.id))),
          nextCursor: page.nextCursor,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.createFolder),
      middleware: [write] as const,
    }),
    (c) => {
      const body = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const row = writeTransaction(repos.db, () => {
        const parent = access.target(userId, body.parentId ?? null);
        assertFolderFits(repos, parent?.id ?? null, 1);
        const now = deps.now();
        const id = crypto.randomUUID();
        repos.folders.insert({
          id,
          owner_id: userId,
          parent_id: parent?.id ?? null,
          name: body.name,
          icon: body.icon ?? null,
          created_at: now,
          updated_at: now,
        });
        return repos.folders.get(id)!;
      });
      return c.json(presentFolder(row, ADMIN), 201);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.getFolder),
      middleware: [read] as const,
    }),
    (c) => {
      const { folder, level } = access.folder(
        c.var.caller.user.id,
        c.req.valid('param').folderId,
        VIEW,
      );
      return c.json(presentFolder(folder, level), 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.updateFolder),
      middleware: [write, read] as const,
    }),
    (c) => {
      const body = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = writeTransaction(repos.db, () => {
        const { folder, level } = access.folder(userId, c.req.valid('param').folderId, EDIT);
        let parentId = folder.parent_id;
        if (body.parentId !== undefined && body.parentId !== folder.parent_id) {
          const target = access.target(userId, body.parentId);
          if (target && repos.folders.subtreeIds(folder.id).includes(target.id)) {
            throw conflict(
              `parentId: folder ${target.id} is inside folder ${folder.id}; a folder cannot move into its own subtree`,
            );
          }
          access.assertMove(userId, folder, level, target, `folder ${folder.id}`);
          assertFolderFits(repos, target?.id ?? null, repos.folders.height(folder.id));
          parentId = target?.id ?? null;
        }
        const updated = {
          ...folder,
          name: body.name ?? folder.name,
          icon: body.icon === undefined ? folder.icon : body.icon,
          parent_id: parentId,
          updated_at: deps.now(),
        };
        return presentFolder(repos.folders.update(updated), level);
      });
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.copyFolder),
      middleware: [write] as const,
    }),
    (c) => {
      const { parentId } = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = writeTransaction(repos.db, () => {
        const { folder, level } = access.folder(userId, c.req.valid('param').folderId, VIEW);
        const target = access.target(userId, parentId);
        return copyFolderTree(deps, userId, folder, level, target?.id ?? null);
      });
      return c.json(result, 201);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.trashFolder),
      middleware: [write] as const,
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const id = writeTransaction(repos.db, () => {
        const { folder } = access.folder(userId, c.req.valid('param').folderId, ADMIN, {
          trashed: true,
        });
        if (folder.deleted_at === null) repos.folders.trash(folder.id, deps.now());
        return folder.id;
      });
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.restoreFolder),
      middleware: [write] as const,
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const id = writeTransaction(repos.db, () => {
        const { folder } = access.folder(userId, c.req.valid('param').folderId, ADMIN, {
          trashed: true,
        });
        if (folder.deleted_at !== null) {
          const parent = folder.parent_id ? repos.folders.get(folder.parent_id) : undefined;
          repos.folders.restore(folder);
          if (parent && parent.deleted_at !== null) repos.folders.moveToRoot(folder.id);
        }
        return folder.id;
      });
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...routeOf(operations.deleteFolderPermanently),
      middleware: [write] as const,
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      writeTransaction(repos.db, () => {
        const { folder, level } = access.folder(userId, c.req.valid('param').folderId, ADMIN, {
          trashed: true,
        });
        const linkedImages = new Set<string>();
        deleteFolderTree(deps, userId, folder, level, linkedImages);
        removeUnlinkedImages(repos, linkedImages);
      });
      return c.body(null, 204);
    },
  );

  return app;
}
