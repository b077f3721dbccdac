import { normalizedText, tagName } from './dom';

/**
 * Footnotes: references become `[^n]` markers and their definitions `[^n]: …` lines at the
 * end of the note. Definitions are collected from the whole snapshot before Readability
 * (which often drops or mangles the notes list), references are matched in the article.
 */

export const FOOTNOTE_ATTR = 'data-pageclip-fn';

const DEFINITION_CONTAINERS =
  'ol.footnotes, section.footnotes, div.footnotes, .footnotes ol, .footnote-list, [role="doc-endnotes"], ol.references, .reflist, .mw-references-wrap, aside.footnotes, .footnotes-list, #footnotes';
const DEFINITION_ITEMS =
  '[role="doc-footnote"][id], [role="doc-endnote"][id], li[id^="fn"], li[id^="cite_note"], .footnote[id], div[id^="fn"], p[id^="fn"], aside[id^="fn"], li[id^="footnote"], div[id^="footnote"]';
const BACKLINKS =
  '.footnote-backref, .footnote-back, [role="doc-backlink"], .mw-cite-backlink, a[href^="#fnref"], a[href^="#ref"], a[href*="#fnref"], .reversefootnote, .footnote-return';
const REF_LINKS =
  'sup a[href*="#"], a.footnote-ref, .footnote-ref a, a[role="doc-noteref"], a[href^="#fn"], a[href^="#footnote"], a.footnote, a[href^="#cite_note"]';
const NOTES_HEADING = /^(?:foot ?notes?|notes|endnotes|references)$/i;

export interface FootnoteDefinitions {
  /** id → a detached clone of the definition's content, backlinks removed. */
  byId: Map<string, Element>;
}

export function collectFootnoteDefinitions(root: Element): FootnoteDefinitions {
  const byId = new Map<string, Element>();
  const items = new Set<Element>();
  for (const container of Array.from(root.querySelectorAll(DEFINITION_CONTAINERS))) {
    for (const li of Array.from(container.querySelectorAll('li[id]'))) items.add(li);
  }
  for (const el of Array.from(root.querySelectorAll(DEFINITION_ITEMS))) items.add(el);
  for (const item of items) {
    const id = item.getAttribute('id');
    if (!id || byId.has(id)) continue;
    const clone = item.cloneNode(true) as Element;
    for (const back of Array.from(clone.querySelectorAll(BACKLINKS))) back.remove();
    for (const a of Array.from(clone.querySelectorAll('a'))) {
      if (/^(?:\s|↩|↑|\^|⤴|\uFE0E|\uFE0F)*$/.test(a.textContent ?? '') && !a.querySelector('img'))
        a.remove();
    }
    if (!normalizedText(clone)) continue;
    byId.set(id, clone);
  }
  return { byId };
}

function targetId(a: Element, pageNoHash: string): string | null {
  const href = a.getAttribute('href') ?? '';
  const hash = href.indexOf('#');
  if (hash < 0) return null;
  const before = href.slice(0, hash);
  if (before && before !== pageNoHash) return null;
  try {
    return decodeURIComponent(href.slice(hash + 1));
  } catch {
    return href.slice(hash + 1);
  }
}

export interface FootnoteResult {
  /** Definition elements in reference order; index i is note number i + 1. */
  ordered: Element[];
}

/**
 * Replaces footnote references in `article` with markers, removes the definition lists
 * from it and returns the definitions to append, numbered by first reference.
 */
export function applyFootnotes(
  article: Element,
  defs: FootnoteDefinitions,
  pageUrl: string,
): FootnoteResult {
  const ordered: Element[] = [];
  if (defs.byId.size === 0) return { ordered };
  const pageNoHash = pageUrl.replace(/#.*$/, '');
  const numberOf = new Map<string, number>();
  const doc = article.ownerDocument;
  for (const a of Array.from(article.querySelectorAll(REF_LINKS))) {
    if (!a.isConnected) continue;
    const id = targetId(a, pageNoHash);
    if (!id) continue;
    const def = defs.byId.get(id);
    if (!def) continue;
    // A reference inside a definition is a backlink, not a new note.
    if (a.closest(DEFINITION_CONTAINERS) || a.closest(`[id="${cssEscape(id)}"]`)) continue;
    let n = numberOf.get(id);
    if (n === undefined) {
      ordered.push(def);
      n = ordered.length;
      numberOf.set(id, n);
    }
    const marker = doc.createElement('sup');
    marker.setAttribute(FOOTNOTE_ATTR, String(n));
    marker.textContent = String(n);
    const sup =
      a.parentElement &&
      tagName(a.parentElement) === 'sup' &&
      normalizedText(a.parentElement) === normalizedText(a)
        ? a.parentElement
        : a;
    sup.replaceWith(marker);
  }
  if (ordered.length === 0) return { ordered };
  // Remove the notes list (and its "Notes" heading) from the body: it is re-emitted at the end.
  for (const container of Array.from(article.querySelectorAll(DEFINITION_CONTAINERS))) {
    if (!container.isConnected) continue;
    removeWithHeading(container);
  }
  for (const id of numberOf.keys()) {
    const el = article.querySelector(`[id="${cssEscape(id)}"]`);
    if (el) removeWithHeading(el);
  }
  // Readability may leave a lone list wrapper behind.
  for (const list of Array.from(article.querySelectorAll('ol, ul'))) {
    if (list.isConnected && !normalizedText(list) && !list.querySelector('img')) list.remove();
  }
  return { ordered };
}

function removeWithHeading(el: Element): void {
  const prev = el.previousElementSibling;
  if (prev && /^h[1-6]$/.test(tagName(prev)) && NOTES_HEADING.test(normalizedText(prev)))
    prev.remove();
  const parent = el.parentElement;
  el.remove();
  if (
    parent &&
    tagName(parent) !== 'body' &&
    !normalizedText(parent) &&
    !parent.querySelector('img')
  ) {
    const grandPrev = parent.previousElementSibling;
    if (
      grandPrev &&
      /^h[1-6]$/.test(tagName(grandPrev)) &&
      NOTES_HEADING.test(normalizedText(grandPrev))
    )
      grandPrev.remove();
    parent.remove();
  }
}

function cssEscape(s: string): string {
  return s.replace(/["\\]/g, '\\$&');
}
