import { inProse } from './boilerplate-lines';
import { normalizedText, ownerDoc, tagName } from './dom';

/**
 * The byline written as a line of the article ("By Jane Doe", "Von: Jane Doe · 4. 2. 2022",
 * "21. Jan 2022 // Jane Doe"): the clip's frontmatter names the author and the date already.
 * Readability removes the byline it knows by its markup (`rel="author"`, a `byline` class)
 * and leaves the others. A line goes when, past a label, it is the clip's byline, maybe with a
 * date before or after it; and only above the article's first paragraph, where bylines
 * stand: a name further on is the article's own (a quote, a letter's signature).
 */

const LABEL_WORDS =
  '(?:(?:written |posted |geschrieben |verfasst )?(?:by|von)|par|por|door|di|autor(?:in)?|author|text|texto)';
const LABEL = new RegExp(`^${LABEL_WORDS}(?:\\s*:\\s*|\\s+)`);
// A label right before the name, after a date ("Dienstag, 13. Mai 2014, von").
const LABEL_AT_END = new RegExp(`(?:^|[\\s,|·•/–—-])${LABEL_WORDS}(?:\\s*:\\s*|\\s+)$`);
const ENDS_WITH_SEPARATOR = /[,|·•/–—-]\s*$/;
// What may follow the name: a date and time, in figures with at most two words (a month,
// "Uhr"), after a separator.
const REST_SIGNS = /[\d\s.,:/|·•–—-]+/g;
const FIRST_PARAGRAPH_CHARS = 150;
const MAX_LINE_CHARS = 160;
const MAX_ELEMENTS_ABOVE = 300;
const LINES = new Set(
  'h1 h2 h3 h4 h5 h6 p div span li address small strong b em i a time header'.split(' '),
);
const MEDIA = 'img, picture, video, iframe, svg, math, table';
const WRAPPERS = new Set(['div', 'p', 'span', 'li', 'ul', 'ol', 'header', 'address']);

function comparable(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function isDateRest(rest: string): boolean {
  if (!rest.trim()) return true;
  if (!/\d/.test(rest) || !/^[\s,|·•/–—-]/.test(rest)) return false;
  const words = rest.replace(REST_SIGNS, ' ').trim();
  return !words || words.split(' ').every((w, i) => i < 2 && w.length <= 10);
}

/** A date in figures with at most three words (a weekday, a month). */
function isDate(text: string): boolean {
  if (!/\d/.test(text)) return false;
  const words = text.replace(REST_SIGNS, ' ').trim();
  return !words || words.split(' ').every((w, i) => i < 3 && w.length <= 10);
}

/**
 * What may stand before the name: nothing or a label; or a date, then a label or a
 * separator ("21. Jan 2022 //"). A date run into the name is a sentence ("am 3. Mai sprach").
 */
function isLead(before: string): boolean {
  if (!before || (LABEL.test(before) && !before.replace(LABEL, ''))) return true;
  const unlabelled = before.replace(LABEL_AT_END, '');
  if (unlabelled === before && !ENDS_WITH_SEPARATOR.test(before)) return false;
  return isDate(unlabelled);
}

function isBylineLine(text: string, byline: string): boolean {
  const line = comparable(text);
  const at = line.indexOf(byline);
  return at >= 0 && isLead(line.slice(0, at)) && isDateRest(line.slice(at + byline.length));
}

/** A paragraph of the article: a `<p>` of some length, or an element with that much own text. */
function isFirstParagraph(el: Element, tag: string): boolean {
  if (tag === 'p') return normalizedText(el).length >= FIRST_PARAGRAPH_CHARS;
  let own = 0;
  for (let c = el.firstChild; c; c = c.nextSibling)
    if (c.nodeType === 3) own += (c.nodeValue ?? '').trim().length;
  return own >= FIRST_PARAGRAPH_CHARS;
}

/** The outermost element below `root` holding `el` and no other text. */
function wholeLine(el: Element, root: Element, text: string): Element {
  let line = el;
  for (let p = el.parentElement; p && p !== root && normalizedText(p) === text; p = p.parentElement)
    line = p;
  return line;
}

export function removeBylineLines(root: Element, byline: string | null): void {
  if (!byline) return;
  const name = comparable(byline).replace(LABEL, '');
  if (name.length < 3) return;
  // The elements above the first paragraph, bounded: a byline stands near the top.
  const above: Element[] = [];
  let first: Element | null = null;
  const walker = ownerDoc(root).createTreeWalker(root, 1);
  for (let n = walker.nextNode(); n && above.length < MAX_ELEMENTS_ABOVE; n = walker.nextNode()) {
    const el = n as Element;
    if (isFirstParagraph(el, tagName(el))) {
      first = el;
      break;
    }
    above.push(el);
  }
  const found: Element[] = [];
  for (const el of above) {
    // The first paragraph's wrappers hold the whole article: no line.
    if (!LINES.has(tagName(el)) || (first && el.contains(first))) continue;
    if (found.some((f) => f.contains(el))) continue;
    const text = normalizedText(el);
    if (text.length > MAX_LINE_CHARS || !text || inProse(el) || !isBylineLine(text, name)) continue;
    // The whole line, not a part of it: the name's link in "Von <a>Jane Doe</a>" is the
    // line's only text, but a name in an author box beside their photo is no line alone.
    const line = wholeLine(el, root, text);
    if (!line.querySelector(MEDIA)) found.push(line);
  }
  for (const el of found) {
    let parent: Element | null = el.parentElement;
    el.remove();
    // A wrapper the line leaves empty (its list item, its box) goes with it.
    while (parent && parent !== root && WRAPPERS.has(tagName(parent)) && !normalizedText(parent)) {
      const next: Element | null = parent.parentElement;
      if (parent.querySelector(MEDIA)) break;
      parent.remove();
      parent = next;
    }
  }
}
