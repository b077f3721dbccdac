/** Page content: read, replace, exact edits, append and prepend (the spec, Pages). */
import { z } from 'zod';
import { defineOperation } from './operation';
import { ContentPosition, Uuid } from './primitives';
import { anyRecord } from './tolerant';

/** Client id of an edit or content operation: 1 to 200 characters. */
const OperationId = z.string().min(1).max(200);

/** The spec, Edit item. */
export const EditItem = z.object({
  id: OperationId,
  oldText: z.string().min(1, { message: 'must not be empty' }),
  newText: z.string(),
});
export type EditItem = z.input<typeof EditItem>;

/** The spec, Content operation: id 1-200 characters, append or prepend, non-empty content. */
export const ContentOperation = z
  .object({ id: OperationId, operation: ContentPosition, content: z.string().min(1) })
  .meta({ id: 'ContentOperation' });
export type ContentOperation = z.input<typeof ContentOperation>;

const EditsResult = z
  .object({
    results: z.array(z.object({ id: z.string(), status: z.literal('applied') })),
    etag: z.string(),
  })
  .meta({ id: 'EditsResult' });

/** The spec, POST …/edits: `results` (entry shape not shown) and `etag`. */
const EditsReading = z.object({
  results: z.array(
    anyRecord.transform((v) => ({
      id: typeof v.id === 'string' ? v.id : undefined,
      status: typeof v.status === 'string' ? v.status : undefined,
    })),
  ),
  etag: z.string().min(1),
});

const PageIdParams = z.object({ pageId: Uuid });
const IdempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: '1 to 200 characters, at least one non-whitespace' }),
});
const tag = 'Page content';

export const contentOperations = {
  getContent: defineOperation({
    method: 'get',
    path: '/pages/{pageId}/content',
    tag,
    summary: 'Read the markdown (frontmatter and body)',
    access: 'read',
    params: PageIdParams,
    status: 200,
    answer: {
      type: 'markdown',
      description: 'The content; the ETag header identifies this revision',
    },
    otherAnswers: { 304: 'If-None-Match equals the current ETag' },
    doc: '`text/markdown`, `ETag` (304 on match)',
  }),
  replaceContent: defineOperation({
    method: 'put',
    path: '/pages/{pageId}/content',
    tag,
    summary: 'Replace the content when If-Match equals the current ETag',
    access: 'write',
    params: PageIdParams,
    headers: z.object({ 'if-match': z.string().optional().meta({ description: 'required' }) }),
    body: { type: 'markdown' },
    status: 204,
    answer: { type: 'none', description: 'Replaced; the ETag header carries the new revision' },
    otherAnswers: {
      409: 'revision_mismatch',
      413: 'payload_too_large',
      415: 'unsupported_media_type',
      428: 'precondition_required',
    },
    doc: 'no content, `ETag`',
  }),
  applyEdits: defineOperation({
    method: 'post',
    path: '/pages/{pageId}/edits',
    tag,
    summary: 'Apply exact text edits, all or nothing',
    access: 'write',
    params: PageIdParams,
    headers: IdempotencyHeader,
    body: {
      type: 'json',
      schema: z.object({ edits: z.array(EditItem).min(1).max(1000) }).meta({ id: 'Edits' }),
    },
    status: 200,
    answer: {
      type: 'json',
      schema: EditsResult,
      description: 'Applied; the ETag header carries the new revision',
    },
    reading: EditsReading,
    otherAnswers: {
      409: 'idempotency_key_in_use',
      413: 'payload_too_large',
      422: 'edit_no_match, edit_ambiguous_match, edit_overlap or idempotency_key_reused',
    },
    doc: '`{ results, etag }`, `ETag`',
  }),
  applyContentOperation: defineOperation({
    method: 'post',
    path: '/pages/{pageId}/content-operations',
    tag,
    summary: 'Append or prepend markdown to the latest content',
    access: 'write',
    params: PageIdParams,
    headers: IdempotencyHeader,
    body: { type: 'json', schema: ContentOperation },
    status: 200,
    answer: {
      type: 'json',
      schema: z
        .object({ id: OperationId, etag: z.string().min(1) })
        .meta({ id: 'ContentOperationResult' }),
      description: 'Applied; the ETag header carries the new revision',
    },
    otherAnswers: {
      409: 'idempotency_key_in_use',
      413: 'payload_too_large',
      422: 'idempotency_key_reused',
    },
    doc: '`{ id, etag }`, `ETag`',
  }),
};
