import { normalizedText } from './dom';

/**
 * Headings left at the end of the article with nothing under them: the labels of teaser lists,
 * maps, sign-up boxes or comment sections whose content was never part of the article ("More
 * tours in Sweden", "Participating blogs:"), or a run of teaser headlines with no text between.
 * A heading introduces what follows it; with nothing following it introduces nothing. Images
 * after it stay, only the heading goes. A run of headings stops at one as long as a sentence:
 * pages that set their text in heading markup keep it, and so do headings that are a sentence.
 */

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
// What may follow a heading that still introduces nothing: an icon, a "more" arrow.
const MAX_TEXT_AFTER = 20;
// An article that is all headings keeps them.
const MIN_TEXT_BEFORE = 200;
// Longer than a label or a teaser headline: sentences set in heading markup, the text itself.
const MAX_LABEL_CHARS = 120;
// A full sentence, closed with a full stop: labels and headlines carry none, a pull quote or
// a line of text does ("Relotius legt ein Fake-Profil an. Es stützt seine Version.").
const SENTENCE = /^(?:\S+\s+){5,}\S*[^.\s]\.$/;

/**
 * The text after `el` up to the end of `root`, stopping once it exceeds `max` characters
 * (not counting whitespace). Counted as it grows: re-reading the whole text at each sibling
 * cost time quadratic in `max` for every caller.
 */
export function textAfter(el: Element, root: Element, max: number): string {
  let text = '';
  let count = 0;
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    for (let sib = node.nextSibling; sib; sib = sib.nextSibling) {
      const part = sib.textContent ?? '';
      text += ` ${part}`;
      count += part.length - (part.match(/\s/g)?.length ?? 0);
      if (count > max) return text;
    }
  }
  return text;
}

export function removeTrailingHeadings(root: Element): void {
  const total = normalizedText(root).length;
  const headings = Array.from(root.querySelectorAll(HEADINGS));
  for (let i = headings.length - 1; i >= 0; i--) {
    const heading = headings[i]!;
    if (!heading.isConnected) continue;
    const after = textAfter(heading, root, MAX_TEXT_AFTER).replace(/\s+/g, ' ').trim();
    if (after.length > MAX_TEXT_AFTER) return;
    const text = normalizedText(heading);
    if (text.length > MAX_LABEL_CHARS || SENTENCE.test(text)) return;
    if (total - text.length < MIN_TEXT_BEFORE) return;
    heading.remove();
  }
}
