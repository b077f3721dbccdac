import { normalizedText } from './dom';

/**
 * A card offering to follow a topic or an author, counting who already does ("Top-Touren /
 * News rund um PGA Tour und European Tour / Über 1.110 Community-Mitglieder folgen diesem
 * Thema."): the site's subscription feature, which a clip does not have. The count names
 * the card; the card goes whole, its name and description with it, as far as it stays short.
 */

const FOLLOWERS =
  /^(?:über |mehr als |more than |over )?[\d.,]+\s*(?:k\s+)?(?:community-)?(?:mitglieder|nutzer(?:innen)?|leser(?:innen)?|people|members|readers|followers)\s+(?:folgen|follow|are following)\s+(?:diesem|dieser|this)\s+(?:thema|autor(?:in)?|rubrik|topic|author|writer)\.?$/i;
const MAX_CARD_CHARS = 300;
const BLOCKS = 'p, div, li, span, small';

export function removeFollowCards(root: Element): void {
  for (const el of Array.from(root.querySelectorAll(BLOCKS))) {
    if (!el.isConnected || (el.textContent ?? '').length > 120) continue;
    if (!FOLLOWERS.test(normalizedText(el))) continue;
    let card: Element = el;
    while (
      card.parentElement &&
      card.parentElement !== root &&
      normalizedText(card.parentElement).length <= MAX_CARD_CHARS
    )
      card = card.parentElement;
    card.remove();
  }
}
