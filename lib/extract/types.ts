/** The public contract of the extraction pipeline (see the team brief, "Extraction"). */
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
  /** Markdown without frontmatter. */
  body: string;
  /** Frontmatter block + body. */
  markdown: string;
}
