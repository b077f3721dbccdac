import { textLength } from './build';
import { aiChat } from './ai-chat';
import { bluesky } from './bluesky';
import { discourse } from './discourse';
import { githubRepo, githubThread } from './github';
import { hackerNews } from './hacker-news';
import { mastodon } from './mastodon';
import { reddit } from './reddit';
import { wikipedia } from './wikipedia';
import { x } from './x';
import { youtube } from './youtube';
import type { SiteExtractor, SitePage } from './types';

/** The content step's outcome (the shape of readability-pass.ts's `ArticleOutcome`). */
export type SiteOutcome = SitePage & { excerpt: null; lang: null; length: number };

/**
 * Site extractors (docs/architecture.md, "Site extractors"): for the pages people clip most, a
 * module that knows the site's markup builds the content instead of Readability. Chosen by
 * address and page structure; when none matches, or the one that matches finds too little,
 * the general pipeline goes on as if there were none.
 */
export const SITE_EXTRACTORS: readonly SiteExtractor[] = [
  hackerNews,
  reddit,
  githubThread,
  githubRepo,
  discourse,
  x,
  mastodon,
  bluesky,
  youtube,
  aiChat,
  wikipedia,
];

/** Below this much text a site extractor's content counts as "found too little". */
const MIN_TEXT = 20;

/** The extractor whose matcher accepts the page, if any. */
export function siteExtractorFor(doc: Document, url: string): SiteExtractor | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return SITE_EXTRACTORS.find((s) => s.matches(parsed, doc)) ?? null;
}

/**
 * The content step for a page a site extractor knows: the same outcome Readability's step
 * gives, or null to let the general pipeline run. Works on (and consumes) the prepared
 * snapshot `snap` when `matched`.
 */
export function readSite(
  snap: Document,
  url: string,
): { matched: boolean; name?: string; outcome: SiteOutcome | null } {
  const site = siteExtractorFor(snap, url);
  if (!site) return { matched: false, outcome: null };
  const page = site.extract(snap, new URL(url));
  const length = textLength(page?.content ?? null);
  if (!page || length < MIN_TEXT) return { matched: true, name: site.name, outcome: null };
  const outcome: SiteOutcome = {
    content: page.content,
    title: page.title,
    byline: page.byline,
    siteName: page.siteName,
    published: page.published,
    excerpt: null,
    lang: null,
    length,
  };
  return { matched: true, name: site.name, outcome };
}
