import { normalizedText, normalizedTextUpTo, ownerDoc, tagName } from './dom';

/**
 * A paywall's offer in place of the article's rest: subscription plans side by side, each a
 * product, a price per period and its benefits ("top agrar Digital / Jahresabo / 99,00 EUR im
 * 1. Jahr, danach 122,40 EUR / Jahr / Jederzeit kündbar"), under a label asking the reader to
 * read on with one ("Mit top+ weiterlesen"). It sells the site; the clip has nothing to buy.
 *
 * An article may list prices per month too (a review of streaming services), so the offer is
 * told by three things together: at least two short price-per-period lines, in a block with no
 * paragraph of prose and no data table, asked for by a read-on label in the block or right
 * before it. The block goes with the label.
 */

// Lower case, matched on lower-cased text (no `i` flag: see widgetLineKind in
// boilerplate-lines.ts).
const AMOUNT = String.raw`(?:\d{1,4}(?:[.,]\d{1,2})?\s?(?:€|eur(?:o)?\b|chf\b|usd\b)|(?:€|\$|£|chf|usd)\s?\d{1,4}(?:[.,]\d{1,2})?)`;
const PERIOD = String.raw`(?:jahr|monat|woche|month|year|week|mo|yr|an|mois|mes|año)\b`;
const PRICE_PER_PERIOD = new RegExp(
  String.raw`${AMOUNT}\s*(?:\/|pro|per|a|im|je|par|al|por)\s*(?:(?:1\.|ersten?|first|1st)\s*)?${PERIOD}`,
);
const MAYBE_PRICE = /[€$£]|eur|chf|usd/;
// What a plan's text says besides its price.
const PLAN =
  /\babo\b|abonnement|jahresabo|monatsabo|\bsubscri|suscrip|abonn|\bplan\b|k[üu]ndbar|\bcancel|testmonat|probeabo|\btrial\b|\bdigital\b|\bpremium\b/;
const READ_ON =
  /weiterlesen|weiter zu lesen|read on\b|continue reading|keep reading|subscribe to (?:read|continue)|bereits abonnent|schon abonnent|already a subscriber|jetzt (?:abonnieren|testen)|pour lire la suite|seguir leyendo/;

const MAX_PRICE_LINE_CHARS = 80;
const MAX_OFFER_CHARS = 2500;
const MAX_LABEL_CHARS = 250;
// A paragraph this long is prose: the article's, not a plan's.
const MAX_PLAN_TEXT_CHARS = 200;
// A page shows one offer; a hostile one thousands of prices, each read up its ancestors.
const MAX_CANDIDATES = 60;
const INLINE = new Set(['span', 'small', 'strong', 'b', 'em', 'i', 'br', 'sup', 'sub']);

/** The short block (not inline) holding a price-per-period text node, or null. */
function priceLine(text: Text, root: Element): Element | null {
  let el = text.parentElement;
  while (el && el !== root && INLINE.has(tagName(el))) el = el.parentElement;
  if (!el || el === root) return null;
  const line = normalizedTextUpTo(el, MAX_PRICE_LINE_CHARS);
  return line && PRICE_PER_PERIOD.test(line.toLowerCase()) ? el : null;
}

function commonAncestor(a: Element, b: Element): Element | null {
  for (let el: Element | null = a; el; el = el.parentElement) if (el.contains(b)) return el;
  return null;
}

function holdsProse(block: Element): boolean {
  if (block.querySelector('table, pre, blockquote')) return true;
  const walker = ownerDoc(block).createTreeWalker(block, 4);
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if ((n.nodeValue ?? '').trim().length > MAX_PLAN_TEXT_CHARS) return true;
  return false;
}

function isReadOnLabel(el: Element | null): el is Element {
  if (!el) return false;
  const text = normalizedTextUpTo(el, MAX_LABEL_CHARS);
  return !!text && READ_ON.test(text.toLowerCase());
}

export function removeSubscriptionOffers(root: Element): void {
  const lines: Element[] = [];
  let candidates = 0;
  const walker = ownerDoc(root).createTreeWalker(root, 4);
  for (let n = walker.nextNode(); n && candidates < MAX_CANDIDATES; n = walker.nextNode()) {
    const value = n.nodeValue ?? '';
    if (!/\d/.test(value) || !MAYBE_PRICE.test(value.toLowerCase())) continue;
    candidates++;
    const line = priceLine(n as Text, root);
    if (line && !lines.includes(line)) lines.push(line);
  }
  if (lines.length < 2) return;
  // The smallest block holding the first two plans' prices, and whatever wraps it alone.
  let offer = commonAncestor(lines[0]!, lines[1]!);
  if (!offer || offer === root || !root.contains(offer)) return;
  while (
    offer.parentElement &&
    offer.parentElement !== root &&
    normalizedText(offer.parentElement) === normalizedText(offer)
  )
    offer = offer.parentElement;
  const text = normalizedTextUpTo(offer, MAX_OFFER_CHARS);
  if (!text || !PLAN.test(text.toLowerCase()) || holdsProse(offer)) return;
  const label = offer.previousElementSibling;
  const labelled = isReadOnLabel(label);
  if (!labelled && !READ_ON.test(text.toLowerCase())) return;
  if (labelled) label.remove();
  offer.remove();
}
