import { normalizedText, tagName } from './dom';
import { HIDDEN_MARK } from './hidden';

/**
 * The author named in a line under the headline, for a page whose head, JSON-LD and markup
 * name none: news sites print "Von Volkmar Kabisch, Jan Lukas Strozyk und Benedikt Strunz,
 * NDR" or "By Jane Doe | 12/10/2020" in a plain paragraph or span, and blogs "Posted by Jane".
 * Read on the capture, in the few elements after the page's first `<h1>` (a line elsewhere, a
 * teaser's "von …", names another article's writer), and only a line that opens with "by" (or
 * "von", "par", "por") and a capital, whose first name is written in capitals: "Von Berlin
 * aus fährt …" opens a sentence. The byline step (byline.ts) takes the label and date off.
 */

const BY_LINE =
  /^(?:(?:text|artikel|beitrag|posted|written|geschrieben|verfasst|erstellt)\s+)?(?:von|by|par|por)\s+\p{Lu}/iu;
// A line, not a paragraph.
const MAX_LINE_CHARS = 120;
// How far after the headline a byline may stand (date lines, a standfirst, share buttons).
const MAX_ELEMENTS = 25;
// Where the article has begun: a paragraph this long is its text, not its header.
const ARTICLE_CHARS = 250;
const INLINE = new Set(['a', 'span', 'strong', 'b', 'em', 'i', 'time', 'small', 'abbr', 'br']);
const NOT_THE_POST = `#comments, aside, nav, footer, [${HIDDEN_MARK}]`;
// Words a name may hold in lower case ("Ursula von der Leyen", "Ana de la Torre").
const PARTICLES = new Set([
  'von',
  'van',
  'der',
  'den',
  'de',
  'da',
  'di',
  'du',
  'la',
  'le',
  'del',
  'zu',
  'y',
]);
const MAX_NAME_WORDS = 4;

/** The next element after `el` in document order, past its own subtree when `skip`. */
function nextElement(el: Element, skip: boolean): Element | null {
  if (!skip && el.firstElementChild) return el.firstElementChild;
  for (let up: Element | null = el; up; up = up.parentElement) {
    if (up.nextElementSibling) return up.nextElementSibling;
  }
  return null;
}

function isLine(el: Element): boolean {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling)
    if (!INLINE.has(tagName(c))) return false;
  return true;
}

/** The element's text up to its first `<br>`: a dateline often follows the names. */
function firstLine(el: Element): string {
  let text = '';
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && tagName(n as Element) === 'br') break;
    text += n.textContent ?? '';
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether the first name after the label is written as a name: capitals, or particles. */
function opensWithName(text: string): boolean {
  const rest = text.replace(BY_LINE, (m) => m.slice(-1));
  const first = rest
    .split(/[,;|·•]|\s(?:und|and|et|y)\s|\s[–—-]\s|\d/)[0]!
    .trim()
    .split(/\s+/);
  return (
    first.length <= MAX_NAME_WORDS &&
    first.every((w) => /^\p{Lu}/u.test(w) || PARTICLES.has(w.toLowerCase()))
  );
}

export function headlineByline(doc: Document): string | null {
  const h1 = Array.from(doc.body?.getElementsByTagName('h1') ?? []).find(
    (h) => !h.closest(NOT_THE_POST),
  );
  if (!h1) return null;
  let el = nextElement(h1, true);
  for (let i = 0; el && i < MAX_ELEMENTS; i++, el = nextElement(el, false)) {
    const tag = tagName(el);
    if (tag === 'h1') break;
    // A share bar or a teaser box beside the headline is looked past, not into.
    if (!isLine(el) || el.closest(NOT_THE_POST)) continue;
    const text = firstLine(el);
    if (tag === 'p' && normalizedText(el).length > ARTICLE_CHARS) break;
    if (text.length <= MAX_LINE_CHARS && BY_LINE.test(text) && opensWithName(text)) return text;
  }
  return null;
}
