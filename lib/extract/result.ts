import { z } from 'zod';

/**
 * What extraction gives back, declared once as a schema: the pipeline returns it, and the
 * background parses the extraction script's answer with it (the page is untrusted). Only types
 * are taken from here inside the pipeline, so the script injected into pages carries no zod.
 */
export const ClipModeSchema = z.enum(['article', 'selection', 'full', 'bookmark']);
export type ClipMode = z.infer<typeof ClipModeSchema>;

export const ExtractResultSchema = z.object({
  mode: ClipModeSchema,
  title: z.string(),
  byline: z.string().nullable(),
  siteName: z.string().nullable(),
  published: z.string().nullable(),
  excerpt: z.string().nullable(),
  lang: z.string().nullable(),
  wordCount: z.number(),
  url: z.string(),
  /** The page's canonical address when it declares another one on its own site (`canonical.ts`). */
  canonical: z.string().nullable().optional(),
  isProbablyArticle: z.boolean(),
  frontmatter: z.record(z.string(), z.unknown()),
  /** Markdown without frontmatter (`clipMarkdown` in lib/clip-markdown puts the two together). */
  body: z.string(),
});
export type ExtractResult = z.infer<typeof ExtractResultSchema>;
