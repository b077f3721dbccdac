import { elementsByTag } from './dom';

/**
 * `aria-hidden="true"` hides an element from assistive technology, not from the eye. On icons,
 * duplicated labels and decorative copies it marks what a reader does not need, so it counts as
 * hidden; but some pages put the whole article in an `aria-hidden` overlay or letter, which is
 * plainly what the reader sees. Paragraphs of prose inside tell the two apart.
 */

const MIN_PARAGRAPHS = 2;
const MIN_PROSE_CHARS = 200;

export function holdsProse(el: Element): boolean {
  let paragraphs = 0;
  let chars = 0;
  for (const p of elementsByTag(el, 'p')) {
    const length = (p.textContent ?? '').replace(/\s+/g, ' ').trim().length;
    if (length < 40) continue;
    paragraphs++;
    chars += length;
    if (paragraphs >= MIN_PARAGRAPHS && chars >= MIN_PROSE_CHARS) return true;
  }
  return false;
}
