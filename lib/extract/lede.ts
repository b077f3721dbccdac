import { classAndId, normalizedText, tagName } from './dom';
import { similarity } from './section-headings';

/**
 * The article's opening paragraphs when they stand in a container of their own: news sites
 * often put the first paragraphs between the headline and the body, in another wrapper than
 * the rest, sometimes an ad between them. Readability scores the body's wrapper and
 * takes its siblings only, so the clip started at the second or third paragraph (a common
 * complaint about reader views). Recorded before the pass: for each headline, the paragraphs
 * that follow it; put back after it: the run of paragraphs right before the first one
 * Readability kept, when each reads as prose, nothing but an ad's label stands between them,
 * and no other heading stands between the headline and them.
 */

interface Headline {
  heading: Element;
  /** The blocks after the headline, in document order, up to the next headline. */
  blocks: Element[];
}

// The blocks recorded after each headline: the lede comes soon after it, behind a photo,
// its caption, the byline and the date at most.
const MAX_BLOCKS = 16;
const MAX_HEADLINES = 3;
const MIN_LEDE_CHARS = 60;
const MAX_LEDE_CHARS = 1500;
const MAX_LINK_SHARE = 0.3;
// Readability's own threshold for "this heading is the title" (section-headings.ts).
const SIMILAR = 0.75;
// Prose ends a sentence: a post's meta line or a call to action ending in its link does not.
const SENTENCE_END = /[.!?…]["'»«“”’)]*$/;
// Not the lede: photo captions and credits, the byline and date, share and related-reading
// boxes, newsletter sign-ups; nor the standfirst in the article's header (a dek, a summary),
// which reader views leave out on purpose, as the page's description.
const NOT_LEDE =
  /caption|credit|byline|author|meta|share|social|related|promo|newsletter|subscribe|comment|advert|sponsor|breadcrumb|footer|sidebar|head|hero|dek|excerpt|description|standfirst|summary|subtitle|intro|teaser|\blead\b/;
const NOT_LEDE_TAGS = new Set([
  'figure',
  'figcaption',
  'blockquote',
  'li',
  'td',
  'th',
  'nav',
  'aside',
  'footer',
  'form',
  'header',
  'hgroup',
]);
const MAX_ANCESTORS = 8;
const AD_LABEL =
  /^(?:advertisement|anzeige|werbung|publicit[ée]|publicidad|pubblicit[àa]|reklama|ad|ads)?$/i;

/**
 * The headlines of `doc` (an `<h1>` or `<h2>` saying what its `<title>` says, the first few)
 * with the paragraphs and headings after each.
 */
export function recordHeadlines(doc: Document): Headline[] {
  const title = normalizedText(doc.querySelector('title') ?? doc.createElement('title'));
  const headlines: Headline[] = [];
  if (!title) return headlines;
  let current: Headline | null = null;
  for (const el of Array.from(doc.body?.querySelectorAll('h1, h2, h3, h4, p') ?? [])) {
    const tag = tagName(el);
    if ((tag === 'h1' || tag === 'h2') && isHeadline(el, title)) {
      if (headlines.length === MAX_HEADLINES) break;
      current = { heading: el, blocks: [] };
      headlines.push(current);
    } else if (current && current.blocks.length < MAX_BLOCKS) current.blocks.push(el);
  }
  return headlines;
}

function isHeadline(heading: Element, title: string): boolean {
  const text = normalizedText(heading);
  return !!text && similarity(title, text) > SIMILAR;
}

/** An ad's label or an empty paragraph where one was: the lede may continue past it. */
function isAdSlot(block: Element): boolean {
  return tagName(block) === 'p' && AD_LABEL.test(normalizedText(block));
}

function isLede(p: Element): boolean {
  if (tagName(p) !== 'p') return false;
  const text = normalizedText(p);
  if (text.length < MIN_LEDE_CHARS || text.length > MAX_LEDE_CHARS || !SENTENCE_END.test(text))
    return false;
  let links = 0;
  for (const a of Array.from(p.querySelectorAll('a'))) links += normalizedText(a).length;
  if (links > text.length * MAX_LINK_SHARE) return false;
  let el: Element | null = p;
  for (let i = 0; el && i < MAX_ANCESTORS; i++, el = el.parentElement) {
    if (NOT_LEDE_TAGS.has(tagName(el)) || NOT_LEDE.test(classAndId(el))) return false;
  }
  return true;
}

/**
 * Moves the lede Readability left out into `content`, before the first block it kept after
 * the headline (the recorded one like the article's `title`, or the only one).
 */
export function restoreLede(headlines: Headline[], content: Element, title: string | null): void {
  const headline =
    headlines.find((h) => title && isHeadline(h.heading, title)) ??
    (headlines.length === 1 ? headlines[0]! : null);
  if (!headline) return;
  const { blocks } = headline;
  const kept = blocks.findIndex((b) => content.contains(b));
  if (kept <= 0) return;
  const run: Element[] = [];
  let start = kept;
  for (let i = kept - 1; i >= 0 && !content.contains(blocks[i]!); i--) {
    const block = blocks[i]!;
    if (isLede(block)) run.unshift(block);
    else if (!isAdSlot(block)) break;
    start = i;
  }
  // Under another heading it is another story's teaser, not this one's lede.
  if (!run.length || blocks.slice(0, start).some((b) => tagName(b) !== 'p')) return;
  const have = normalizedText(content);
  // Before the figure when the first block kept is its caption.
  const first = blocks[kept]!.closest('figure') ?? blocks[kept]!;
  if (!content.contains(first)) return;
  for (const p of run)
    if (!have.includes(normalizedText(p).slice(0, 80))) first.parentNode!.insertBefore(p, first);
}
