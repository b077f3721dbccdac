import { normalizedText, tagName } from './dom';

/**
 * A list of the site's pages that marks the one being read ("[Baumgutachten](…) (diese
 * Seite)", "About (this page)"): the site's menu, written into the page by hand, not the
 * article's list. It goes with the heading right before it that labels it.
 */

const CURRENT_PAGE =
  /^[\s(–-]*(?:diese seite|aktuelle seite|this page|current page|you are here|sie sind hier|cette page|vous [êe]tes ici|esta p[áa]gina)[\s).]*$/i;
const MIN_ITEMS = 3;
const MAX_LABEL_CHARS = 80;

export function removeSiteMenus(root: Element): void {
  for (const list of Array.from(root.querySelectorAll('ul, ol'))) {
    if (!list.isConnected) continue;
    const items = Array.from(list.children).filter((c) => tagName(c) === 'li');
    if (items.length < MIN_ITEMS || !items.every(opensWithLink)) continue;
    if (!items.some(marksCurrentPage)) continue;
    const label = list.previousElementSibling;
    if (label && /^h[2-6]$/.test(tagName(label)) && normalizedText(label).length <= MAX_LABEL_CHARS)
      label.remove();
    list.remove();
  }
}

const WRAPPERS = new Set(['span', 'strong', 'b', 'em', 'i', 'small']);

/** The item's first content is a link, maybe inside a styling wrapper (`<span class=x><a>`). */
function opensWithLink(item: Element): boolean {
  for (let c = item.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3 && !(c.nodeValue ?? '').trim()) continue;
    if (c.nodeType !== 1) return false;
    const tag = tagName(c as Element);
    return tag === 'a' || (WRAPPERS.has(tag) && opensWithLink(c as Element));
  }
  return false;
}

/** The item says, beside its link, that it is the page being read. */
function marksCurrentPage(item: Element): boolean {
  const link = item.querySelector('a');
  if (!link) return false;
  const rest = normalizedText(item).slice(normalizedText(link).length);
  return CURRENT_PAGE.test(rest);
}
