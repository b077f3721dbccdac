import { normalizedText, tagName } from './dom';

/** What footnotes.ts and footnotes-unlinked.ts share: patterns, cleaning, markers. */

export const FOOTNOTE_ATTR = 'data-pageclip-fn';

export const CONTAINERS =
  'ol.footnotes, section.footnotes, div.footnotes, .footnotes, .footnote-list, .footnotes-list, [role="doc-endnotes"], ol.references, div.references, .reflist, .mw-references-wrap, aside.footnotes, #footnotes, .easy-footnotes-wrapper, .wp-block-footnotes, .footnotes-footer, .footnote-definitions';
const BACKLINKS =
  '.footnote-backref, .footnote-back, [role="doc-backlink"], .mw-cite-backlink, a[href*="#fnref"], a[href*="#ref"], .reversefootnote, .footnote-return, .easy-footnote-to-top';
/** A note's number or mark as printed: `1`, `[1]`, `(1)`, `1.`, `*`, `a`. */
export const NOTE_LABEL = /^(?:[[(]?\d{1,4}[\])]?\.?|[*†‡§¶]{1,3}|\[?[a-z]\]?)$/i;
export const NOTES_HEADING =
  /^(?:foot ?notes?|notes|endnotes|side ?notes|references(?: and notes)?|notes and references|sources)$/i;
// Words of a notes block's class or id: `footnote-definition`, `PostDetail__footnotes`.
const NOTE_CLASS =
  /(?:^|[\s_-])(?:foot-?notes?|endnotes?|footdef|footpara|sidenotes?|references?|bibitem|bibliography)(?:$|[\s_-])/i;

/** A "Notes" / "References" heading, MediaWiki's `[edit]` link aside. */
export function isNotesHeading(el: Element): boolean {
  return NOTES_HEADING.test(normalizedText(el).replace(/\s*\[\s*edit\s*\]$/i, ''));
}

export interface NoteSink {
  prepare: (el: Element) => void;
  /** Adds a cleaned definition; returns its number. */
  add: (note: Element) => number;
}

export function hasNoteClass(el: Element): boolean {
  return NOTE_CLASS.test(el.getAttribute('class') ?? '');
}

/** The element or one of its three nearest ancestors has a notes class. */
export function inNoteClass(el: Element): boolean {
  let node: Element | null = el;
  for (let i = 0; node && i < 4; i++, node = node.parentElement)
    if (hasNoteClass(node)) return true;
  return false;
}

function firstMeaningful(el: Element): ChildNode | null {
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === 8) continue;
    if (child.nodeType === 3 && !(child.nodeValue ?? '').trim()) continue;
    return child;
  }
  return null;
}

/**
 * Removes the note's own number at its start (`1.`, `[1]`, `<sup>1</sup>`, a `[1]` backlink,
 * `<b><sup>1</sup> Note:</b>`): the `[^n]:` prefix already says it.
 */
function stripLeadingLabel(root: Element): void {
  let el: Element = root;
  for (let depth = 0; depth < 5; depth++) {
    const first = firstMeaningful(el);
    if (!first) return;
    if (first.nodeType === 3) {
      first.nodeValue = (first.nodeValue ?? '').replace(
        /^\s*(?:\[\d{1,4}\]|\(\d{1,4}\)|\d{1,3}[.)]|\^)\s*/,
        '',
      );
      return;
    }
    const child = first as Element;
    if (NOTE_LABEL.test(normalizedText(child)) && !child.querySelector('img')) {
      const next = child.nextSibling;
      child.remove();
      if (next?.nodeType === 3) next.nodeValue = (next.nodeValue ?? '').replace(/^\s*[.:)]?/, '');
      return;
    }
    el = child;
  }
}

/**
 * A clean copy of a note: backlinks, arrows and its leading number removed, `prepare` run.
 * `content` is the note's block, or several blocks/nodes (a note under a label heading or a
 * run of a shared paragraph). `refIds` are the references' ids: links to them go back.
 */
export function cleanDefinition(
  content: Node[],
  prepare: (el: Element) => void,
  refIds: Set<string> = new Set(),
): Element | null {
  const single = content.length === 1 && content[0]!.nodeType === 1;
  const owner = content[0]?.ownerDocument;
  if (!owner) return null;
  let clone: Element;
  if (single) clone = content[0]!.cloneNode(true) as Element;
  else {
    clone = owner.createElement('div');
    for (const node of content) clone.appendChild(node.cloneNode(true));
  }
  for (const junk of Array.from(clone.querySelectorAll(`script, style, input, ${BACKLINKS}`)))
    junk.remove();
  for (const a of Array.from(clone.querySelectorAll('a'))) {
    const href = a.getAttribute('href') ?? '';
    const fragment = href.includes('#') ? href.slice(href.indexOf('#') + 1) : '';
    const arrow = /^(?:\s|↩|↑|\^|⤴|\uFE0E|\uFE0F)*$/.test(a.textContent ?? '');
    if ((arrow && !a.querySelector('img')) || (fragment && refIds.has(fragment))) a.remove();
  }
  // Empty blocks (a browser extension's badge in a citation) would split the note in two.
  for (const block of Array.from(clone.querySelectorAll('div, p, section, figure'))) {
    if (!normalizedText(block) && !block.querySelector('img, svg, video, iframe, picture'))
      block.remove();
  }
  stripLeadingLabel(clone);
  // Line breaks left at the edges of a run of a shared paragraph.
  for (const end of ['firstChild', 'lastChild'] as const) {
    let node = clone[end];
    while (node && ((node.nodeType === 3 && !(node.nodeValue ?? '').trim()) || isBr(node))) {
      const next: ChildNode | null = end === 'firstChild' ? node.nextSibling : node.previousSibling;
      node.remove();
      node = next;
    }
  }
  prepare(clone);
  if (!normalizedText(clone) && !clone.querySelector('img')) return null;
  return flattenBlocks(clone);
}

const BLOCK =
  /^(?:p|div|section|article|aside|ul|ol|li|dl|dt|dd|blockquote|h[1-6]|header|footer|figure|hr)$/;

/**
 * A note with several blocks (paragraphs, a list) becomes one paragraph with line breaks:
 * a `[^1]:` definition continues over blocks only when they are indented four spaces,
 * which every CommonMark reader without footnote support shows as code. List items keep
 * a `•` / `(n)` mark. Notes with code or tables keep their blocks.
 */
function flattenBlocks(note: Element): Element {
  if (note.querySelector('pre, table')) return note;
  const doc = note.ownerDocument;
  const lines: Node[][] = [[]];
  const walk = (el: Element): void => {
    for (const child of Array.from(el.childNodes)) {
      const tag = child.nodeType === 1 ? tagName(child as Element) : '';
      if (!BLOCK.test(tag)) {
        lines[lines.length - 1]!.push(child);
        continue;
      }
      if (tag === 'hr') continue;
      if (lines[lines.length - 1]!.length) lines.push([]);
      if (tag === 'ul' || tag === 'ol') {
        let n = Number.parseInt((child as Element).getAttribute('start') ?? '1', 10) || 1;
        for (const item of Array.from((child as Element).children)) {
          lines[lines.length - 1]!.push(doc.createTextNode(tag === 'ol' ? `(${n++}) ` : '• '));
          walk(item);
          lines.push([]);
        }
      } else walk(child as Element);
      lines.push([]);
    }
  };
  walk(note);
  const filled = lines.filter((line) =>
    line.some(
      (node) =>
        (node.nodeType === 3 && (node.nodeValue ?? '').trim()) ||
        (node.nodeType === 1 &&
          (normalizedText(node) || (node as Element).querySelector('img') || isImg(node))),
    ),
  );
  if (filled.length <= 1) return note;
  const para = doc.createElement('p');
  filled.forEach((line, i) => {
    if (i > 0) para.appendChild(doc.createElement('br'));
    for (const node of line) para.appendChild(node);
  });
  return para;
}

function isImg(node: Node): boolean {
  return tagName(node as Element) === 'img';
}

function isBr(node: Node): boolean {
  return node.nodeType === 1 && tagName(node as Element) === 'br';
}

export function marker(doc: Document, n: number): Element {
  const sup = doc.createElement('sup');
  sup.setAttribute(FOOTNOTE_ATTR, String(n));
  sup.textContent = String(n);
  return sup;
}

/**
 * Removes a note block, then climbs out of wrappers the removal left empty, dropping a
 * "Notes" heading or a separator rule left alone before them.
 */
export function removeNoteBlock(el: Element): void {
  let parent: Element | null = el.parentElement;
  const prev = el.previousElementSibling;
  el.remove();
  dropOrphanedIntro(prev);
  while (
    parent &&
    !/^(?:body|article|main)$/.test(tagName(parent)) &&
    !normalizedText(parent) &&
    !parent.querySelector('img')
  ) {
    const up: Element | null = parent.parentElement;
    const before = parent.previousElementSibling;
    parent.remove();
    dropOrphanedIntro(before);
    parent = up;
  }
}

/** A "Notes" heading or an `<hr>` whose following content is all gone. */
function dropOrphanedIntro(el: Element | null): void {
  if (!el) return;
  let next = el.nextElementSibling;
  while (next && !normalizedText(next) && !next.querySelector('img') && tagName(next) !== 'hr')
    next = next.nextElementSibling;
  const tag = tagName(el);
  // MediaWiki wraps its headings: `<div class="mw-heading"><h2>References</h2></div>`.
  const inner = el.firstElementChild;
  const headingTag = inner && /^h[1-6]$/.test(tagName(inner)) ? tagName(inner) : tag;
  const heading = /^h[1-6]$/.test(headingTag) && isNotesHeading(el);
  // A heading's notes may have ended at a rule: what follows that is another section.
  let after = next;
  while (heading && after && tagName(after) === 'hr') after = after.nextElementSibling;
  if ((heading && (!after || /^h[1-6]$/.test(tagName(after)))) || (tag === 'hr' && !next)) {
    const before = el.previousElementSibling;
    el.remove();
    // `<hr><h2>Notes</h2>`: the rule introduced the heading.
    if (heading && before && tagName(before) === 'hr') dropOrphanedIntro(before);
  }
}

function ancestry(node: Node): Node[] {
  const chain: Node[] = [];
  for (let n: Node | null = node; n; n = n.parentNode) chain.unshift(n);
  return chain;
}

/**
 * Whether `a` comes before `b` in document order (and does not contain it). Not
 * `compareDocumentPosition`: linkedom answers "preceding" both ways round.
 */
export function isBefore(a: Node, b: Node): boolean {
  const chainA = ancestry(a);
  const chainB = ancestry(b);
  let i = 0;
  while (i < chainA.length && i < chainB.length && chainA[i] === chainB[i]) i++;
  if (i === chainA.length || i === chainB.length || i === 0) return false;
  // Walked from `a`'s side rather than by indexing the parent's children: on a page with
  // hundreds of notes in one long article body, copying its children for every reference
  // took a tenth of the clip.
  for (let n = chainA[i]!.nextSibling; n; n = n.nextSibling) if (n === chainB[i]) return true;
  return false;
}
