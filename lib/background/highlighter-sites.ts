/**
 * The page the user picked for a site's highlights (`local:highlightSites`, by host), used for
 * a page without a clip instead of clipping it first. Read through `readItem`, which parses it
 * entry by entry: a hand-edited or older entry that does not parse is no choice for that site.
 */
import type { HighlightSitePage } from '../messaging/highlighter-requests';
import { highlightSitesItem, readItem } from '../settings';

/** Sites remembered at most; the oldest choice is forgotten first. */
const MAX_SITES = 500;

/** The site a page belongs to, as the choice is keyed: its host (with a port, if any). */
export function siteOf(url: string): string | null {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) && u.host !== '' ? u.host : null;
  } catch {
    return null;
  }
}

async function readSites(): Promise<Map<string, HighlightSitePage>> {
  return new Map(Object.entries(await readItem(highlightSitesItem)));
}

export async function siteDestination(site: string): Promise<HighlightSitePage | null> {
  return (await readSites()).get(site) ?? null;
}

/** Remember `page` for the site, or forget the site's page (`null`). */
export async function chooseSiteDestination(
  site: string,
  page: HighlightSitePage | null,
): Promise<void> {
  const sites = await readSites();
  sites.delete(site);
  // Re-inserted last, so the map's order is the order of the choices.
  if (page) sites.set(site, { pageId: page.pageId, title: page.title });
  const kept = [...sites].slice(-MAX_SITES);
  await highlightSitesItem.setValue(Object.fromEntries(kept));
}
