import { normalizedText } from './dom';

/**
 * A line made of links to places in the page that the clip does not hold: "Skip to main
 * content", "Wechseln zu: Navigation, Suche", "Leave a comment", "Back to top". They move
 * around the page, not in the note, so the line goes; a link of that kind inside prose only
 * loses its link (urls.ts).
 */

const LINE = 'p, li, dd, dt, div, td, th';
// Beside the links, nothing but separators, or a label that ends in a colon ("Jump to:").
const LABEL = /^[^:]{1,20}:$/;

/** Removes the line `a` stands on when `a` and its like are all it says; whether it did. */
export function removeJumpLine(a: Element, isJump: (link: Element) => boolean): boolean {
  const line = a.parentElement?.closest(LINE) ?? null;
  // A heading's link is its permalink (clutter.ts), never a line to drop with its words.
  if (!line || line.querySelector('h1, h2, h3, h4, h5, h6')) return false;
  let rest = normalizedText(line);
  for (const link of Array.from(line.querySelectorAll('a'))) {
    if (!isJump(link)) return false;
    rest = rest.replace(normalizedText(link), '');
  }
  const label = rest.replace(/[\s,;|·•/–—-]+/g, ' ').trim();
  if (label.replace(/[\p{P}\p{S}\s]+/gu, '') && !LABEL.test(label)) return false;
  line.remove();
  return true;
}
