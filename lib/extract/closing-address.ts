import { lastBlock } from './author-bio';
import { normalizedText, tagName } from './dom';
import { textAfter } from './trailing';

/**
 * The site owner's postal address ending the page ("Planungsbüro Muster * Hauptweg 6 * 27580
 * Bremerhaven · Tel.: …", "### Example GmbH / Hahnenstraße 47, 71634 Ludwigsburg"): the
 * imprint every page carries, not the article's last word. Only the last block goes, only
 * when it is short, holds a street with its number before a postcode and town (the German,
 * Austrian and Swiss form), and no sentence; a short heading naming the owner goes with it.
 */

const POSTCODE_TOWN = /(?:^|[\s*|,·•])(?:[A-Z]{1,2}\s?-\s?)?\d{4,5}\s+\p{Lu}[\p{L}-]+/u;
const STREET_NUMBER = /\p{L}{3,}\.?\s+\d{1,4}\s?[a-z]?(?=[\s,*|·•]|$)/u;
// Eight words closed by a full stop: prose, which an address line is not.
const SENTENCE = /(?:\S+\s+){7,}\S*[a-zäöüß][.!?](?:\s|$)/;
const MAX_CHARS = 250;
const MIN_ARTICLE_CHARS = 500;
const MAX_HEADING_CHARS = 60;

export function removeClosingAddress(root: Element): void {
  const block = lastBlock(root);
  if (!block || textAfter(block, root, 0).trim()) return;
  const text = normalizedText(block);
  if (!text || text.length > MAX_CHARS || SENTENCE.test(text)) return;
  const postcode = POSTCODE_TOWN.exec(text);
  if (!postcode || !STREET_NUMBER.test(text.slice(0, postcode.index + 1))) return;
  if (normalizedText(root).length - text.length < MIN_ARTICLE_CHARS) return;
  const heading = block.previousElementSibling;
  if (
    heading &&
    /^h[2-6]$/.test(tagName(heading)) &&
    normalizedText(heading).length <= MAX_HEADING_CHARS
  )
    heading.remove();
  block.remove();
}
