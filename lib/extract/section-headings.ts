/**
 * Readability removes the first `<h1>`/`<h2>` it walks whose words are those of the page
 * title, taking it for the headline. When the page's real headline sits in a wrapper it skips
 * as unlikely ("entry-header"), the one it removes is a section heading that repeats part of
 * the title ("Ab wann legen Hühner Eier?" under "Ab wann und wie lange legen Hühner Eier?"),
 * and its section loses its heading. Recorded before the pass and put back after it, unless
 * it stood at the top of the content: a kicker or deck over the headline goes with it.
 */

interface Recorded {
  heading: Element;
  next: Element | null;
}

const HEADINGS = 'h1, h2';
// Readability's threshold and tokens (`_headerDuplicatesTitle`, `_textSimilarity`).
const SIMILAR = 0.75;
const TOKEN = /\W+/g;
// More than a kicker or a date line: the section's text has begun.
const MIN_TEXT_BEFORE = 100;

/** Share of `b`'s words (by length) that `a` holds too. */
export function similarity(a: string, b: string): number {
  const tokensA = a.toLowerCase().split(TOKEN).filter(Boolean);
  const tokensB = b.toLowerCase().split(TOKEN).filter(Boolean);
  if (!tokensA.length || !tokensB.length) return 0;
  const unique = tokensB.filter((t) => !tokensA.includes(t));
  return 1 - unique.join(' ').length / tokensB.join(' ').length;
}

/** Every h1/h2 of `doc` with the element after it, before Readability moves anything. */
export function recordHeadings(doc: Document): Recorded[] {
  return Array.from(doc.querySelectorAll(HEADINGS), (heading) => ({
    heading,
    next: heading.nextElementSibling,
  }));
}

/**
 * Puts back the section heading Readability took for the headline: one that repeats the
 * `title` but is not the page's first heading to do so, whose following element made it into
 * `content` while it did not.
 */
export function restoreSectionHeading(
  recorded: Recorded[],
  content: Element,
  title: string | null,
): void {
  if (!title) return;
  let seenHeadline = false;
  for (const { heading, next } of recorded) {
    const text = (heading.textContent ?? '').trim();
    if (similarity(title, text) <= SIMILAR) continue;
    if (!seenHeadline) {
      seenHeadline = true;
      continue;
    }
    if (heading.parentNode || !next?.parentNode || !content.contains(next)) continue;
    // At the top of the content it was the headline's kicker or deck, which goes with it.
    if (!hasTextBefore(content, next)) return;
    next.parentNode.insertBefore(heading, next);
    return;
  }
}

/** Whether more than a line of `content`'s text comes before `el`. */
function hasTextBefore(content: Element, el: Element): boolean {
  // Elements and text in document order, up to `el` itself.
  const walker = content.ownerDocument.createTreeWalker(content, 1 | 4);
  let n = 0;
  for (let node = walker.nextNode(); node && node !== el; node = walker.nextNode()) {
    if (node.nodeType === 3) n += (node.nodeValue ?? '').trim().length;
    if (n > MIN_TEXT_BEFORE) return true;
  }
  return false;
}
