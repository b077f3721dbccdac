/** What the user chooses on the options page and the UI may read back (never the token). */
import { z } from 'zod';
import { ContentPosition } from '../../contract/primitives';
import { ClipModeSchema } from '../extract/result';

export const ClipDefaultsSchema = z.object({
  mode: ClipModeSchema,
  operation: ContentPosition,
  highlightTemplate: z.string().min(1),
  inboxTitle: z.string().trim().min(1).max(500),
});
export type ClipDefaults = z.infer<typeof ClipDefaultsSchema>;

/** The link shown after a save, with `{origin}` and `{id}` placeholders (`lib/ui/page-link.ts`). */
export const PageLinkTemplateSchema = z.string().trim().min(1).max(2000);

export const PublicSettingsSchema = z.object({
  serviceUrl: z.string(),
  clipDefaults: ClipDefaultsSchema,
  pageLinkTemplate: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

const empty = z.object({}).strict();

export const preferencesRequests = {
  'settings.get': { request: empty, response: PublicSettingsSchema },
  'settings.set': {
    request: z.object({
      clipDefaults: ClipDefaultsSchema.partial(),
      /** Empty restores the default. */
      pageLinkTemplate: z.string().trim().max(2000).optional(),
    }),
    response: PublicSettingsSchema,
  },
} as const;
