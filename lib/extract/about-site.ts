import { normalizedText } from './dom';
import { textAfter } from './trailing';

/**
 * The site's description of itself closing the page ("Über das Presse- und Medienportal
 * www.example.de", "About example.com"): the publisher's boilerplate under every page, not
 * the article. A heading that says "about" and names a web address opens it; it goes with
 * everything after it, only when that is short (a self-description, not a second article)
 * and the article before it stands alone.
 */

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const MAX_HEADING_CHARS = 120;
const ABOUT = /^(?:über|about|à propos d[eu']|a propos d[eu']|acerca de|sobre|o)\s/i;
// A web address, with or without "www."; the heading names the site by it.
const WEB_ADDRESS = /(?:^|\s)(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,6}(?:$|[\s/.,;:!?)])/i;
const MIN_ARTICLE_CHARS = 500;
const MAX_SECTION_CHARS = 3000;
const MAX_CANDIDATES = 3;

export function removeAboutSite(root: Element): void {
  const total = normalizedText(root).length;
  const about = Array.from(root.querySelectorAll(HEADINGS)).filter((heading) => {
    const text = normalizedText(heading);
    return text.length <= MAX_HEADING_CHARS && ABOUT.test(text) && WEB_ADDRESS.test(text);
  });
  // The section closes the page: only the last few such headings can open it (a hostile page
  // has thousands, each measured to the end).
  for (const heading of about.slice(-MAX_CANDIDATES)) {
    const text = normalizedText(heading);
    const after = textAfter(heading, root, MAX_SECTION_CHARS).replace(/\s+/g, ' ').trim();
    if (after.length > MAX_SECTION_CHARS) continue;
    if (total - after.length - text.length < MIN_ARTICLE_CHARS) continue;
    removeFrom(heading, root);
    return;
  }
}

/** `el` and everything after it up to the end of `root`. */
function removeFrom(el: Element, root: Element): void {
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    while (node.nextSibling) node.nextSibling.remove();
  }
  el.remove();
}
