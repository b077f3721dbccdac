/** The public contract of the extraction pipeline (docs/architecture.md, Extraction). */
export type ClipMode = 'article' | 'selection' | 'full' | 'bookmark';

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
}

export interface ExtractResult {
  mode: ClipMode;
  title: string;
  byline: string | null;
  siteName: string | null;
  published: string | null;
  excerpt: string | null;
  lang: string | null;
  wordCount: number;
  url: string;
  isProbablyArticle: boolean;
  frontmatter: Record<string, unknown>;
  /** Markdown without frontmatter (`clipMarkdown` in lib/clip-markdown puts the two together). */
  body: string;
}
