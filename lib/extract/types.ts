/** The public contract of the extraction pipeline: its options here, its result in `result.ts`. */
import type { ClipMode } from './result';

export type { ClipMode, ExtractResult } from './result';

export interface ExtractOptions {
  /** Default 'article'. */
  mode?: ClipMode;
  /** For 'selection': the selected ranges (Firefox allows several). */
  selection?: Range[];
  /** The clipped time (injected clock); defaults to the current time. */
  now?: Date;
  tags?: string[];
  /** Extra frontmatter keys, e.g. `{ pageclip_id: clipId }` from the outbox. */
  extraFrontmatter?: Record<string, string>;
  /**
   * Makes the empty document the pipeline copies the page into and works in. Default: one of
   * the page's own DOM implementation. Node callers pass a faster DOM than the one that
   * parsed the page (scripts/working-document.ts: linkedom instead of jsdom).
   */
  workingDocument?: () => Document;
  /**
   * Keep the page's `data:` images as `pageclip-image:N` embeds with their bytes in
   * `result.images` (`embedded-images.ts`); without it they are left out. Only a caller that
   * stores or removes those embeds before writing asks for them (the popup).
   */
  embedImages?: boolean;
}
