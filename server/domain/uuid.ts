/**
 * UUIDs exactly as the spec accepts them (page-folder-service.md, Resources and their
 * fields): versions 1-8 with variant nibble 8, 9, a or b, the nil UUID and the all-ones UUID.
 * zod 4's `z.uuid()` uses the same pattern but rejects the upper-case all-ones form while
 * accepting every other upper-case UUID, so the pattern is spelled out with both cases (no
 * regex flag: the OpenAPI document carries it as a JSON Schema `pattern`). Kept free of
 * imports so the command line can use it without loading the HTTP app.
 */
export const UUID_PATTERN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/;
