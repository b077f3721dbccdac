/**
 * The extraction script's contract (background → page → background): the plain options the
 * background passes into the injected script, and what the script returns, which the background
 * parses like any untrusted input. The script itself takes only the types from here.
 */
import { z } from 'zod';
import { ClipModeSchema, ExtractResultSchema } from '../extract/result';

export const ExtractorOptionsSchema = z.object({
  mode: ClipModeSchema,
  now: z.string(), // ISO; the clipped time from the background's clock
  extraFrontmatter: z.record(z.string(), z.string()),
  /** CSS selectors the user's templates read (docs/templates.md). */
  selectors: z.array(z.string().max(300)).max(32).optional(),
  /** Keep the page's `data:` images as references (`ExtractOptions.embedImages`). */
  embedImages: z.boolean().optional(),
});
export type ExtractorOptions = z.infer<typeof ExtractorOptionsSchema>;

/** The extraction with its markdown document (`withClipMarkdown`), as it leaves the page. */
export const ClipExtractionSchema = ExtractResultSchema.extend({ markdown: z.string() });

/** Meta tags, JSON-LD and selector texts for templates (`lib/extract/page-data.ts`). */
export const PageDataSchema = z.object({
  meta: z.record(z.string().max(200), z.string().max(2_000)),
  jsonLd: z.array(z.record(z.string(), z.unknown())).max(200),
  schemaTypes: z.array(z.string().max(100)).max(200),
  selectors: z.record(z.string().max(300), z.array(z.string().max(10_000)).max(50)),
});

export const ExtractionResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    selectionAvailable: z.boolean(),
    /** The selected text alone (for highlights); empty when nothing is selected. */
    selectionText: z.string(),
    result: ClipExtractionSchema,
    page: PageDataSchema,
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type ExtractionResult = z.infer<typeof ExtractionResultSchema>;
