import { normalizedText } from './dom';

/**
 * A line of links to the site's category or tag pages and nothing else ("[Corona & die
 * Folgen], [Debatte], [Politik]" over a WordPress post): where the site files the post, not
 * part of it. Known by the links' addresses, as the names are the site's own words. Topic
 * paths (`/themen/`) are left out: some sites keep their articles under them.
 */

const TAXONOMY_PATH =
  /\/(?:category|categories|tag|tags|kategorie|kategorien|schlagw[oö]rter|schlagworte?|rubrik|rubriken|categoria|categorias|etiqueta|etiquetas|kategoria|tagi)\/[^/?#]/i;
const MAX_CHARS = 200;
// What may sit between the links: a separator and its spaces.
const MAX_SEPARATOR_CHARS = 3;

// A line is a block: inside one, a category link may sit among other links (a breadcrumb).
const INLINE = 'span, a, strong, b, em, i, small, cite, time';

export function isTaxonomyLine(el: Element, text: string): boolean {
  if (text.length > MAX_CHARS || el.matches(INLINE)) return false;
  const links = Array.from(el.getElementsByTagName('a'));
  if (!links.length) return false;
  let linked = 0;
  for (const a of links) {
    if (!TAXONOMY_PATH.test(a.getAttribute('href') ?? '')) return false;
    linked += normalizedText(a).length;
  }
  return text.length - linked <= links.length * MAX_SEPARATOR_CHARS;
}
