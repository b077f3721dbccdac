import { elementsByTag, parseFragment, tagName } from './dom';

/**
 * An article a script writes into its container, with the same text in a `<noscript>` for
 * readers without scripts: Google's blogs keep each post in a `<script type="text/template">`
 * and repeat it in a `<noscript>`. A browser running the page's script shows the post, and the
 * capture copies it; a working document runs no script (the command line), so the container
 * is empty but for the fallback. Then the fallback is the article, and its markup takes the
 * `<noscript>`'s place. A container that already holds text (the script ran) keeps it, and the
 * fallback goes as before.
 */

// Enough text to be an article's, not a "Please enable JavaScript" notice.
const MIN_PROSE_CHARS = 200;
// What a container may hold beside the fallback and still count as empty: whitespace, an icon.
const MAX_OTHER_CHARS = 20;
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template']);
const PARAGRAPH_TAG = /<\/?p[\s/>]/i;

/**
 * Whether the text a reader sees in `el` (scripts, styles, templates and fallbacks left out),
 * trimmed, is longer than `max`. Reads only as far as it must: a lazy image's `<noscript>`
 * often sits in the article's own container, whose whole text, read for every such image,
 * cost up to 34 ms in Chromium on a long page.
 */
function showsMoreThan(el: Element, max: number): boolean {
  // Counted from the first character that is not whitespace; trailing whitespace waits in
  // `pending` until more text follows it.
  let length = -1;
  let pending = 0;
  const visit = (parent: Element): boolean => {
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1) {
        if (!NOT_TEXT.has(tagName(child as Element)) && visit(child as Element)) return true;
        continue;
      }
      if (child.nodeType !== 3) continue;
      const value = child.nodeValue ?? '';
      const end = value.trimEnd().length;
      if (end === 0) {
        if (length >= 0) pending += value.length;
        continue;
      }
      if (length < 0) length = end - (value.length - value.trimStart().length);
      else length += pending + end;
      pending = value.length - end;
      if (length > max) return true;
    }
    return false;
  };
  return visit(el);
}

export function useNoscriptProse(root: Element): void {
  for (const ns of elementsByTag(root, 'noscript')) {
    const parent = ns.parentElement;
    if (!parent || !ns.isConnected || showsMoreThan(parent, MAX_OTHER_CHARS)) continue;
    // With scripting off the children are parsed elements; with it on, one text node of markup,
    // parsed only when it can make a paragraph (a `</p>` alone makes an empty one): a lazy
    // image's fallback, the most common kind, cannot.
    const markup = ns.firstElementChild ? null : (ns.textContent ?? '');
    if (markup !== null && !PARAGRAPH_TAG.test(markup)) continue;
    const box = ns.ownerDocument.createElement('div');
    if (markup !== null) box.append(parseFragment(ns.ownerDocument, markup));
    else for (const child of Array.from(ns.childNodes)) box.append(child.cloneNode(true));
    const text = (box.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!box.querySelector('p') || text.length < MIN_PROSE_CHARS) continue;
    ns.replaceWith(...Array.from(box.childNodes));
  }
}
