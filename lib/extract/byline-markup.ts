import { normalizedText } from './dom';
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
 * card itself. Comments, asides and navigation are skipped: their hCards name commenters and
 * their author boxes other posts.
 */

const CARD = '.vcard[class*="author"]:not([class*="comment"])';
const AUTHOR_MARKUP = [
  '[itemprop~="author"] [itemprop~="name"]',
  `${CARD} .fn`,
  '.byline .fn',
  'a[rel~="author"]',
  '[class*="author-name"]:not([class*="comment"])',
  '[itemprop~="author"]',
  CARD,
];
const ANY_AUTHOR_MARKUP = AUTHOR_MARKUP.join(', ');
// Also what the reader cannot see: the markup is read on the capture, hidden parts marked.
const NOT_THE_POST = `#comments, .comments, .comment, .commentlist, .comment-list, aside, nav, [${HIDDEN_MARK}]`;
// Readability's own limit for a byline (`_isValidByline`).
const MAX_CHARS = 100;

export function markupByline(doc: Document): string | null {
  if (!doc.body) return null;
  // One walk for all the kinds (linkedom's selector engine walks the tree per query), then
  // the surest kind first.
  const found = Array.from(doc.body.querySelectorAll(ANY_AUTHOR_MARKUP)).filter(
    (el) => !el.closest(NOT_THE_POST),
  );
  for (const selector of AUTHOR_MARKUP) {
    for (const el of found) {
      if (!el.matches(selector)) continue;
      const text = normalizedText(el);
      if (text && text.length < MAX_CHARS) return text;
    }
  }
  return null;
}
