/** Quick notes and the Inbox they go to (docs/architecture.md, "The Inbox"). */
import { z } from 'zod';
import { OutboxEntryViewSchema } from '../outbox/entry';

const pageTitle = z.string().trim().min(1).max(500);

export const InboxSchema = z.object({
  /** The Inbox page, once known; found again by id wherever it was moved. */
  pageId: z.uuid().nullable(),
  /** Where it is looked up by exact title, or created, when there is no page by that id. */
  title: pageTitle,
  parentId: z.uuid().nullable(),
  /** Folder names from the top level down to `parentId`, for display. */
  folderPath: z.array(z.string()),
  /** Chosen by the user in the options; otherwise the default top-level Inbox. */
  chosen: z.boolean(),
});
export type Inbox = z.infer<typeof InboxSchema>;

/** The page a note was written on: the tab's title and address. */
export const NoteSourceSchema = z.object({
  title: z.string().max(1_000),
  url: z.string().max(10_000),
});

export const notesRequests = {
  /**
   * Add a quick note to the Inbox. The background writes the note's markdown (time, and the
   * source unless turned off in the options) and queues it like any clip.
   */
  'note.submit': {
    request: z.object({
      clipId: z.uuid(),
      text: z.string().trim().min(1).max(100_000),
      source: NoteSourceSchema.nullable(),
      /** Wait up to this long for the outbox to deliver before answering. */
      waitMs: z.number().int().min(0).max(30_000).optional(),
    }),
    response: OutboxEntryViewSchema,
  },
  /** Where notes go now. */
  'inbox.get': { request: z.object({}).strict(), response: InboxSchema },
  /** Choose a page as the Inbox, or `null` for the default top-level Inbox. */
  'inbox.set': {
    request: z.object({
      page: z.object({ id: z.uuid(), title: pageTitle, parentId: z.uuid().nullable() }).nullable(),
    }),
    response: InboxSchema,
  },
} as const;
