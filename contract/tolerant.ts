/**
 * Building blocks of the client's readings: what the spec guarantees, and nothing more
 * (docs/api.md: a client relies on the spec's fields only).
 * - fields the spec states are required keep the spec's types;
 * - fields the spec marks "not shown", or that only the local service adds, are optional;
 * - fields the spec declares as "one of several alternatives" with only the string form shown
 *   accept any value and keep it only when it is the string form;
 * - unknown fields are dropped (`z.object` strips them), so a richer deployment never breaks a
 *   client.
 */
import { z } from 'zod';
import { listOf, Permission, UuidString } from './primitives';

/** A field whose non-string alternatives are "not shown": keep the string, read the rest as absent. */
export const alternativeString = z
  .unknown()
  .transform((v) => (typeof v === 'string' ? v : undefined));
export const optionalString = z.string().nullish();
export const optionalUuidOrNull = UuidString.nullish();
/** A permission where the spec does not promise one: a known level, else absent. */
export const optionalPermission = Permission.optional().catch(undefined);

/** The list envelope read tolerantly: anything but a non-empty string ends the list. */
export function listReading<T extends z.ZodType>(item: T) {
  return listOf(item).extend({
    nextCursor: z
      .unknown()
      .transform((v) => (typeof v === 'string' && v.length > 0 ? v : null))
      .optional()
      .transform((v) => v ?? null),
  });
}

/** Resolve answers are "not shown": `{ data: [...] }` (the local service) or a bare array. */
export function resolveReading<T extends z.ZodType>(item: T) {
  return z.union([
    z.object({ data: z.array(item) }),
    z.array(item).transform((data) => ({ data })),
  ]);
}

/** Any JSON value as a record, so "not shown" answers can be picked apart field by field. */
export const anyRecord = z
  .unknown()
  .transform((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {}));

/**
 * Lifecycle answers whose shapes are "not shown" (trash, page restore): whatever arrives, an
 * object with an `id` or nothing at all; never an error.
 */
export const looseIdReading = anyRecord.transform((v): { id?: string } =>
  typeof v.id === 'string' ? { id: v.id } : {},
);
export type LooseIdResult = z.output<typeof looseIdReading>;
