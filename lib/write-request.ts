import { z } from 'zod';
import { ContentPosition } from '../contract/primitives';

/**
 * A write the user asked for, as plain data: minted at the click (with its `clipId`), stored
 * in the outbox before anything is sent, and replayed from there until the service confirms.
 *
 * `clipId` doubles as the `Idempotency-Key` and the content-operation `id` of appends, and is
 * written into a created page's frontmatter so an uncertain create can be found again
 * instead of being repeated (the spec gives `POST /pages` no idempotency key).
 */
const clipId = z.uuid();
const pageTitle = z.string().trim().min(1).max(500);
const operation = ContentPosition;

export const CreatePageWriteSchema = z.object({
  kind: z.literal('create-page'),
  clipId,
  title: pageTitle,
  markdown: z.string(),
  parentId: z.uuid().nullable(),
});

export const AddToPageWriteSchema = z.object({
  kind: z.literal('add-to-page'),
  clipId,
  pageId: z.uuid(),
  operation,
  content: z.string().min(1),
});

/** Append to the page with this exact title in the folder, creating it first if none exists (the quick-note Inbox). */
export const AddToTitledPageWriteSchema = z.object({
  kind: z.literal('add-to-titled-page'),
  clipId,
  title: pageTitle,
  parentId: z.uuid().nullable(),
  operation,
  content: z.string().min(1),
});

export const WriteRequestSchema = z.discriminatedUnion('kind', [
  CreatePageWriteSchema,
  AddToPageWriteSchema,
  AddToTitledPageWriteSchema,
]);

export type CreatePageWrite = z.infer<typeof CreatePageWriteSchema>;
export type AddToPageWrite = z.infer<typeof AddToPageWriteSchema>;
export type AddToTitledPageWrite = z.infer<typeof AddToTitledPageWriteSchema>;
export type WriteRequest = z.infer<typeof WriteRequestSchema>;
