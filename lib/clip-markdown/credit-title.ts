import { cleanTitle } from '../extract/title';

/** What is known of the page a quote comes from. */
export interface CreditSource {
  /** The tab's title (`document.title`), e.g. "Article title — Example News". */
  tabTitle: string;
  /** The page's own title metadata (`og:title`), when it has some. */
  metaTitle?: string | null;
  /** The page's site name metadata (`og:site_name`), when it has some. */
  siteName?: string | null;
  url: string;
}

/**
 * The title a quote credits: the article's, without the site's name. The page's title
 * metadata is preferred (it rarely carries the site name); otherwise the tab's title loses a
 * site-name part after (or before) a separator, but only when that part matches the site name
 * or the host, so "Part 1 — The beginning" stays whole. Empty when the page has no title (the
 * caller then credits the address).
 */
export function creditTitle(source: CreditSource): string {
  const title = source.metaTitle?.trim() || source.tabTitle;
  return cleanTitle(title, source.siteName ?? null, source.url);
}
