/**
 * The contract of a site extractor (docs/architecture.md, "Site extractors"). Each works on the
 * pipeline's prepared snapshot, never on the live page, and builds its content there.
 */

/** What a site extractor found: the same fields the general content step reports. */
export interface SitePage {
  /** The clip's content, built in the snapshot's document. */
  content: Element;
  title: string | null;
  byline: string | null;
  published: string | null;
  siteName: string | null;
}

export interface SiteExtractor {
  /** For the benchmark's report and the documentation. */
  name: string;
  /** Cheap test by address and page structure; no content is read here. */
  matches(url: URL, doc: Document): boolean;
  /** Null when the page holds too little of what the site's pages usually hold. */
  extract(doc: Document, url: URL): SitePage | null;
}
