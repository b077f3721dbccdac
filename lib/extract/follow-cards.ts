import { normalizedText, ownerDoc, tagName } from './dom';

/**
 * A card offering to follow a topic or an author, counting who already does ("Top-Touren /
 * News rund um PGA Tour und European Tour / Über 1.110 Community-Mitglieder folgen diesem
 * Thema."): the site's subscription feature, which a clip does not have. The count names
 * the card; the card goes whole, its name and description with it, as far as it stays short.
 */

const FOLLOWERS =
  /^(?:über |mehr als |more than |over )?[\d.,]+\s*(?:k\s+)?(?:community-)?(?:mitglieder|nutzer(?:innen)?|leser(?:innen)?|people|members|readers|followers)\s+(?:folgen|follow|are following)\s+(?:diesem|dieser|this)\s+(?:thema|autor(?:in)?|rubrik|topic|author|writer)\.?$/i;
const MAX_CARD_CHARS = 300;
const MAX_LINE_CHARS = 120;
// A page shows one or two; a hostile one thousands, each read in a long container.
const MAX_CANDIDATES = 100;
const MAX_CARDS = 5;
const INLINE = new Set(['span', 'small', 'strong', 'b', 'em', 'i']);

export function removeFollowCards(root: Element): void {
  // Text nodes, read once: testing every element's text costs time quadratic in the depth.
  const lines: Element[] = [];
  let candidates = 0;
  const walker = ownerDoc(root).createTreeWalker(root, 4);
  for (let n = walker.nextNode(); n && candidates < MAX_CANDIDATES; n = walker.nextNode()) {
    if (!/folgen|follow/i.test(n.nodeValue ?? '')) continue;
    candidates++;
    let el = n.parentElement;
    while (el && el !== root && INLINE.has(tagName(el))) el = el.parentElement;
    if (!el || el === root || (el.textContent ?? '').length > MAX_LINE_CHARS) continue;
    if (FOLLOWERS.test(normalizedText(el)) && !lines.includes(el)) lines.push(el);
  }
  // Each card is measured up its ancestors; a page shows one or two.
  for (const line of lines.slice(0, MAX_CARDS)) {
    if (!line.isConnected) continue;
    let card: Element = line;
    while (
      card.parentElement &&
      card.parentElement !== root &&
      normalizedText(card.parentElement).length <= MAX_CARD_CHARS
    )
      card = card.parentElement;
    card.remove();
  }
}
