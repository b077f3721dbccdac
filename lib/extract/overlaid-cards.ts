import { normalizedText } from './dom';

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

export function markOverlaidCards(root: Element): void {
  for (const a of Array.from(root.querySelectorAll('a[href][title]'))) {
    const title = (a.getAttribute('title') ?? '').replace(/\s+/g, ' ').trim();
    if (title.length < MIN_TITLE_CHARS || a.firstElementChild || normalizedText(a)) continue;
    const card = a.parentElement;
    if (card && card !== root && normalizedText(card).startsWith(title))
      card.setAttribute(CARD_ATTR, '');
  }
}
