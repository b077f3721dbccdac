/** Templates and tags: the options page edits the templates, the popup reads them and the tags. */
import { z } from 'zod';
import { MAX_TAG_LENGTH } from '../tags/known-tags';
import { TemplateListSchema } from '../templates/schema';
import { MAX_TEMPLATES_FILE } from '../templates/transfer';

export const KnownTagSchema = z.object({
  tag: z.string().min(1).max(MAX_TAG_LENGTH),
  count: z.number().int().nonnegative(),
  lastUsed: z.number(),
});
export type KnownTagList = z.infer<typeof KnownTagSchema>[];

export const TagSchema = z.string().trim().min(1).max(MAX_TAG_LENGTH);

/** A typed property value as the popup sends it with a clip. */
export const PropertyValueSchema = z.union([
  z.string().max(100_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(500),
]);

const empty = z.object({}).strict();
const templates = z.object({ templates: TemplateListSchema });

export const templatesRequests = {
  'templates.get': { request: empty, response: templates },
  'templates.set': { request: templates, response: templates },
  /** A file's text: merged in when valid, otherwise nothing changes and the error says why. */
  'templates.import': {
    request: z.object({ text: z.string().max(MAX_TEMPLATES_FILE) }),
    response: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), templates: TemplateListSchema, imported: z.number() }),
      z.object({ ok: z.literal(false), error: z.string() }),
    ]),
  },
  'templates.export': { request: empty, response: z.object({ text: z.string() }) },
  'tags.list': { request: empty, response: z.object({ tags: z.array(KnownTagSchema) }) },
} as const;
