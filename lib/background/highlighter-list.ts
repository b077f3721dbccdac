/**
 * The highlights the palette lists (and the page anchors) for the page in a tab. On the page's
 * own clip, or the clip being made for it, every highlight it holds. On the page picked for a
 * site, which gathers highlights from many pages of that site, only those made on this page:
 * each entry's ↗ links to its passage on its own page, compared without the fragment and
 * normalised as the known-clips index keys pages. The others belong to other pages, so they
 * are not "not found here"; they are left out, and kept from changes made on this page.
 */
import { readHighlights, type PageHighlight } from '../clip-markdown/highlights-section';
import type { StoredHighlight } from '../clip-markdown/highlight-record';
import { escapeLinkUrl } from '../clip-markdown/link';
import { knownClipKey, normaliseUrl } from '../known-clips/normalise-url';
import { currentClient } from './client';
import type { BackgroundContext } from './context';
import { pendingClipFor, pendingHighlights } from './highlighter-pending';
import { pageKey, type HighlightPage, type OpenPage } from './highlighter-target';

export interface ListedHighlights {
  /** The page's own highlights: anchored and listed. */
  listed: StoredHighlight[];
  /** Ids of the target page's highlights made on other pages of the site. */
  others: string[];
}

/** A page address as comparable text; the link side keeps its escapes, so both are escaped. */
function addressOf(url: string | null | undefined): string | null {
  const normal = url ? normaliseUrl(url) : null;
  return normal ? escapeLinkUrl(normal) : null;
}

/** The addresses this page's highlights link to: its own, or the canonical one it declares. */
function ownAddresses(page: OpenPage): Set<string> {
  const own = [addressOf(page.url), addressOf(knownClipKey(page))];
  return new Set(own.filter((a): a is string => a !== null));
}

const stored = ({ id, color, selectors, note }: PageHighlight): StoredHighlight => ({
  id,
  color,
  selectors,
  note,
});

/** The highlights of `markdown` (the target page's content) that belong to the page in the tab. */
export function highlightsForPage(
  markdown: string,
  page: OpenPage,
  target: HighlightPage,
): ListedHighlights {
  const all = readHighlights(markdown).highlights;
  if (!target.site) return { listed: all.map(stored), others: [] };
  const own = ownAddresses(page);
  // An entry whose link is gone cannot be told to be this page's: it is left alone.
  const mine = (h: PageHighlight) => {
    const address = addressOf(h.link);
    return address !== null && own.has(address);
  };
  return {
    listed: all.filter(mine).map(stored),
    others: all.filter((h) => !mine(h)).map((h) => h.id),
  };
}

/** The page's highlights: from the page they go to in the service, or its pending clip. */
export async function loadHighlights(
  ctx: BackgroundContext,
  page: OpenPage,
  target: HighlightPage | null,
): Promise<ListedHighlights> {
  if (!target) {
    const pending = await pendingClipFor(pageKey(page));
    return { listed: pending ? pendingHighlights(pending) : [], others: [] };
  }
  const client = await currentClient(ctx);
  if (!client) return { listed: [], others: [] };
  const { markdown } = await client.getContent(target.pageId);
  return highlightsForPage(markdown, page, target);
}
