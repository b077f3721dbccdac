/**
 * The zod shapes of a highlight as it crosses a boundary: from the page's highlighter to the
 * background (lib/messaging/highlighter.ts) and into the outbox (a `highlight-page` write). The
 * bounds are the record's own (`highlight-record.ts`), so anything accepted here can be stored.
 */
import { z } from 'zod';
import { QUOTE_CONTEXT_LENGTH } from '../anchoring/selectors';
import { HIGHLIGHT_COLORS, HighlightId, MAX_QUOTE_LENGTH } from './highlight-record';

/** A note is the user's markdown, kept reasonably small: it lives inside the page. */
export const MAX_NOTE_LENGTH = 10_000;

const offset = z.number().int().nonnegative().max(100_000_000);

export const HighlightSelectorsSchema = z.object({
  quote: z.object({
    type: z.literal('TextQuoteSelector'),
    exact: z.string().min(1).max(MAX_QUOTE_LENGTH),
    prefix: z.string().max(QUOTE_CONTEXT_LENGTH),
    suffix: z.string().max(QUOTE_CONTEXT_LENGTH),
  }),
  position: z
    .object({ type: z.literal('TextPositionSelector'), start: offset, end: offset })
    .optional(),
});

export const HighlightColorSchema = z.enum(HIGHLIGHT_COLORS);

export const StoredHighlightSchema = z.object({
  id: HighlightId,
  color: HighlightColorSchema,
  selectors: HighlightSelectorsSchema,
  note: z.string().max(MAX_NOTE_LENGTH),
});

/** One change to a page's highlights: what the user did, applied to the page as it is then. */
export const HighlightChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), highlight: StoredHighlightSchema }),
  z.object({
    action: z.literal('update'),
    id: HighlightId,
    color: HighlightColorSchema.optional(),
    note: z.string().max(MAX_NOTE_LENGTH).optional(),
  }),
  z.object({ action: z.literal('remove'), id: HighlightId }),
]);
export type HighlightChange = z.infer<typeof HighlightChangeSchema>;
