import { normalizedText, tagName } from './dom';
import { textAfter } from './trailing';
import { siteOf, tryUrl } from './urls';

/**
 * A list of the site's other articles ending the page: each item a headline linked to another
 * page of the same site, with its deck and picture ("- ## [Nicht ganz korrekte Korrektur](…)
 * - Stolpersteine gut gemeinter Berichterstattung - ![](…)"). Readability keeps it when the
 * page's article and its teasers share a container. An article's own list of linked headings
 * (apps, books, places) points to other sites, and a list with text after it is the
 * article's; both stay.
 */

const MIN_ITEMS = 3;
// Items may open with a picture and no headline; most must hold one.
const MIN_HEADLINED_SHARE = 0.8;
// What may follow the list: a closing link or label, not a paragraph of the article.
const MAX_TEXT_AFTER = 200;

function linksSiteHeadline(li: Element, site: string, page: string): boolean {
  const heading = li.querySelector('h2, h3, h4, h5, h6');
  const link = heading?.querySelector('a[href]');
  if (!heading || !link || normalizedText(link) !== normalizedText(heading)) return false;
  const target = tryUrl(link.getAttribute('href') ?? '', page);
  return !!target && siteOf(target) === site && target.href.replace(/#.*$/, '') !== page;
}

export function removeTeaserLists(root: Element, pageUrl: string): void {
  const pageAt = tryUrl(pageUrl);
  if (!pageAt) return;
  const site = siteOf(pageAt);
  const page = pageUrl.replace(/#.*$/, '');
  for (const list of Array.from(root.querySelectorAll('ul, ol'))) {
    if (!list.isConnected) continue;
    const items = Array.from(list.children).filter((c) => tagName(c) === 'li');
    if (items.length < MIN_ITEMS) continue;
    const headlined = items.filter((li) => linksSiteHeadline(li, site, page)).length;
    if (headlined < MIN_ITEMS || headlined < items.length * MIN_HEADLINED_SHARE) continue;
    if (textAfter(list, root, MAX_TEXT_AFTER).replace(/\s+/g, '').length > MAX_TEXT_AFTER) continue;
    list.remove();
  }
}
