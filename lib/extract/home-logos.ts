import { normalizedText, removeWithEmptyWrappers } from './dom';
import { siteOf, tryUrl } from './urls';

/**
 * The site's logo linking to its home page, which Readability keeps when the page sets it
 * inside the article's header: an image-only link to the root of the page's own site. It names
 * the site, which the frontmatter names; as the clip's first picture it hides the article's
 * own. An article's photos link to themselves or to other pages, never to the home page.
 */

const HOME_PATH = /^\/(?:index\.(?:html?|php))?$/i;
// Wrappers that hold nothing once the logo is gone.
const WRAPPERS = new Set(['picture', 'figure', 'span', 'div', 'p']);

function isHome(href: string, page: URL): boolean {
  const to = tryUrl(href, page);
  return !!to && siteOf(to) === siteOf(page) && HOME_PATH.test(to.pathname);
}

export function removeHomeLogos(root: Element, pageUrl: string): void {
  const page = tryUrl(pageUrl);
  if (!page) return;
  for (const a of Array.from(root.querySelectorAll('a[href]'))) {
    if (normalizedText(a) || !a.querySelector('img, svg, picture')) continue;
    if (!isHome(a.getAttribute('href') ?? '', page)) continue;
    removeWithEmptyWrappers(a, root, WRAPPERS);
  }
}
