import { normalizedText, TEXT_NODE } from './dom';

/**
 * Teaser cards made clickable by an empty link laid over them, titled with the card's
 * headline, the headline and summary written as plain text beside it (a link-preview
 * plugin's `<a class="vlp-link" href="…" title="Headline"></a>`). Readability drops the empty
 * link with the paragraph it wraps it in, and the card then reads as a picture and two
 * paragraphs of the article; so the card is marked before that, for the rule that removes the
 * teasers under a "related" label (labelled-sections.ts).
 */

export const CARD_ATTR = 'data-pageclip-card';
// A title shorter than this is a word ("Home"), not a headline.
const MIN_TITLE_CHARS = 10;
const MAX_NODES = 64;

export function markOverlaidCards(root: Element): void {
  for (const a of Array.from(root.querySelectorAll('a[href][title]'))) {
    const title = (a.getAttribute('title') ?? '').replace(/\s+/g, ' ').trim();
    if (title.length < MIN_TITLE_CHARS || a.firstElementChild || normalizedText(a)) continue;
    const card = a.parentElement;
    if (card && card !== root && leadingText(card, title.length).startsWith(title))
      card.setAttribute(CARD_ATTR, '');
  }
}

/**
 * The first `length` characters of `el`'s text, whitespace collapsed, read no further: many
 * empty links in one long container must not each read all of its text.
 */
function leadingText(el: Element, length: number): string {
  let text = '';
  // A walk by hand: linkedom's TreeWalker lists the whole subtree before the first step. A
  // card's headline comes within its first nodes; past MAX_NODES this is no card.
  let node: Node | null = el.firstChild;
  for (let seen = 0; node && text.length <= length && seen < MAX_NODES; seen++) {
    if (node.nodeType === TEXT_NODE)
      text = `${text}${node.nodeValue ?? ''}`.replace(/\s+/g, ' ').trimStart();
    if (node.firstChild) node = node.firstChild;
    else {
      while (node && node !== el && !node.nextSibling) node = node.parentNode;
      node = node && node !== el ? node.nextSibling : null;
    }
  }
  return text;
}
