/**
 * UUIDs exactly as the spec accepts them (page-folder-service.md, Resources and their
 * fields): versions 1-8 with variant nibble 8, 9, a or b, the nil UUID and the all-ones UUID.
 * zod 4's `z.uuid()` uses the same pattern but rejects the upper-case all-ones form while
 * accepting every other upper-case UUID, so the pattern is spelled out case-insensitively.
 * Kept free of imports so the command line can use it without loading the HTTP app.
 */
export const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;
