import { z } from 'zod';
import { EMBEDDED_IMAGE_DATA_URL, EMBEDDED_IMAGE_LIMITS } from './embedded-images';

/**
 * What extraction gives back, declared once as a schema: the pipeline returns it, and the
 * background parses the extraction script's answer with it (the page is untrusted). Only types
 * are taken from here inside the pipeline, so the script injected into pages carries no zod.
 */
export const ClipModeSchema = z.enum(['article', 'selection', 'full', 'bookmark']);
export type ClipMode = z.infer<typeof ClipModeSchema>;

/** A `data:` image of the page and the reference the body embeds it by (`embedded-images.ts`). */
export const EmbeddedImageSchema = z.object({
  ref: z.string().regex(/^pageclip-image:[1-9]\d{0,2}$/),
  dataUrl: z
    .string()
    .max(Math.ceil(EMBEDDED_IMAGE_LIMITS.maxBytes / 3) * 4 + 100)
    .regex(EMBEDDED_IMAGE_DATA_URL),
});
export type EmbeddedImage = z.infer<typeof EmbeddedImageSchema>;

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
  /** The `data:` images the body embeds as `pageclip-image:N`, when asked for (`embedImages`). */
  images: z.array(EmbeddedImageSchema).max(EMBEDDED_IMAGE_LIMITS.maxCount).optional(),
});
export type ExtractResult = z.infer<typeof ExtractResultSchema>;
