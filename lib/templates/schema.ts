/**
 * Templates and rules as settings data (docs/templates.md): one zod schema each, so the settings
 * item, the import of a file and the messages that carry templates agree. The UI imports only the
 * types from here (its bundles carry no zod).
 */
import { z } from 'zod';
import { ContentPosition } from '../../contract/primitives';
import { PROPERTY_TYPES } from './property-types';

export { PROPERTY_TYPES };

export const PropertyTypeSchema = z.enum(PROPERTY_TYPES);
export type PropertyType = z.infer<typeof PropertyTypeSchema>;

/** Frontmatter keys Pageclip owns: a template may not set them. */
export const RESERVED_PROPERTIES = ['pageclip_id', 'tags'] as const;

const expression = z.string().max(2_000);

export const TemplatePropertySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\p{L}\p{N}_][\p{L}\p{N}_ .-]*$/u, 'letters, digits, space, "_", "-" or "."')
    .refine((n) => !(RESERVED_PROPERTIES as readonly string[]).includes(n), 'is set by Pageclip'),
  type: PropertyTypeSchema,
  value: expression,
});
export type TemplateProperty = z.infer<typeof TemplatePropertySchema>;

/**
 * Where a clip with this template goes: the popup's own choice (`ask`), a new page in a folder
 * named by its path (`Reading/Articles`, '' for the top level), or added to the page with this
 * exact title in that folder.
 */
export const TemplateDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ask') }),
  z.object({ kind: z.literal('folder'), folder: z.string().trim().max(1_000) }),
  z.object({
    kind: z.literal('page'),
    folder: z.string().trim().max(1_000),
    page: z.string().trim().min(1).max(500),
    operation: ContentPosition,
  }),
]);
export type TemplateDestination = z.infer<typeof TemplateDestinationSchema>;

/** A rule: the page's URL matches a pattern (`*` any run of characters), or its JSON-LD `@type`. */
export const TemplateRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), pattern: z.string().trim().min(1).max(500) }),
  z.object({ kind: z.literal('schema'), type: z.string().trim().min(1).max(100) }),
]);
export type TemplateRule = z.infer<typeof TemplateRuleSchema>;

export const TemplateSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  destination: TemplateDestinationSchema,
  title: expression,
  properties: z.array(TemplatePropertySchema).max(50),
  body: z.string().max(20_000),
  rules: z.array(TemplateRuleSchema).max(50),
});
export type Template = z.infer<typeof TemplateSchema>;

export const MAX_TEMPLATES = 100;

export const TemplateListSchema = z
  .array(TemplateSchema)
  .max(MAX_TEMPLATES)
  .refine((list) => new Set(list.map((t) => t.id)).size === list.length, 'template ids repeat');

/** The exported file: a marked, versioned envelope, so any other JSON is refused clearly. */
export const TEMPLATES_FILE_FORMAT = 'pageclip-templates';
export const TemplatesFileSchema = z.object({
  format: z.literal(TEMPLATES_FILE_FORMAT),
  version: z.literal(1),
  templates: TemplateListSchema,
});
export type TemplatesFile = z.infer<typeof TemplatesFileSchema>;
