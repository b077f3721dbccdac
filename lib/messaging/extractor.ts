/**
 * The extraction contract, in two hops. Background → tab: the plain options the background
 * passes into the injected script, and what the script returns (the page's capture, which the
 * background parses like any untrusted input). Background → extraction document: the capture
 * with the clip's options, and the extraction it answers with. The scripts take only the types
 * from here, so the one injected into pages carries no zod.
 */
import { z } from 'zod';
import { CapturedPageSchema } from '../extract/captured-page';
import { ClipModeSchema, ExtractResultSchema } from '../extract/result';

/** The clip's own options: where the clip is made, they go with the capture. */
export const ClipOptionsSchema = z.object({
  mode: ClipModeSchema,
  now: z.string(), // ISO; the clipped time from the background's clock
  extraFrontmatter: z.record(z.string(), z.string()),
  /** Keep the page's `data:` images as references (`ExtractOptions.embedImages`). */
  embedImages: z.boolean(),
});
export type ClipOptions = z.infer<typeof ClipOptionsSchema>;

export const ExtractorOptionsSchema = z.object({
  mode: ClipModeSchema,
  /** CSS selectors the user's templates read (docs/templates.md). */
  selectors: z.array(z.string().max(300)).max(32).optional(),
  /**
   * Extract the whole clip in the tab, not just the capture: while the extraction document is
   * still opening (lib/background/extraction-document.ts).
   */
  whole: ClipOptionsSchema.omit({ mode: true }).optional(),
});
export type ExtractorOptions = z.infer<typeof ExtractorOptionsSchema>;

/** The extraction with its markdown document (`withClipMarkdown`). */
export const ClipExtractionSchema = ExtractResultSchema.extend({ markdown: z.string() });

/** Meta tags, JSON-LD and selector texts for templates (`lib/extract/page-data.ts`). */
export const PageDataSchema = z.object({
  meta: z.record(z.string().max(200), z.string().max(2_000)),
  jsonLd: z.array(z.record(z.string(), z.unknown())).max(200),
  schemaTypes: z.array(z.string().max(100)).max(200),
  selectors: z.record(z.string().max(300), z.array(z.string().max(10_000)).max(50)),
});

const TabAnswerBase = z.object({
  /** The mode clipped: a selection clip without a selection is an article clip. */
  mode: ClipModeSchema,
  selectionAvailable: z.boolean(),
  /** The selected text alone (for highlights); empty when nothing is selected. */
  selectionText: z.string(),
  page: PageDataSchema,
});

/** What the script in the tab answers: the capture, or with `whole` the clip itself. */
export const TabCaptureSchema = z.discriminatedUnion('kind', [
  TabAnswerBase.extend({ kind: z.literal('capture'), capture: CapturedPageSchema }),
  TabAnswerBase.extend({ kind: z.literal('clip'), result: ClipExtractionSchema }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
export type TabCapture = z.infer<typeof TabCaptureSchema>;

/** The runtime message channel of the extraction document (lib/extraction/in-document.ts). */
export const EXTRACTION_CHANNEL = 'pageclip/extract';

export const ExtractionRequestSchema = z.object({
  channel: z.literal(EXTRACTION_CHANNEL),
  capture: CapturedPageSchema,
  options: ClipOptionsSchema,
});
export type ExtractionRequest = z.infer<typeof ExtractionRequestSchema>;

export const ExtractionAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: ClipExtractionSchema }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type ExtractionAnswer = z.infer<typeof ExtractionAnswerSchema>;
