import crypto from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { conflict } from '../http/api-error';
import { requireScope } from '../http/auth';
import { decodeCursor, paginate } from '../http/cursor';
import { newRouter, type Deps } from '../http/env';
import { ADMIN, EDIT, VIEW } from '../domain/access';
import { copyFolderTree } from '../domain/copy-folder';
import { reachOf } from '../domain/listing';
import { presentFolder } from '../domain/present';
import {
  commonErrors,
  errorResponses,
  FolderIdParam,
  IdResult,
  json,
  jsonBody,
  ListQuery,
  NullableParentId,
  Uuid,
} from '../schemas/common';
import { Folder, FolderList, FolderName, Icon } from '../schemas/resources';

const tags = ['Folders'];
const read = requireScope('pages:read');
const write = requireScope('pages:write');

const CreateFolderBody = z
  .object({ name: FolderName, parentId: NullableParentId, icon: Icon.optional() })
  .openapi('CreateFolder');
const UpdateFolderBody = z
  .object({
    name: FolderName.optional(),
    icon: Icon.optional(),
    parentId: Uuid.nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.icon !== undefined || b.parentId !== undefined, {
    message: 'at least one of name, icon, parentId is required',
  })
  .openapi('UpdateFolder');
const CopyBody = z.object({ parentId: Uuid.nullable() }).openapi('CopyFolder');
const CopyResult = z
  .object({ id: Uuid, skippedRestrictedItems: z.boolean() })
  .openapi('CopyFolderResult');

export function foldersRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/folders/resolve',
      tags,
      summary: 'Find folders by exact name',
      middleware: [read] as const,
      request: {
        query: z.object({
          name: z.string().min(1),
          parentId: z
            .union([z.literal('root'), Uuid])
            .optional()
            .openapi({ description: 'a folder id, or `root` for the top level' }),
        }),
      },
      responses: { 200: json(z.object({ data: z.array(Folder) }), 'Matches'), ...commonErrors },
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
      method: 'get',
      path: '/folders',
      tags,
      summary: 'List folders, oldest first',
      middleware: [read] as const,
      request: { query: ListQuery },
      responses: { 200: json(FolderList, 'A page of folders'), ...commonErrors },
    }),
    (c) => {
      const { cursor, limit } = c.req.valid('query');
      const after = decodeCursor('folders', cursor);
      const reach = reachOf(repos, c.var.caller.user.id);
      const rows = repos.folders.list(reach.scope.folderIds, limit + 1, after);
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
      method: 'post',
      path: '/folders',
      tags,
      summary: 'Create a folder',
      middleware: [write] as const,
      request: { body: jsonBody(CreateFolderBody) },
      responses: { 201: json(Folder, 'The created folder'), ...commonErrors },
    }),
    (c) => {
      const body = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const row = repos.db.transaction(() => {
        const parent = access.target(userId, body.parentId ?? null);
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
      })();
      return c.json(presentFolder(row, ADMIN), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/folders/{folderId}',
      tags,
      summary: 'Read a folder',
      middleware: [read] as const,
      request: { params: FolderIdParam },
      responses: { 200: json(Folder, 'The folder'), ...commonErrors },
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
      method: 'patch',
      path: '/folders/{folderId}',
      tags,
      summary: 'Rename, set the icon, or move (parentId) a folder',
      middleware: [write] as const,
      request: { params: FolderIdParam, body: jsonBody(UpdateFolderBody) },
      responses: {
        200: json(Folder, 'The updated folder'),
        ...commonErrors,
        ...errorResponses({ 409: 'conflict: moving a folder into its own subtree' }),
      },
    }),
    (c) => {
      const body = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = repos.db.transaction(() => {
        const { folder, level } = access.folder(userId, c.req.valid('param').folderId, EDIT);
        let parentId = folder.parent_id;
        if (body.parentId !== undefined && body.parentId !== folder.parent_id) {
          const target = access.target(userId, body.parentId);
          if (target && repos.folders.subtreeIds(folder.id).includes(target.id)) {
            throw conflict(
              `parentId: folder ${target.id} is inside folder ${folder.id}; a folder cannot move into its own subtree`,
            );
          }
          parentId = target?.id ?? null;
        }
        const updated = {
          ...folder,
          name: body.name ?? folder.name,
          icon: body.icon === undefined ? folder.icon : body.icon,
          parent_id: parentId,
          updated_at: deps.now(),
        };
        repos.folders.update(updated);
        return presentFolder(updated, level);
      })();
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/folders/{folderId}/copy',
      tags,
      summary: 'Copy a folder and its accessible subtree',
      middleware: [write] as const,
      request: { params: FolderIdParam, body: jsonBody(CopyBody) },
      responses: { 201: json(CopyResult, 'The copy'), ...commonErrors },
    }),
    (c) => {
      const { parentId } = c.req.valid('json');
      const userId = c.var.caller.user.id;
      const result = repos.db.transaction(() => {
        const { folder, level } = access.folder(userId, c.req.valid('param').folderId, VIEW);
        const target = access.target(userId, parentId);
        return copyFolderTree(deps, userId, folder, level, target?.id ?? null);
      })();
      return c.json(result, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/folders/{folderId}/trash',
      tags,
      summary: 'Move a folder and its subtree to Trash',
      middleware: [write] as const,
      request: { params: FolderIdParam },
      responses: { 200: json(IdResult, 'The trashed folder id'), ...commonErrors },
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const id = repos.db.transaction(() => {
        const { folder } = access.folder(userId, c.req.valid('param').folderId, ADMIN, {
          trashed: true,
        });
        if (folder.deleted_at === null) repos.folders.trash(folder.id, deps.now());
        return folder.id;
      })();
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/folders/{folderId}/restore',
      tags,
      summary: 'Restore a folder and the subtree trashed with it',
      middleware: [write] as const,
      request: { params: FolderIdParam },
      responses: { 200: json(IdResult, 'The restored folder id'), ...commonErrors },
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      const id = repos.db.transaction(() => {
        const { folder } = access.folder(userId, c.req.valid('param').folderId, ADMIN, {
          trashed: true,
        });
        if (folder.deleted_at !== null) {
          const parent = folder.parent_id ? repos.folders.get(folder.parent_id) : undefined;
          repos.folders.restore(folder);
          if (parent && parent.deleted_at !== null) repos.folders.moveToRoot(folder.id);
        }
        return folder.id;
      })();
      return c.json({ id }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/folders/{folderId}/permanent',
      tags,
      summary: 'Delete a folder and its subtree permanently (admin)',
      middleware: [write] as const,
      request: { params: FolderIdParam },
      responses: { 204: { description: 'Deleted' }, ...commonErrors },
    }),
    (c) => {
      const userId = c.var.caller.user.id;
      repos.db.transaction(() => {
        const { folder } = access.folder(userId, c.req.valid('param').folderId, ADMIN, {
          trashed: true,
        });
        deleteFolderTree(deps, folder.id);
      })();
      return c.body(null, 204);
    },
  );

  return app;
}

/** Removes a folder, its subfolders and their pages (ON DELETE CASCADE) and their grants. */
export function deleteFolderTree(deps: Deps, folderId: string): void {
  const { repos } = deps;
  const folderIds = repos.folders.subtreeIds(folderId);
  const pageIds = folderIds.flatMap((id) => repos.pages.allIn(id).map((p) => p.id));
  repos.grants.removeForItems([...folderIds, ...pageIds]);
  repos.folders.remove(folderId);
}
