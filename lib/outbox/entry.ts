import { z } from 'zod';
import { ImageProgressSchema, ImageReportSchema } from '../images/report';
import { WriteRequestSchema } from '../write-request';

/**
 * One write in the outbox, as persisted in `storage.local`. Parsed with zod on every read so a
 * corrupt or older record is noticed instead of crashing delivery further on.
 *
 * Beyond the write and its status it keeps what exactly-once delivery needs across worker
 * stops: the lease of the attempt in flight, whether an earlier attempt may have been applied
 * (`outcomeUnknown`), when that first happened (`uncertainSince`, for the 24-hour replay
 * window), the page an Inbox write resolved to, and, once saved, when to look for a copy a
 * late request may have created (`lateCheckAt`).
 */
export const OutboxStatusSchema = z.enum(['queued', 'sending', 'saved', 'failed']);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;

export const OutboxErrorSchema = z.object({
  status: z.number().int().nullable(),
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
});
export type OutboxError = z.infer<typeof OutboxErrorSchema>;

export const OutboxLeaseSchema = z.object({ token: z.string().min(1), until: z.number() });
export type OutboxLease = z.infer<typeof OutboxLeaseSchema>;

export const OutboxResultSchema = z.object({
  pageId: z.string().min(1),
  etag: z.string().optional(),
  /** An append of highlights: how many were new, and how many the page already held. */
  highlights: z
    .object({ added: z.number().int().nonnegative(), already: z.number().int().nonnegative() })
    .optional(),
  /** A new page with kept images: what was stored and what kept its remote link. */
  images: ImageReportSchema.optional(),
});
export type OutboxResult = z.infer<typeof OutboxResultSchema>;

export const OutboxEntrySchema = z.object({
  /** Equals `write.clipId`: the Idempotency-Key and the `pageclip_id` of created pages. */
  id: z.uuid(),
  write: WriteRequestSchema,
  status: OutboxStatusSchema,
  /** Requests sent so far (an attempt that never left because of a stop still counts). */
  attempts: z.number().int().nonnegative(),
  /** Exponent of the next backoff delay; reset when the user retries. */
  backoffStep: z.number().int().nonnegative(),
  createdAt: z.number(),
  updatedAt: z.number(),
  nextAttemptAt: z.number().nullable(),
  firstAttemptAt: z.number().nullable(),
  lastAttemptAt: z.number().nullable(),
  /** Some earlier attempt may have been applied by the service (dropped response, 5xx, crash). */
  outcomeUnknown: z.boolean(),
  /** Send time of the first attempt whose outcome is unknown: the replay window counts from here. */
  uncertainSince: z.number().nullable(),
  /** Set while `sending`: who holds the entry and until when (a stopped worker's lease expires). */
  lease: OutboxLeaseSchema.nullable(),
  /** `add-to-titled-page`: the page the title resolved to, fixed before the append is sent. */
  targetPageId: z.string().nullable(),
  /** The entry waits for the user's decision because a retry could now apply it twice. */
  replayWindowWarning: z.boolean(),
  /**
   * Failed with a connection that has since been replaced, for a reason a new connection can fix
   * (a refused token, a missing scope): the UI offers Retry all and Review. Still never sent
   * again without the user. Absent in entries stored by older versions.
   */
  previousConnection: z.boolean().default(false),
  lastError: OutboxErrorSchema.nullable(),
  /** A new page with kept images: how far delivery got (also what the popup shows). */
  images: ImageProgressSchema.optional(),
  result: OutboxResultSchema.nullable(),
  /**
   * Saved, but an attempt given up on may still create a page (see `lateCopyWindowMs` in
   * policy.ts): when to look for such a copy and trash it; null when there is nothing to check.
   * Absent in entries stored by older versions. Keeps a saved entry from being pruned.
   */
  lateCheckAt: z.number().nullable().default(null),
  /** Failed tries of that check so far (`lateCheckTries` in policy.ts bounds them). */
  lateCheckTries: z.number().int().nonnegative().default(0),
  /** What the UI shows: the page or folder title. */
  label: z.string(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/**
 * What the UI is shown of an entry (`outbox.*` answers, `outbox-changed` events): its write,
 * where it stands and why. Lease, backoff and replay bookkeeping stay in the background.
 */
export const OutboxEntryViewSchema = OutboxEntrySchema.pick({
  id: true,
  write: true,
  status: true,
  attempts: true,
  createdAt: true,
  nextAttemptAt: true,
  lastError: true,
  result: true,
  label: true,
  replayWindowWarning: true,
  previousConnection: true,
  images: true,
});
export type OutboxEntryView = z.infer<typeof OutboxEntryViewSchema>;
