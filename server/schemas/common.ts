import { z } from '@hono/zod-openapi';

import { UUID_PATTERN } from '../domain/uuid';

export { UUID_PATTERN };

/** Ids are normalised to lower case so `ABC…` and `abc…` name the same item. */
export const Uuid = z
  .string()
  .regex(UUID_PATTERN, { message: 'must be a UUID' })
  .transform((value) => value.toLowerCase())
  .openapi({ format: 'uuid', example: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' });

export const NullableParentId = Uuid.nullable().optional();

export const Timestamp = z.string().openapi({ example: '2026-11-21T08:30:00.000Z' });

export const Permission = z.enum(['view', 'edit', 'admin']);

export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'invalid_request' }),
      message: z.string().openapi({ example: 'title: expected a string' }),
    }),
  })
  .openapi('Error');

export const IdResult = z.object({ id: Uuid }).openapi('IdResult');

export const ListQuery = z.object({
  cursor: z.string().optional().openapi({ description: 'nextCursor of the previous page' }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const PageIdParam = z.object({
  pageId: Uuid.openapi({ param: { name: 'pageId', in: 'path' } }),
});
export const FolderIdParam = z.object({
  folderId: Uuid.openapi({ param: { name: 'folderId', in: 'path' } }),
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelopeSchema } },
});

/** Error responses every authenticated route can give; routes add their own. */
export const commonErrors = {
  400: errorResponse('invalid_request'),
  401: errorResponse('unauthenticated'),
  403: errorResponse('insufficient_scope or forbidden'),
  404: errorResponse('not_found'),
  500: errorResponse('internal_error'),
} as const;

export const errorResponses = (extra: Record<number, string>) =>
  Object.fromEntries(Object.entries(extra).map(([status, d]) => [status, errorResponse(d)]));

export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema } },
});

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
