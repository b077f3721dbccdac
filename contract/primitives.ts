/**
 * The shared primitives of the Page and Folder Service: ids, permissions, timestamps, the list
 * and error envelopes and the content-operation position. Plain zod, no HTTP framework and no
 * browser or Node API, so the service, the client and the command line all import it.
 * `.meta()` carries what the OpenAPI document shows (component names, examples).
 */
import { z } from 'zod';

/**
 * UUIDs exactly as the spec accepts them (the spec, Resources and their fields): versions 1-8
 * with variant nibble 8, 9, a or b, the nil UUID and the all-ones UUID, in either case. zod 4's
 * `z.uuid()` uses the same set but rejects the upper-case all-ones form while accepting every
 * other upper-case UUID, so the pattern is spelled out with both cases (no regex flag: the
 * OpenAPI document carries it as a JSON Schema `pattern`).
 */
export const UUID_PATTERN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/;

const UUID_EXAMPLE = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

/** A UUID as it appears in answers: checked, kept as sent. */
export const UuidString = z
  .string()
  .regex(UUID_PATTERN, { message: 'must be a UUID' })
  .meta({ format: 'uuid', example: UUID_EXAMPLE });

/** A UUID in a request: normalised to lower case so `ABC…` and `abc…` name the same item. */
export const Uuid = UuidString.transform((value) => value.toLowerCase());

export const Timestamp = z.string().meta({ example: '2026-11-21T08:30:00.000Z' });

export const PERMISSIONS = ['view', 'edit', 'admin'] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

/** Where a content operation puts its markdown (the spec, Content operation). */
export const ContentPosition = z.enum(['append', 'prepend']);
export type ContentPosition = z.infer<typeof ContentPosition>;

export const SCOPES = ['pages:read', 'pages:write'] as const;
export type Scope = (typeof SCOPES)[number];

/** The spec, Error envelope: `error.code` and `error.message`, both strings. */
export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().min(1).meta({ example: 'invalid_request' }),
      message: z.string().meta({ example: 'title: expected a string' }),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The spec's list envelope: `data`, and `nextCursor` (a string, null on the last page). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}
export interface ListPage<T> {
  data: T[];
  nextCursor: string | null;
}

/** The query every list takes (docs/api.md, Lists and pagination). */
export const ListQuery = z.object({
  cursor: z.string().optional().meta({ description: 'nextCursor of the previous page' }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const IdResult = z.object({ id: UuidString }).meta({ id: 'IdResult' });
