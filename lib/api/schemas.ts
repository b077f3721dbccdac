/**
 * zod schemas of what the service answers, written against the spec and nothing more
 * (decisions.md: "Client may rely on the spec's fields only"):
 * - fields the spec states are required, with the spec's types;
 * - fields the spec marks "not shown", or that only the local service adds, are optional;
 * - fields the spec declares as "one of several alternatives" with only the string form shown
 *   (folder icon, ownerId, permission, createdAt, updatedAt, nextCursor) accept any value and
 *   keep it only when it is the string form;
 * - unknown fields are dropped (`z.object` strips them), so a richer deployment never breaks us.
 * Types are inferred from the schemas; the client never hands out unparsed JSON.
 */
import { z } from 'zod';

// Spec, "Resources and their fields": UUIDs of versions 1-8 with an RFC variant nibble, the
// all-zero and the all-ones UUID, in either case (zod's `z.uuid()` has the same set but
// rejects the upper-case all-ones form).
const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;
export const UuidSchema = z.string().regex(UUID_PATTERN, { message: 'expected a UUID' });
export const PermissionSchema = z.enum(['view', 'edit', 'admin']);
export type Permission = z.infer<typeof PermissionSchema>;

/** A field whose non-string alternatives are "not shown": keep the string, read the rest as absent. */
const alternativeString = z.unknown().transform((v) => (typeof v === 'string' ? v : undefined));
const optionalString = z.string().nullish();
const optionalUuidOrNull = UuidSchema.nullish();

// ---------------------------------------------------------------------------------------------
// Pages

/** Spec, "Page metadata": id, title, createdAt, updatedAt required; permission present. */
export const PageSchema = z.object({
  id: UuidSchema,
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  permission: PermissionSchema,
  // Not shown in the spec (the local service sends them): optional.
  icon: optionalString,
  parentId: optionalUuidOrNull,
});
export type Page = z.infer<typeof PageSchema>;

// ---------------------------------------------------------------------------------------------
// Folders

/** Spec, "Folder (as returned by the folder list)". */
export const FolderSchema = z.object({
  id: UuidSchema,
  parentId: UuidSchema.nullable(),
  name: z.string(),
  icon: alternativeString.optional(),
  ownerId: alternativeString.optional(),
  permission: z
    .unknown()
    .transform((v) => {
      const parsed = PermissionSchema.safeParse(v);
      return parsed.success ? parsed.data : undefined;
    })
    .optional(),
  createdAt: alternativeString.optional(),
  updatedAt: alternativeString.optional(),
});
export type Folder = z.infer<typeof FolderSchema>;

/**
 * Folder creation answers "at least `id` and `name`" (spec, POST /folders); get and patch
 * responses are "not shown". Everything but id and name is optional here.
 */
export const FolderResultSchema = FolderSchema.extend({
  parentId: UuidSchema.nullable().optional(),
});
export type FolderResult = z.infer<typeof FolderResultSchema>;

// ---------------------------------------------------------------------------------------------
// Lists

/** Spec, list envelopes: `data` and `nextCursor` (a string, null on the last page). */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    // "One of several alternatives": anything but a non-empty string ends the list.
    nextCursor: z
      .unknown()
      .transform((v) => (typeof v === 'string' && v.length > 0 ? v : null))
      .optional()
      .transform((v) => v ?? null),
  });
}
export interface ListPage<T> {
  data: T[];
  nextCursor: string | null;
}

/** Resolve answers are "not shown": accept `{ data: [...] }` (the local service) or a bare array. */
export function resolveSchema<T extends z.ZodType>(item: T) {
  return z.union([
    z.object({ data: z.array(item) }),
    z.array(item).transform((data) => ({ data })),
  ]);
}

/** Trash list items: shapes "not shown"; an id is the least a list of items can carry. */
export const TrashedPageSchema = z.object({
  id: UuidSchema,
  title: optionalString,
  parentId: optionalUuidOrNull,
  deletedAt: optionalString,
  updatedAt: optionalString,
  permission: PermissionSchema.optional().catch(undefined),
});
export type TrashedPage = z.infer<typeof TrashedPageSchema>;

export const TrashedFolderSchema = z.object({
  id: UuidSchema,
  name: optionalString,
  parentId: optionalUuidOrNull,
  deletedAt: optionalString,
  updatedAt: optionalString,
  permission: PermissionSchema.optional().catch(undefined),
});
export type TrashedFolder = z.infer<typeof TrashedFolderSchema>;

/** Resolve results: exact-title matches; the spec does not show their shape beyond identity. */
export const ResolvedPageSchema = z.object({
  id: UuidSchema,
  title: z.string(),
  parentId: optionalUuidOrNull,
  createdAt: optionalString,
  updatedAt: optionalString,
  permission: PermissionSchema.optional().catch(undefined),
  icon: optionalString,
});
export type ResolvedPage = z.infer<typeof ResolvedPageSchema>;

// ---------------------------------------------------------------------------------------------
// Content

/** Spec, POST /pages/{id}/edits: `results` (entry shape not shown) and `etag`. */
export const EditResultSchema = z.object({
  results: z.array(
    z
      .unknown()
      .transform((v) =>
        typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : { value: v },
      )
      .transform((v) => ({
        id: typeof v.id === 'string' ? v.id : undefined,
        status: typeof v.status === 'string' ? v.status : undefined,
      })),
  ),
  etag: z.string().min(1),
});

/** Spec, POST /pages/{id}/content-operations: `id` (1 to 200 characters) and `etag`. */
export const ContentOperationResultSchema = z.object({
  id: z.string().min(1).max(200),
  etag: z.string().min(1),
});

/** Spec, "Edit item". */
export const EditItemSchema = z.object({
  id: z.string(),
  oldText: z.string(),
  newText: z.string(),
});
export type EditItem = z.infer<typeof EditItemSchema>;

/** Spec, "Content operation": id 1-200 characters, append or prepend, non-empty content. */
export const ContentOperationSchema = z.object({
  id: z.string().min(1).max(200),
  operation: z.enum(['append', 'prepend']),
  content: z.string().min(1),
});
export type ContentOperation = z.infer<typeof ContentOperationSchema>;

// ---------------------------------------------------------------------------------------------
// Copy, lifecycle

/** Spec, POST /pages/{id}/copy: `id` of the copy. */
export const PageCopyResultSchema = z.object({ id: UuidSchema });

/** Spec, POST /folders/{id}/copy: `id` and `skippedRestrictedItems`. */
export const FolderCopyResultSchema = z.object({
  id: UuidSchema,
  skippedRestrictedItems: z.boolean(),
});

/** Spec, PATCH /folders/{id}/restore: `id` of the restored folder. */
export const IdResultSchema = z.object({ id: UuidSchema });

/**
 * Lifecycle answers whose shapes are "not shown" (move, trash, page restore, permanent
 * delete): whatever arrives, an object with an `id` or nothing at all; never an error.
 */
export const LooseIdResultSchema = z
  .unknown()
  .transform((v) =>
    typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'
      ? { id: (v as { id: string }).id }
      : {},
  );
export type LooseIdResult = z.infer<typeof LooseIdResultSchema>;

/** Page move: "not shown"; the local service answers page metadata. Keep what parses. */
export const MovedPageSchema = z.unknown().transform((v) => {
  const parsed = PageSchema.safeParse(v);
  return parsed.success ? parsed.data : null;
});

/** Empty trash: "not shown"; the local service answers counts. */
export const EmptyTrashResultSchema = z
  .unknown()
  .transform((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {}))
  .transform((v) => ({
    pagesDeleted: typeof v.pagesDeleted === 'number' ? v.pagesDeleted : undefined,
    foldersDeleted: typeof v.foldersDeleted === 'number' ? v.foldersDeleted : undefined,
  }));

// ---------------------------------------------------------------------------------------------
// Import

/** Spec, "Import file entry". */
export const ImportFileSchema = z.object({
  path: z.string(),
  content: z.string().optional(),
  data: z.string().optional(),
  mimeType: z.string().optional(),
});
export type ImportFile = z.infer<typeof ImportFileSchema>;

/** Spec, "Import result". */
export const ImportResultSchema = z.object({
  foldersCreated: z.number(),
  pagesCreated: z.number(),
  imagesUploaded: z.number(),
  backlinksCreated: z.number(),
  errors: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

// ---------------------------------------------------------------------------------------------
// Identity and tokens (named only in the spec: every field beyond an id is optional)

export const MeSchema = z.object({
  id: z.string().min(1),
  email: optionalString,
  name: optionalString,
});
export type Me = z.infer<typeof MeSchema>;

export const TokenInfoSchema = z.object({
  id: z.string().min(1),
  name: optionalString,
  scopes: z.array(z.string()).optional().catch(undefined),
  createdAt: optionalString,
  expiresAt: optionalString,
  lastUsedAt: optionalString,
});
export type TokenInfo = z.infer<typeof TokenInfoSchema>;

/**
 * Spec, POST /tokens: "token metadata and the secret, shown only once"; field names not shown.
 * Accepts the metadata flat or under `token`, and the secret as `secret` or `token`.
 */
export const CreatedTokenSchema = z
  .object({
    secret: z.string().min(1).optional(),
    token: z.unknown().optional(),
  })
  .loose()
  .transform((v, ctx) => {
    const secret = v.secret ?? (typeof v.token === 'string' ? v.token : undefined);
    if (secret === undefined || secret.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['secret'], message: 'missing the token secret' });
      return z.NEVER;
    }
    const metaSource = typeof v.token === 'object' && v.token !== null ? v.token : v;
    const meta = TokenInfoSchema.safeParse(metaSource);
    if (!meta.success) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'missing the token id' });
      return z.NEVER;
    }
    return { ...meta.data, secret };
  });
export type CreatedToken = z.infer<typeof CreatedTokenSchema>;

// ---------------------------------------------------------------------------------------------
// Errors

/** Spec, "Error envelope": `error.code` and `error.message`, both strings. */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({ code: z.string().min(1), message: z.string() }),
});
