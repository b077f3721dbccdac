import { dropCaptionHints } from './caption-hints';
import { normalizedText, ownerDoc, tagName } from './dom';

/**
 * Photo credits: a line that is only a credit ("Foto: Jane Doe", "© dpa", "iStock/cjp") and
 * a credit ending a caption ("Marco at the start. © AFP / Jane Doe"), which goes while the
 * caption stays. The lines are removed with the other one-line widgets
 * (boilerplate-lines.ts); the tails are trimmed here, with the caption's hints for the page's
 * image viewer (caption-hints.ts).
 */

export const CAPTIONS = 'figcaption, .wp-caption-text';

// A single short line that is only a photo credit or source ("Foto: Jane Doe", "© dpa").
const CREDIT_LABEL =
  '(?:©|\\(c\\)|(?:(?:photos?|images?|pictures?|fotos?|bild)\\s+cr[ée]dits?|fotos?|bild(?:er)?|titelbild|beitragsbild|photos?|photograph(?:y)?|images?|imagen|cr[ée]dits?(?: photos?)?|cr[ée]dito|quelle|source|fuente|[źz]r[óo]d[łl]o|fot\\.|zdj[ęe]cie|kuva)(?:\\s+by|\\s+via)?\\s*[:©])';
// Matched against lower-cased text (see widgetLineKind); the tail below needs the
// caption's own indices, so it keeps the `i` flag.
export const CREDIT_LINE = new RegExp(`^\\(?${CREDIT_LABEL}\\s*\\S.{0,80}$`);
// A bare credit with no label: "Judy Eddy/WENN.com", "iStock/cjp", "Jane Doe / Getty Images".
const PHOTO_AGENCY =
  '(?:getty ?images|shutterstock(?:\\.com)?|istock(?:photo)?(?:\\.com)?|imago(?: images)?|adobe ?stock|unsplash|pixabay|picture alliance|wenn(?:\\.com)?|dpa|afp|reuters|ap photo)';
export const AGENCY_CREDIT = new RegExp(
  `^(?:[\\p{L}][\\p{L}.'’ -]{1,40}\\s?/\\s?${PHOTO_AGENCY}|${PHOTO_AGENCY}\\s?/\\s?[\\p{L}][\\p{L}.'’ -]{1,40})$`,
  'u',
);
// The same credit at the end of a caption's text: "Marco at the start. © AFP / Jane Doe".
const TAIL_WINDOW = 240;
const CREDIT_TAIL = new RegExp(`(?:^|[\\s.|,;(])\\(?${CREDIT_LABEL}\\s*[^©]{1,80}$`, 'i');
// An agency's credit in brackets, no label: "… Premio Nobel de la Paz (REUTERS/Denis
// Balibouse)", "… gut getarnt. (mlharing / iStock.com)".
const AGENCY_TAIL = new RegExp(
  `\\(\\s*(?:[\\p{L}][\\p{L}.'’ -]{1,40}\\s*/\\s*)?${PHOTO_AGENCY}(?:\\s*/\\s*[\\p{L}][\\p{L}.'’ -]{1,40})?\\s*\\)\\s*$`,
  'iu',
);

// A source credited with "via", often the link itself ("…, Serkan Cura, Bild <a>via</a>",
// "… | Photo via Flickr"): set off from the caption by a comma or bar, a few words at most.
const VIA_TAIL =
  /[,;|]\s*(?:photos?|images?|pictures?|fotos?|bild(?:er)?|quelle|source)\s+via\b(?::?\s*[^\s©:]+(?:\s+[^\s©]+){0,3})?\s*$/i;

/** Trims the credit off every caption, marked up as one or written as a block beside an image. */
export function trimCaptionCredits(
  root: Element,
  lines: Element[],
  lengths: Map<Node, number>,
): void {
  for (const caption of Array.from(root.querySelectorAll(CAPTIONS))) {
    dropCaptionHints(caption);
    trimCreditTail(caption);
  }
  for (const el of lines) {
    if (!el.isConnected) continue;
    if (isCaptionBeside(el, lengths)) {
      dropCaptionHints(el);
      trimCreditTail(el);
    }
  }
}

/** Whether `text` ends in a photo credit after some text of its own ("… escolar. Foto: Andina"). */
export function endsInCredit(text: string): boolean {
  const from = Math.max(0, text.length - TAIL_WINDOW);
  const end = text.slice(from);
  const m = CREDIT_TAIL.exec(end) ?? AGENCY_TAIL.exec(end) ?? VIA_TAIL.exec(end);
  return !!m && !!text.slice(0, from + m.index).trim();
}

const MEDIA = 'img, picture, video';
const CAPTION_TAGS = new Set(['p', 'div', 'small', 'span', 'em', 'i']);

/**
 * A caption written as an ordinary block: short text right after an element that holds
 * only an image (`<a><picture/></a><div>Lee at the Masters. | © Agency</div>`), or inside
 * a wrapper whose only other content is that image.
 */
function isCaptionBeside(el: Element, lengths: Map<Node, number>): boolean {
  if (!CAPTION_TAGS.has(tagName(el)) || el.querySelector(MEDIA)) return false;
  if ((lengths.get(el) ?? 0) > 400) return false;
  let block: Element = el;
  // An inline caption (`<p><small>…</small></p>`) is judged by its block.
  while (
    !block.previousElementSibling &&
    block.parentElement &&
    !normalizedText(block.parentElement).replace(normalizedText(block), '').trim()
  ) {
    if (block.parentElement.querySelector(MEDIA)) break;
    block = block.parentElement;
  }
  const prev = block.previousElementSibling;
  if (!prev) return false;
  const isMedia = prev.matches(MEDIA) || !!prev.querySelector(MEDIA);
  return isMedia && !normalizedText(prev);
}

/**
 * Drops a photo credit that ends a caption, keeping the caption. The credit is matched on the
 * caption's whole text, since its name is often a link of its own ("Bild: <a>Jane Doe</a>"):
 * the text nodes from where it starts are cut, and elements left empty go.
 */
function trimCreditTail(caption: Element): void {
  const nodes: Text[] = [];
  const walker = ownerDoc(caption).createTreeWalker(caption, 4);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const text = nodes.map((n) => n.nodeValue ?? '').join('');
  // A credit is short: the pattern reads only the caption's end, so a huge caption costs no
  // more than a short one.
  const from = Math.max(0, text.length - TAIL_WINDOW);
  const end = text.slice(from);
  const m = CREDIT_TAIL.exec(end) ?? AGENCY_TAIL.exec(end) ?? VIA_TAIL.exec(end);
  // Only a tail: a caption that is nothing but the credit was removed as a credit line.
  if (!m || !text.slice(0, from + m.index).trim()) {
    dropDanglingSeparator(nodes, text);
    return;
  }
  let cut = from + m.index;
  // "(All photos: Jane Doe)": the bracket opened before the credit goes with it.
  const tail = text.slice(cut);
  if (count(tail, ')') > count(tail, '(')) cut = Math.max(0, text.lastIndexOf('(', cut));
  let offset = 0;
  let kept: Text | null = null;
  for (const node of nodes) {
    const value = node.nodeValue ?? '';
    const start = offset;
    offset += value.length;
    if (offset <= cut) {
      if (value.trim()) kept = node;
      continue;
    }
    if (start < cut) {
      node.nodeValue = value.slice(0, cut - start);
      kept = node;
    } else {
      node.nodeValue = '';
      removeEmptied(node, caption);
    }
  }
  if (kept) kept.nodeValue = (kept.nodeValue ?? '').replace(/[\s|]+$/, '');
}

/**
 * The separator a credit marked up on its own left behind once the credit line rule took it
 * (`<p>Caption.</p> | <small>© Agency</small>` read "Caption. |"): a last text that is only
 * separators goes, when the caption has other text.
 */
function dropDanglingSeparator(nodes: Text[], text: string): void {
  const last = nodes.findLast((n) => (n.nodeValue ?? '').trim());
  if (!last || !SEPARATOR_ONLY.test(last.nodeValue ?? '')) return;
  if (text.replace(last.nodeValue ?? '', '').trim()) last.nodeValue = '';
}
const SEPARATOR_ONLY = /^[\s|•·]+$/;

/** The elements around a text node emptied by the cut, up to the caption, once nothing is left in them. */
function removeEmptied(node: Text, caption: Element): void {
  let el: Element | null = node.parentElement;
  while (el && el !== caption && !(el.textContent ?? '').trim() && !el.querySelector(MEDIA)) {
    const parent: Element | null = el.parentElement;
    el.remove();
    el = parent;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
