/** What the user chooses on the options page and the UI may read back (never the token). */
import { z } from 'zod';
import { ContentPosition } from '../../contract/primitives';
import { ClipModeSchema } from '../extract/result';

export const ClipDefaultsSchema = z.object({
  mode: ClipModeSchema,
  operation: ContentPosition,
  highlightTemplate: z.string().min(1),
  inboxTitle: z.string().trim().min(1).max(500),
  /** Quick notes carry the title and address of the tab they were written on. */
  noteSource: z.boolean(),
  /** New pages store their images in the service by default (docs/architecture.md, "Kept images"). */
  keepImages: z.boolean().optional(),
});
export type ClipDefaults = z.infer<typeof ClipDefaultsSchema>;

/** The link shown after a save, with `{origin}` and `{id}` placeholders (`lib/ui/page-link.ts`). */
export const PageLinkTemplateSchema = z.string().trim().min(1).max(2000);

export const PublicSettingsSchema = z.object({
  serviceUrl: z.string(),
  clipDefaults: ClipDefaultsSchema,
  pageLinkTemplate: z.string(),
  /** The options page's "pin the button and try a clip" suggestion was dismissed. */
  pinTipDismissed: z.boolean().optional(),
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
      /** Dismissing is for good: there is no way back to showing the suggestion. */
      pinTipDismissed: z.literal(true).optional(),
      /** "Mark pages I have clipped" as the user just set it (the `tabs` permission follows it). */
      markClipped: z.boolean().optional(),
    }),
    response: PublicSettingsSchema,
  },
} as const;
