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
    if (items.length < MIN_ITEMS || !items.every((item) => openingLink(item))) continue;
    if (!items.some(marksCurrentPage)) continue;
    const label = list.previousElementSibling;
    if (label && /^h[2-6]$/.test(tagName(label)) && normalizedText(label).length <= MAX_LABEL_CHARS)
      label.remove();
    list.remove();
  }
}

const WRAPPERS = new Set(['span', 'strong', 'b', 'em', 'i', 'small']);
// How deep a link may sit in styling wrappers, and how much text after it is read: a hostile
// page nests thousands.
const MAX_WRAPPERS = 3;
const MAX_MARK_CHARS = 40;

/** The item's opening link, maybe inside a styling wrapper (`<span class=x><a>`); null if none. */
function openingLink(item: Element, depth = 0): Element | null {
  for (let c = item.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3 && !(c.nodeValue ?? '').trim()) continue;
    if (c.nodeType !== 1) return null;
    const tag = tagName(c as Element);
    if (tag === 'a') return c as Element;
    return WRAPPERS.has(tag) && depth < MAX_WRAPPERS ? openingLink(c as Element, depth + 1) : null;
  }
  return null;
}

/** The item says, right after its link, that it is the page being read. */
function marksCurrentPage(item: Element): boolean {
  const link = openingLink(item);
  if (!link) return false;
  let rest = '';
  for (let n: Node | null = link.nextSibling; n && rest.length <= MAX_MARK_CHARS; n = n.nextSibling)
    rest += n.textContent ?? '';
  return rest.length <= MAX_MARK_CHARS && CURRENT_PAGE.test(rest.replace(/\s+/g, ' '));
}
