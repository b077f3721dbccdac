import { normalizedText, tagName } from './dom';

/**
 * Footnotes: references become `[^n]` markers and their definitions `[^n]: …` lines at the
 * end of the note, numbered by first reference. A reference is a link to an element of the
 * page that looks like a note (in a notes list or section, a `doc-footnote`/`doc-endnote`,
 * an id like `fn1` / `cite_note-1`, or a list item reached by a label like `[3]`). Targets
 * are looked up in the live document, which Readability never touches, so notes it dropped
 * are still found. Unlinked `<sup>N</sup>` references with a "Notes" heading followed by
 * `<sup>N</sup> text` paragraphs are paired too.
 */

export const FOOTNOTE_ATTR = 'data-pageclip-fn';

const CONTAINERS =
  'ol.footnotes, section.footnotes, div.footnotes, .footnotes, .footnote-list, .footnotes-list, [role="doc-endnotes"], ol.references, .reflist, .mw-references-wrap, aside.footnotes, #footnotes, .easy-footnotes-wrapper, .wp-block-footnotes';
const BACKLINKS =
  '.footnote-backref, .footnote-back, [role="doc-backlink"], .mw-cite-backlink, a[href*="#fnref"], a[href*="#ref"], .reversefootnote, .footnote-return, .easy-footnote-to-top';
// A number is required: `#english` (a language jump link) or `#notes` is no note.
const NOTE_ID =
  /^(?:fn|footnote|note|endnote|en|cite_note|ftn|sdfootnote|_ftn|easy-footnote-bottom)[-_:.]?[\w.:-]*\d[\w.:-]*$/i;
const NOTE_LABEL = /^(?:\[?\(?\d{1,4}\)?\]?|[*†‡§¶]{1,3}|\[?[a-z]\]?)$/i;
const NOTES_HEADING =
  /^(?:foot ?notes?|notes|endnotes|references(?: and notes)?|notes and references|sources)$/i;
const DEF_BLOCK = 'li, p, aside, div, section, dd';

export interface FootnoteResult {
  /** Definition elements in reference order; index i is note number i + 1. */
  ordered: Element[];
}

function targetId(a: Element, pageNoHash: string): string | null {
  const href = a.getAttribute('href') ?? '';
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return null;
  const before = href.slice(0, hash);
  if (before && before !== pageNoHash) return null;
  try {
    return decodeURIComponent(href.slice(hash + 1));
  } catch {
    return href.slice(hash + 1);
  }
}

/** The block that holds a note, from the element its reference points at. */
function definitionOf(target: Element): Element | null {
  const tag = tagName(target);
  if (tag === 'li' || (DEF_BLOCK.includes(tag) && normalizedText(target))) return target;
  return target.closest(DEF_BLOCK);
}

function looksLikeNote(target: Element, def: Element, ref: Element): boolean {
  if (def.closest(CONTAINERS)) return true;
  const role = def.getAttribute('role') ?? target.getAttribute('role') ?? '';
  if (role === 'doc-footnote' || role === 'doc-endnote') return true;
  if (
    NOTE_ID.test(target.getAttribute('id') ?? '') ||
    NOTE_ID.test(target.getAttribute('name') ?? '')
  )
    return true;
  const label = normalizedText(ref);
  const inSup = !!ref.closest('sup');
  return (inSup || NOTE_LABEL.test(label)) && NOTE_LABEL.test(label) && tagName(def) === 'li';
}

function cssId(id: string): string {
  return `[id="${id.replace(/["\\]/g, '\\$&')}"]`;
}

function cleanDefinition(def: Element, prepare: (el: Element) => void): Element | null {
  const clone = def.cloneNode(true) as Element;
  for (const junk of Array.from(clone.querySelectorAll(`script, style, ${BACKLINKS}`)))
    junk.remove();
  for (const a of Array.from(clone.getElementsByTagName('a'))) {
    if (/^(?:\s|↩|↑|\^|⤴|\uFE0E|\uFE0F)*$/.test(a.textContent ?? '') && !a.querySelector('img'))
      a.remove();
  }
  // A leading label ("1.", "[1]", "<sup>1</sup>") would repeat the number.
  const first = clone.firstElementChild;
  if (first && tagName(first) === 'sup' && NOTE_LABEL.test(normalizedText(first))) first.remove();
  const lead = clone.firstChild;
  if (lead && lead.nodeType === 3)
    lead.nodeValue = (lead.nodeValue ?? '').replace(/^\s*(?:\[\d+\]|\d+[.)]|\^)\s*/, '');
  prepare(clone);
  return normalizedText(clone) || clone.querySelector('img') ? clone : null;
}

function marker(doc: Document, n: number): Element {
  const sup = doc.createElement('sup');
  sup.setAttribute(FOOTNOTE_ATTR, String(n));
  sup.textContent = String(n);
  return sup;
}

function removeWithHeading(el: Element): void {
  let parent: Element | null = el.parentElement;
  el.remove();
  // Climb out of wrappers the removal left empty, then drop a "Notes" heading left alone.
  while (
    parent &&
    tagName(parent) !== 'body' &&
    !normalizedText(parent) &&
    !parent.querySelector('img')
  ) {
    const up: Element | null = parent.parentElement;
    const prev = parent.previousElementSibling;
    parent.remove();
    if (prev && /^h[1-6]$/.test(tagName(prev)) && NOTES_HEADING.test(normalizedText(prev)))
      prev.remove();
    parent = up;
  }
}

/**
 * Replaces footnote references in `article` with markers, removes the notes from it and
 * returns the cleaned definitions. `prepare` runs the math/code steps on each definition.
 */
export function applyFootnotes(
  article: Element,
  live: Document,
  pageUrl: string,
  prepare: (el: Element) => void,
): FootnoteResult {
  const ordered: Element[] = [];
  const pageNoHash = pageUrl.replace(/#.*$/, '');
  const numberOf = new Map<Element, number>();
  const usedIds: string[] = [];
  const doc = article.ownerDocument;
  for (const a of Array.from(article.getElementsByTagName('a'))) {
    if (!a.isConnected) continue;
    const id = targetId(a, pageNoHash);
    if (!id) continue;
    const target = live.getElementById(id) ?? live.getElementsByName(id)[0] ?? null;
    if (!target) continue;
    const def = definitionOf(target);
    if (!def || !looksLikeNote(target, def, a)) continue;
    // Links inside the notes themselves (backlinks, cross-references) are not new notes.
    if (a.closest(CONTAINERS) || a.closest(cssId(id)) || (def.id && a.closest(cssId(def.id))))
      continue;
    let n = numberOf.get(def);
    if (n === undefined) {
      const cleaned = cleanDefinition(def, prepare);
      if (!cleaned) continue;
      ordered.push(cleaned);
      n = ordered.length;
      numberOf.set(def, n);
      usedIds.push(id);
      if (def.id && def.id !== id) usedIds.push(def.id);
    }
    const sup =
      a.parentElement &&
      tagName(a.parentElement) === 'sup' &&
      normalizedText(a.parentElement) === normalizedText(a)
        ? a.parentElement
        : a;
    sup.replaceWith(marker(doc, n));
  }
  if (ordered.length > 0) {
    for (const id of usedIds) {
      const el =
        article.querySelector(cssId(id)) ??
        article.querySelector(`a[name="${id.replace(/["\\]/g, '\\$&')}"]`);
      const def = el ? definitionOf(el) : null;
      if (!def || !article.contains(def)) continue;
      // The whole notes section goes: its used notes are re-emitted, unused ones dropped.
      let container = def.closest(CONTAINERS);
      while (container?.parentElement?.closest(CONTAINERS))
        container = container.parentElement.closest(CONTAINERS);
      removeWithHeading(container ?? def);
    }
    for (const container of Array.from(article.querySelectorAll(CONTAINERS))) {
      if (container.isConnected && !normalizedText(container)) removeWithHeading(container);
    }
  } else {
    unlinkedNotes(article, ordered);
  }
  return { ordered };
}

/** `text.<sup>1</sup>` … `<h2>Notes</h2><p><sup>1</sup> First note</p>`: no links at all. */
function unlinkedNotes(article: Element, ordered: Element[]): void {
  const heading = Array.from(article.querySelectorAll('h2, h3, h4')).find((h) =>
    NOTES_HEADING.test(normalizedText(h)),
  );
  if (!heading) return;
  const defs = new Map<string, Element>();
  for (
    let el = heading.nextElementSibling;
    el && !/^h[1-6]$/.test(tagName(el));
    el = el.nextElementSibling
  ) {
    const items = tagName(el) === 'ol' || tagName(el) === 'ul' ? Array.from(el.children) : [el];
    for (const item of items) {
      const first = item.firstElementChild;
      const label =
        first && tagName(first) === 'sup' && item.firstChild === first
          ? normalizedText(first)
          : null;
      if (label && /^\d{1,3}$/.test(label)) defs.set(label, item);
    }
  }
  if (defs.size === 0) return;
  const doc = article.ownerDocument;
  const numbered = new Map<string, number>();
  for (const sup of Array.from(article.getElementsByTagName('sup'))) {
    if (heading.compareDocumentPosition(sup) & 4) break; // after the heading
    const label = normalizedText(sup);
    const def = defs.get(label);
    if (!def || sup.children.length > 0) continue;
    let n = numbered.get(label);
    if (n === undefined) {
      const cleaned = cleanDefinition(def, () => undefined);
      if (!cleaned) continue;
      ordered.push(cleaned);
      n = ordered.length;
      numbered.set(label, n);
    }
    sup.replaceWith(marker(doc, n));
  }
  if (ordered.length === 0) return;
  for (const def of defs.values()) removeWithHeading(def);
  if (heading.isConnected) {
    let next = heading.nextElementSibling;
    while (next && !/^h[1-6]$/.test(tagName(next)) && !normalizedText(next)) {
      const after = next.nextElementSibling;
      next.remove();
      next = after;
    }
    if (!next || /^h[1-6]$/.test(tagName(next))) heading.remove();
  }
}
