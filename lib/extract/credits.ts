import { normalizedText, ownerDoc, tagName } from './dom';

/**
 * Photo credits: a line that is only a credit ("Foto: Jane Doe", "© dpa", "iStock/cjp") and
 * a credit ending a caption ("Marco at the start. © AFP / Jane Doe"), which goes while the
 * caption stays. The lines are removed with the other one-line widgets
 * (boilerplate-lines.ts); the tails are trimmed here.
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
  '(?:getty ?images|shutterstock(?:\\.com)?|istock(?:photo)?|imago(?: images)?|adobe ?stock|unsplash|pixabay|picture alliance|wenn(?:\\.com)?|dpa|afp|reuters|ap photo)';
export const AGENCY_CREDIT = new RegExp(
  `^(?:[\\p{L}][\\p{L}.'’ -]{1,40}\\s?/\\s?${PHOTO_AGENCY}|${PHOTO_AGENCY}\\s?/\\s?[\\p{L}][\\p{L}.'’ -]{1,40})$`,
  'u',
);
// The same credit at the end of a caption's text: "Marco at the start. © AFP / Jane Doe".
const CREDIT_TAIL = new RegExp(`(?:^|[\\s.|,;(])\\(?${CREDIT_LABEL}\\s*[^©]{1,80}$`, 'i');

/** Trims the credit off every caption, marked up as one or written as a block beside an image. */
export function trimCaptionCredits(
  root: Element,
  lines: Element[],
  lengths: Map<Node, number>,
): void {
  for (const caption of Array.from(root.querySelectorAll(CAPTIONS))) trimCreditTail(caption);
  for (const el of lines) if (el.isConnected && isCaptionBeside(el, lengths)) trimCreditTail(el);
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

/** Drops a photo credit that ends a caption's last text node, keeping the caption itself. */
function trimCreditTail(caption: Element): void {
  const walker = ownerDoc(caption).createTreeWalker(caption, 4);
  let last: Text | null = null;
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if ((n.nodeValue ?? '').trim()) last = n as Text;
  if (!last) return;
  const value = last.nodeValue ?? '';
  const m = CREDIT_TAIL.exec(value);
  // Only a tail: a caption that is nothing but the credit was removed as a credit line.
  if (!m || m.index === 0) return;
  let cut = m.index;
  // "(All photos: Jane Doe)": the bracket opened before the credit goes with it.
  const tail = value.slice(cut);
  if (count(tail, ')') > count(tail, '(')) cut = Math.max(0, value.lastIndexOf('(', cut));
  last.nodeValue = value.slice(0, cut).replace(/[\s|]+$/, '');
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
