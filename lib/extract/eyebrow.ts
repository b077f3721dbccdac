import { classAndId, normalizedText, tagName } from './dom';

/**
 * The kicker above a headline ("Product Announcements", "Off-nominal", "Blog post"): a short
 * label set right before the page's first `<h1>`, naming the section or the kind of piece, or
 * before the heading that says what the page's `og:title` says (a site whose `<h1>` is the
 * last crumb of its breadcrumb sets its headline as an `<h2>`). An icon may stand beside the
 * label: inline SVG or an SVG file (a paywall's "plus" badge), never a photo.
 * Once the headline goes (it is the clip's title) the label would open the clip on its own,
 * so it is removed from the snapshot before Readability runs, while its place beside the
 * headline still shows what it is. A byline, a date or a title there stays. A kicker set
 * inside the headline, before its words (`<h1><span class="category">Consumer
 * protection</span>Fairer price rises</h1>`), goes too: it is no part of the title.
 */

const MAX_CHARS = 40;
const MAX_WORDS = 4;
const LABEL_TAGS = new Set(['div', 'p', 'span', 'a', 'small', 'strong', 'b', 'em']);
// A title or a byline set above the headline is no kicker.
const NOT_A_LABEL_NAMES = /author|byline|writer|date|time|title|headline/;
const NOT_A_LABEL =
  'picture, video, iframe, svg image, h1, h2, h3, h4, h5, h6, time, [rel~="author"], [itemprop~="author"], a[href*="/author/"]';
const SVG_FILE = /\.svg(?:[?#]|$)/i;

function isIcon(img: Element): boolean {
  return SVG_FILE.test(img.getAttribute('src') ?? '');
}

function isLabel(el: Element): boolean {
  if (!LABEL_TAGS.has(tagName(el)) || el.matches(NOT_A_LABEL) || el.querySelector(NOT_A_LABEL))
    return false;
  if (!Array.from(el.getElementsByTagName('img')).every(isIcon)) return false;
  const text = normalizedText(el);
  if (!text || text.length > MAX_CHARS || text.split(' ').length > MAX_WORDS) return false;
  // Digits make a date or a count; end punctuation a sentence or a "Label:" leading on.
  if (/\d|[.!?:]$/.test(text)) return false;
  for (const named of [el, ...Array.from(el.querySelectorAll('[class], [id]'))])
    if (NOT_A_LABEL_NAMES.test(classAndId(named))) return false;
  return true;
}

// A kicker set inside the headline is known by its name: a span there may as well be styling
// for the headline's own first words.
const KICKER_NAMES =
  /(?:^|[\s_-])(?:category|kicker|eyebrow|overline|topline|dachzeile|rubri[ck]|ressort|topic)(?:$|[\s_-])/;
// What is left of the headline once its kicker goes: no fewer characters than this.
const MIN_HEADLINE_CHARS = 10;

function isKickerInside(headline: Element, el: Element | null): el is Element {
  if (!el || el.previousSibling?.textContent?.trim()) return false;
  if (!KICKER_NAMES.test(classAndId(el).toLowerCase()) || !isLabel(el)) return false;
  return normalizedText(headline).length - normalizedText(el).length >= MIN_HEADLINE_CHARS;
}

/** The first `<h1>`, and the first `<h1>` or `<h2>` whose text is the page's `og:title`. */
function headlines(body: Element): Element[] {
  const first = body.querySelector('h1');
  const found = first ? [first] : [];
  const meta = body.ownerDocument.querySelector('meta[property="og:title"]');
  const title = (meta?.getAttribute('content') ?? '').replace(/\s+/g, ' ').trim();
  if (!title) return found;
  for (const heading of Array.from(body.querySelectorAll('h1, h2')))
    if (heading !== first && normalizedText(heading) === title) return [...found, heading];
  return found;
}

export function removeEyebrow(body: Element): void {
  for (const headline of headlines(body)) {
    const label = headline.previousElementSibling;
    if (label && isLabel(label)) label.remove();
  }
  // Every headline: a site's name or section is often the page's first <h1>.
  for (const headline of Array.from(body.getElementsByTagName('h1'))) {
    const inside = headline.firstElementChild;
    if (isKickerInside(headline, inside)) inside.remove();
  }
}
