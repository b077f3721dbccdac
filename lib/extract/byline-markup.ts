import { INLINE_TAGS, isElement, tagName } from './dom';
import { HIDDEN_MARK } from './hidden';

/**
 * The author as the page's markup names it, for a page whose head and JSON-LD name none. Read
 * on the capture, as Readability has changed the snapshot by then.
 *
 * Readability looks for a byline too, but it drops the post's `<header>` as an unlikely
 * candidate before reaching the byline inside it (Readability.js `_grabArticle`), and that is
 * where WordPress themes print it: `<header class="entry-header">…<span class="author
 * vcard"><a class="url fn n" href="/author/jane/">Jane Doe</a>`. In order of how surely each
 * names the post's author: a microdata author's name, hCard's formatted name inside an author
 * card or a byline, a link `rel="author"`, an element classed as the author's name, the author
 * card itself, an element classed as the author, a link to the author's page. Comments, asides
 * and navigation are skipped:
 * their hCards name commenters and their author boxes other posts. A text of more than a few
 * names' words is an author box's name run into its buttons or bio, and is passed over.
 */

const CARD = '.vcard[class*="author"]:not([class*="comment"])';
// A link to the author's page (WordPress's `/author/jane/`, `/autoren/`, `/auteur/`), when no
// markup names the author: a name inside it marked as one, else its text.
const AUTHOR_SEGMENTS = ['author', 'authors', 'autor', 'autoren', 'auteur', 'autores', 'autore'];
const AUTHOR_PAGE_LINKS = AUTHOR_SEGMENTS.map((segment) => `a[href*="/${segment}/"]`);
// One author's page, not the list of them ("/autoren/" in the site's menu).
const ONE_AUTHOR_PAGE = new RegExp(`/(?:${AUTHOR_SEGMENTS.join('|')})/[^/?#]+`);
// The link's words around the name ("Alles von Martin Junker", "More from Jane"), or instead
// of one ("mehr").
const NAME_PREFIX =
  /^(?:(?:view )?all (?:posts|articles|stories) (?:by|from)|(?:more|posts|articles|stories) (?:by|from)|alles von|alle (?:beitr[äa]ge|artikel) von|mehr von|tous les articles de|m[áa]s de|todos los art[íi]culos de)\s+/i;
const NOT_A_NAME_LINK =
  /^(?:mehr|more|weiterlesen|read more|profil|profile|autor(?:en)?|authors?|auteurs?|autores?|alle beitr[äa]ge|all posts)$/i;
// Read with `authorPageName`: the link must lead to one author, its words around the name go.
const BY_AUTHOR_PAGE = new Set([
  AUTHOR_PAGE_LINKS.map((link) => `${link} [itemprop~="name"]`).join(', '),
  AUTHOR_PAGE_LINKS.join(', '),
]);
const AUTHOR_MARKUP = [
  '[itemprop~="author"] [itemprop~="name"]',
  `${CARD} .fn`,
  '.byline .fn',
  'a[rel~="author"]',
  '[class*="author-name"]:not([class*="comment"])',
  '[itemprop~="author"]',
  CARD,
  // What a theme merely classes as the author ("author", "autor", "auteurs",
  // "author--name", Plone's "documentAuthor").
  '.author, .autor, .auteur, .auteurs, [class*="author--name"], [class*="author_name"], .documentAuthor',
  // Then a link to the author's page.
  ...BY_AUTHOR_PAGE,
];
const ANY_AUTHOR_MARKUP = AUTHOR_MARKUP.join(', ');
const NOT_THE_POST =
  '#comments, [id^="comment"], .comments, .comment, .commentlist, .comment-list, aside, nav';
// What the reader cannot see counts only as microdata or hCard, markup written for machines:
// WordPress themes hide the byline of a blog with one author (`.single-author .byline {
// display: none }` in Twenty Fifteen) and it still names the author; a hidden `rel="author"`
// link names a profile ("Google"). The markup is read on the capture, hidden parts marked.
const FOR_MACHINES = AUTHOR_MARKUP.slice(0, 3).join(', ');
const HIDDEN = `[${HIDDEN_MARK}]`;
// Readability's own limit for a byline (`_isValidByline`).
const MAX_CHARS = 100;
// A name is a few words; several are joined by commas or "and" ("Isabel Caro, Rocío Latorre
// y José Miguel Wilson"). More is an author box's name run into its buttons and bio.
const MAX_NAME_WORDS = 5;
const NAME_JOINS = /[,&|·•]|\b(?:and|und|y|et|i|e)\b/i;

function looksLikeNames(text: string): boolean {
  // Up to a date or counter, which the byline step removes (byline.ts).
  return text
    .split(/\d/)[0]!
    .split(NAME_JOINS)
    .every((name) => name.trim().split(/\s+/).length <= MAX_NAME_WORDS);
}

// What sits inside an author card but is no name: its date and reading time ("Hace 13 horas",
// "Tiempo de lectura: 8 minutos").
const NOT_A_NAME = 'time, [class*="date"], [class*="time"]';

/**
 * The element's text without its dates, its blocks kept apart: `textContent` runs a name into
 * the date after it when only markup separates them ("José Miguel Wilson</div><time>Hace…").
 */
function nameText(el: Element): string {
  let text = '';
  const walk = (node: Node): void => {
    for (const child of Array.from(node.childNodes)) {
      if (!isElement(child)) {
        if (child.nodeType === 3) text += child.nodeValue ?? '';
        continue;
      }
      if (child.matches(NOT_A_NAME)) {
        text += ' ';
        continue;
      }
      const apart = !INLINE_TAGS.has(tagName(child));
      if (apart) text += ' ';
      walk(child);
      if (apart) text += ' ';
    }
  };
  walk(el);
  return text.replace(/\s+/g, ' ').trim();
}

/** The name a link to one author's page gives, without the words around it. */
function authorPageName(el: Element): string | null {
  const link = el.closest('a');
  if (!link || !ONE_AUTHOR_PAGE.test(link.getAttribute('href') ?? '')) return null;
  const text = nameText(el).replace(NAME_PREFIX, '');
  return NOT_A_NAME_LINK.test(text) ? null : text;
}

export function markupByline(doc: Document): string | null {
  if (!doc.body) return null;
  // One walk for all the kinds (linkedom's selector engine walks the tree per query), then
  // the surest kind first.
  const found = Array.from(doc.body.querySelectorAll(ANY_AUTHOR_MARKUP)).filter(
    (el) => !el.closest(NOT_THE_POST) && (!el.closest(HIDDEN) || el.matches(FOR_MACHINES)),
  );
  for (const selector of AUTHOR_MARKUP) {
    const byPage = BY_AUTHOR_PAGE.has(selector);
    for (const el of found) {
      if (!el.matches(selector)) continue;
      const text = byPage ? authorPageName(el) : nameText(el);
      if (text && text.length < MAX_CHARS && looksLikeNames(text)) return text;
    }
  }
  return null;
}
