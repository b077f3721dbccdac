/**
 * The on-page highlighter's contract (background ↔ `highlighter.js` in a tab). The background
 * injects the script on demand (popup, context menu, shortcut: each grants `activeTab`) and
 * calls it with a `HighlighterInit`; where the user granted the site's host access the script
 * is also registered to load with the page, and then says hello without an id. Over one
 * `runtime.connect` port named `HIGHLIGHTER_PORT` the page sends what the user did; the
 * background answers with the page's highlights, labels and the save status. The port closes
 * when Chromium stops the idle worker; the page connects again on the user's next action, with
 * the same id (`resume`). The background
 * parses every message from the page with these schemas and accepts a port only from our
 * script in the top frame of the tab it injected that id into (or, without an id, of a site
 * whose access the user granted). The script holds no token.
 */
import { z } from 'zod';
import {
  HighlightColorSchema,
  StoredHighlightSchema,
  MAX_NOTE_LENGTH,
} from '../clip-markdown/highlight-schema';
import { HighlightId, type StoredHighlight } from '../clip-markdown/highlight-record';

export { HIGHLIGHTER_PORT } from './highlighter-port';

/** Whether the script starts selecting (highlighter mode on) or only draws the page's highlights. */
export const HighlighterModeSchema = z.enum(['on', 'draw']);
export type HighlighterMode = z.infer<typeof HighlighterModeSchema>;

export interface HighlighterInit {
  id: string;
  mode: HighlighterMode;
}

/** Page → background, over the port. */
export const HighlighterMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    /** The id it was injected with; absent when it loaded with the page (granted site). */
    id: z.uuid().optional(),
    /** `<link rel=canonical>`, used only when on the tab's own origin. */
    canonical: z.string().max(8_192).optional(),
    title: z.string().max(2_000),
    /** Connecting again (the worker had stopped): the page keeps what it shows. */
    resume: z.boolean().optional(),
  }),
  z.object({ type: z.literal('add'), highlight: StoredHighlightSchema }),
  z.object({
    type: z.literal('update'),
    id: HighlightId,
    color: HighlightColorSchema.optional(),
    note: z.string().max(MAX_NOTE_LENGTH).optional(),
  }),
  z.object({ type: z.literal('remove'), id: HighlightId }),
  z.object({ type: z.literal('close') }),
]);
export type HighlighterMessage = z.infer<typeof HighlighterMessageSchema>;

/** Every word the page shows, decided in the background (the page gets text only). */
export interface HighlighterLabels {
  palette: string;
  colors: Record<StoredHighlight['color'], string>;
  note: string;
  saveNote: string;
  remove: string;
  close: string;
  orphans: string;
  orphansHint: string;
  previous: string;
  next: string;
  /** "Highlight {n} of {total}". */
  position: string;
  /** The background cannot be reached (the extension was reloaded or updated). */
  unreachable: string;
}

/** Background → page, over the port. */
export type HighlighterUpdate =
  | {
      type: 'state';
      mode: HighlighterMode;
      highlights: StoredHighlight[];
      labels: HighlighterLabels;
    }
  | { type: 'mode'; mode: HighlighterMode }
  /**
   * Where the page's highlights go changed (the user chose or forgot a page for the site):
   * these are its highlights now, as a fresh `state` would list them.
   */
  | { type: 'highlights'; highlights: StoredHighlight[] }
  | { type: 'status'; tone: 'progress' | 'done' | 'problem'; text: string };
