import { renderFrontmatter } from './frontmatter';
import { safeLinkUrl } from './link';
import { tabLinkLine, type TabLink } from './tab-link';

/**
 * A tab saved as a bookmark (it could not be read): `source` and `clipped` like any clip, then
 * the link. The `pageclip_id` and the note are added on submit like for every new page.
 */
export function tabBookmarkMarkdown(tab: TabLink, date: Date): string {
  const source = safeLinkUrl(tab.url) ?? undefined;
  return `${renderFrontmatter({ source, clipped: date.toISOString() })}\n${tabLinkLine(tab)}\n`;
}

/** Many tabs as links on one page: one list item per tab, in the order given. */
export function tabListMarkdown(tabs: readonly TabLink[], date: Date): string {
  const list = tabs.map((tab) => `- ${tabLinkLine(tab)}`).join('\n');
  return `${renderFrontmatter({ clipped: date.toISOString() })}\n${list}\n`;
}
