import { normalizedText, tagName } from './dom';
import {
  CONTAINERS,
  FOOTNOTE_ATTR,
  NOTE_LABEL,
  cleanDefinition,
  hasNoteClass,
  isBefore,
  marker,
  removeNoteBlock,
  type NoteSink,
} from './footnote-dom';
import {
  NOTE_ID,
  backlinkLocator,
  byIdOrName,
  idOrNameIndex,
  pageAddresses,
  targetId,
  withLiveIndex,
  type Locate,
} from './footnote-targets';
import { inlineNotes, unlinkedNotes } from './footnotes-unlinked';
import { NoteCopies } from './note-copies';

/**
 * Footnotes: references become `[^n]` markers and their definitions `[^n]: …` lines at the
 * end of the note, numbered by first reference. A reference is a link to an element of the
 * page that looks like a note (in a notes list or section, a `doc-footnote`/`doc-endnote`,
 * an id like `fn1` / `cite_note-1`, a block with a footnote class, or reached by a label
 * like `[3]` in a `<sup>` or a footnote-reference class). Targets are looked up in the live
 * document, which Readability never touches, so notes it dropped are still found. Notes
 * without links (inline sidenotes, `<sup>N</sup>` with `<sup>N</sup> text` definitions)
 * are paired by footnotes-unlinked.ts.
 */

export { FOOTNOTE_ATTR };

// The reference itself says it is one: `<a class="footnote-ref">`, `<sup class="fnref">`.
const REF_CLASS =
  /(?:^|[\s_-])(?:foot\w*|fnref|noteref|fn|ref|reference|citation|cite)(?:$|[\s_-])/i;
const DEF_BLOCKS = new Set(['li', 'p', 'aside', 'div', 'section', 'dd']);
const DEF_SELECTOR = 'li, p, aside, div, section, dd';
const HEADING = /^h[1-6]$/;
// Larger than any note: a target this big is a section (a table of contents entry).
const MAX_NOTE_CHARS = 6000;

export interface FootnoteResult {
  /** Definition elements in reference order; index i is note number i + 1. */
  ordered: Element[];
}

/**
 * The elements a note is made of, from the element its reference points at: the block
 * around it, or, when the target is a label heading (`<h5><a id="FOOT1">(1)</a></h5>`,
 * texinfo), the blocks under that heading (the heading first, for removal only).
 */
function noteParts(target: Element): Element[] | null {
  const heading = target.closest('h1, h2, h3, h4, h5, h6');
  if (heading) {
    if (!NOTE_LABEL.test(normalizedText(heading))) return null;
    const parts = [heading];
    for (let el = heading.nextElementSibling; el; el = el.nextElementSibling) {
      if (HEADING.test(tagName(el)) || tagName(el) === 'hr') break;
      parts.push(el);
    }
    return parts.length > 1 ? parts : null;
  }
  const tag = tagName(target);
  if (tag === 'li' || (DEF_BLOCKS.has(tag) && !NOTE_LABEL.test(normalizedText(target))))
    return normalizedText(target) ? [target] : null;
  const block = target.closest(DEF_SELECTOR);
  if (!block || /^(?:body|main|article)$/.test(tagName(block))) return null;
  return [block];
}

function isPlausibleNote(parts: Element[]): boolean {
  const body = HEADING.test(tagName(parts[0]!)) ? parts.slice(1) : parts;
  let chars = 0;
  for (const part of body) {
    if (part.querySelector('h1, h2, h3, h4, h5, h6, article, main')) return false;
    chars += (part.textContent ?? '').length;
  }
  return chars > 0 && chars < MAX_NOTE_CHARS;
}

function looksLikeNote(id: string, target: Element, parts: Element[], ref: Element): boolean {
  const def = parts[0]!;
  if (HEADING.test(tagName(def))) return true; // a label heading, checked by noteParts
  if (def.closest(CONTAINERS)) return true;
  const role = def.getAttribute('role') ?? target.getAttribute('role') ?? '';
  if (role === 'doc-footnote' || role === 'doc-endnote') return true;
  if (NOTE_ID.test(id)) return true;
  if (hasNoteClass(def)) return true;
  const label = normalizedText(ref);
  if (!NOTE_LABEL.test(label)) return false;
  // A bare number links to equations and theorems too; a note reference says more.
  const sup = ref.closest('sup, cite') ?? ref.querySelector('sup');
  const signals = [ref, ref.parentElement, sup].some(
    (el) =>
      !!el &&
      (REF_CLASS.test(el.getAttribute('class') ?? '') || el.getAttribute('role') === 'doc-noteref'),
  );
  if (sup || signals) return true;
  return /^\[.*\]$/.test(label) && tagName(def) === 'li';
}

interface Reference {
  /** The link in the article. */
  a: Element;
  locate: Locate;
  /** The id or anchor name `locate` looks for; null when it finds the note by its backlink. */
  id: string | null;
  /** The target in the live document and the note around it. */
  target: Element;
  parts: Element[];
  /** The same target in the article, when Readability kept the note. */
  inArticle: Element | null;
}

function findReferences(article: Element, live: Document, pageUrl: string): Reference[] {
  const thisPage = pageAddresses(article, live, pageUrl);
  const doc = article.ownerDocument;
  const refs: Reference[] = [];
  // The article is alone in its document (attachAlone) and unchanged while this loop reads it.
  let inArticleById: ((id: string) => Element | null) | null = null;
  for (const a of Array.from(article.querySelectorAll('a'))) {
    const id = targetId(a, thisPage);
    // A reference is a number or a mark, not a phrase (a docutils heading links back to
    // its table of contents entry).
    const text = normalizedText(a);
    if (!id || text.length > 15) continue;
    if (a.closest('h1, h2, h3, h4, h5, h6') && !NOTE_LABEL.test(text)) continue;
    let locate: Locate | null = (d) => byIdOrName(d, id);
    let target = locate(live);
    let byId = true;
    if (!target) {
      locate = backlinkLocator(live, id);
      target = locate?.(live) ?? null;
      byId = false;
    }
    if (!locate || !target) continue;
    const found = byId ? (inArticleById ??= idOrNameIndex(article))(id) : locate(doc);
    const inArticle = found && article.contains(found) ? found : null;
    // A link back to something earlier in the text is a backlink, not a reference.
    if (inArticle && isBefore(inArticle, a)) continue;
    if (a.closest(CONTAINERS)) continue;
    const parts = noteParts(target);
    if (!parts || !isPlausibleNote(parts) || !looksLikeNote(id, target, parts, a)) continue;
    refs.push({ a, locate, id: byId ? id : null, target, parts, inArticle });
  }
  // Links inside the notes themselves (backlinks, cross-references) are not new notes.
  const noteBlocks = refs.flatMap((r) => (r.inArticle ? (noteParts(r.inArticle) ?? []) : []));
  return refs.filter((r) => !noteBlocks.some((block) => block.contains(r.a)));
}

/**
 * Notes that share one block (`<p><a name="one">1</a> … <br><br><a name="two">2</a> …</p>`)
 * are the runs of the block's children from each target to the next.
 */
function segments(refs: Reference[]): Map<Element, Node[]> {
  const byBlock = new Map<Element, Element[]>();
  for (const ref of refs) {
    const block = ref.parts[0]!;
    if (ref.target === block || ref.parts.length > 1) continue;
    const targets = byBlock.get(block) ?? [];
    if (!targets.includes(ref.target)) targets.push(ref.target);
    byBlock.set(block, targets);
  }
  const result = new Map<Element, Node[]>();
  for (const [block, targets] of byBlock) {
    if (targets.length < 2) continue;
    const children = Array.from(block.childNodes);
    const starts = targets
      .map((t) => ({ t, i: children.findIndex((child) => child === t || child.contains(t)) }))
      .filter((s) => s.i >= 0)
      .sort((x, y) => x.i - y.i);
    starts.forEach(({ t, i }, k) => {
      const end = starts[k + 1]?.i ?? children.length;
      result.set(t, children.slice(i, end));
    });
  }
  return result;
}

/**
 * The article's copy of a note block, from the copy of its target: Readability may have
 * rebuilt the block (wrapping the number link in a `<p>` of its own), so the copy is the
 * nearest ancestor with as much text as the live block.
 */
function articleCopy(found: Element, block: Element, article: Element): Element {
  const want = normalizedText(block).length;
  let el = found;
  while (el.parentElement && el.parentElement !== article && normalizedText(el).length < want)
    el = el.parentElement;
  return normalizedText(el).length <= want + 20 ? el : (noteParts(found)?.[0] ?? found);
}

/**
 * A notes list's items that nothing in the text links to (a note cited only from a table
 * or caption Readability dropped) still belong to the page's notes: they follow the
 * referenced ones, with no marker.
 */
function unreferencedNotes(
  used: Reference[],
  numberOf: Map<Node, number>,
  sink: NoteSink,
  refIds: Set<string>,
): void {
  const lists = new Set<Element>();
  for (const ref of used) {
    const item = ref.parts[0]!;
    if (tagName(item) === 'li' && item.parentElement && item.closest(CONTAINERS))
      lists.add(item.parentElement);
  }
  for (const list of lists) {
    for (const item of Array.from(list.children)) {
      if (tagName(item) !== 'li' || !item.id || numberOf.has(item)) continue;
      const cleaned = cleanDefinition([item], sink.prepare, refIds);
      if (cleaned) numberOf.set(item, sink.add(cleaned));
    }
  }
}

function linkedNotes(article: Element, live: Document, pageUrl: string, sink: NoteSink): void {
  const refs = findReferences(article, live, pageUrl);
  if (refs.length === 0) return;
  const split = segments(refs);
  const numberOf = new Map<Node, number>();
  const used: Reference[] = [];
  const refIds = new Set<string>();
  for (const ref of refs)
    for (let el: Element | null = ref.a; el && tagName(el) !== 'p'; el = el.parentElement)
      if (el.id) refIds.add(el.id);
  for (const ref of refs) {
    if (!ref.a.isConnected) continue;
    const segment = split.get(ref.target);
    const key = segment ? ref.target : ref.parts[0]!;
    let n = numberOf.get(key);
    if (n === undefined) {
      const content =
        segment ?? (HEADING.test(tagName(ref.parts[0]!)) ? ref.parts.slice(1) : ref.parts);
      const cleaned = cleanDefinition(content, sink.prepare, refIds);
      if (!cleaned) continue;
      n = sink.add(cleaned);
      numberOf.set(key, n);
      used.push(ref);
    }
    const sup = ref.a.parentElement;
    const replaced =
      sup && tagName(sup) === 'sup' && normalizedText(sup) === normalizedText(ref.a) ? sup : ref.a;
    // A sidenote copy of the note right after the reference would repeat it.
    const next = replaced.nextElementSibling;
    if (next && /\bsidenote\b/.test(next.getAttribute('class') ?? '')) next.remove();
    replaced.replaceWith(marker(article.ownerDocument, n));
  }
  unreferencedNotes(used, numberOf, sink, refIds);
  const copies = new NoteCopies(article, DEF_SELECTOR);
  // Indexed before the loop removes anything: a note removed since is no longer in the
  // article, which the check below sees, as it saw a lookup that found nothing.
  let inArticleById: ((id: string) => Element | null) | null = null;
  for (const ref of used) {
    const found =
      ref.id !== null
        ? (inArticleById ??= idOrNameIndex(article))(ref.id)
        : ref.locate(article.ownerDocument);
    if (!found || !article.contains(found)) {
      if (ref.parts.length === 1) copies.removeCopyOf(ref.parts[0]!);
      continue;
    }
    // The whole notes section goes: its notes are all re-emitted.
    let container = found.closest(CONTAINERS);
    while (container?.parentElement?.closest(CONTAINERS))
      container = container.parentElement.closest(CONTAINERS);
    const parts = container
      ? [container]
      : split.has(ref.target)
        ? [found.closest(DEF_SELECTOR)]
        : ref.parts.length === 1
          ? [articleCopy(found, ref.parts[0]!, article)]
          : noteParts(found);
    for (const part of parts ?? []) if (part?.isConnected) copies.remove(part);
  }
  for (const container of Array.from(article.querySelectorAll(CONTAINERS))) {
    if (container.isConnected && !normalizedText(container)) removeNoteBlock(container);
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
  const sink: NoteSink = {
    prepare,
    add: (note) => ordered.push(note),
  };
  withLiveIndex(live, () => {
    linkedNotes(article, live, pageUrl, sink);
    inlineNotes(article, live, sink);
    if (ordered.length === 0) unlinkedNotes(article, live, sink);
  });
  return { ordered };
}
