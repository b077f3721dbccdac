import { normalizedText, tagName } from './dom';
import {
  CONTAINERS,
  FOOTNOTE_ATTR,
  isNotesHeading,
  cleanDefinition,
  inNoteClass,
  isBefore,
  marker,
  removeNoteBlock,
  type NoteSink,
} from './footnote-dom';

/**
 * Footnotes that are not links to their definitions:
 *  - inline notes, where the reference carries the note: a `data-definition` naming a
 *    hidden element, a numbered `title` span holding hidden content, a CSS sidenote after
 *    its `<label>` number;
 *  - loose numbers: `text<sup>1</sup>` with a definition elsewhere that starts with the same
 *    number (`<p><sup>1</sup> …</p>`, `<p><strong>1</strong> …</p>`), or is item 1 of an
 *    ordered list in a notes block or aside (possibly outside the article).
 */

const LOOSE_NUMBER = /^\d{1,3}$/;
const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const HEADING = /^h[1-6]$/;

/** An element with text, plus the elements to delete from the article once it is a note. */
interface Definition {
  content: Element[];
  remove: Element[];
}

function replaceWithNote(ref: Element, content: Element[], sink: NoteSink): boolean {
  const cleaned = cleanDefinition(content, sink.prepare);
  if (!cleaned) return false;
  ref.replaceWith(marker(ref.ownerDocument, sink.add(cleaned)));
  return true;
}

/** The live element for an article element: the first matching the selector with its title. */
function liveTwin(live: Document, selector: string, el: Element): Element | null {
  const text = el.getAttribute('title') ?? '';
  return (
    Array.from(live.querySelectorAll(selector)).find(
      (candidate) => (candidate.getAttribute('title') ?? '') === text,
    ) ?? null
  );
}

const TITLED = '[title][class*="footnote"]';
const SIDENOTES = '.sidenote, span.footnote';

export function inlineNotes(article: Element, live: Document, sink: NoteSink): void {
  const texts = new Set<string>();
  // One pass in document order, so the numbers follow the text.
  for (const ref of Array.from(
    article.querySelectorAll(`[data-definition], ${TITLED}, ${SIDENOTES}`),
  )) {
    if (!ref.isConnected) continue;
    if (ref.hasAttribute('data-definition')) definitionNote(ref, article, live, sink);
    else if (ref.matches(TITLED)) titledNote(ref, live, sink);
    else sidenote(ref, sink, texts);
  }
  if (texts.size === 0) return;
  // A footer repeating the sidenotes goes.
  for (const block of Array.from(article.querySelectorAll('div, li, p'))) {
    if (!block.isConnected || !inNoteClass(block)) continue;
    const text = normalizedText(block).replace(/^\[?\(?\d{1,3}[.)\]]*\s*/, '');
    if (texts.has(text)) removeNoteBlock(block);
  }
}

/** `<span data-definition="fna0"><a href="#">*</a></span>` … `<aside id="fna0" hidden>`. */
function definitionNote(ref: Element, article: Element, live: Document, sink: NoteSink): void {
  const id = ref.getAttribute('data-definition') ?? '';
  const def = id ? live.getElementById(id) : null;
  if (!def || !normalizedText(def)) return;
  const copy = article.ownerDocument.getElementById(id);
  if (replaceWithNote(ref, [def], sink) && copy && article.contains(copy)) removeNoteBlock(copy);
}

/**
 * `<span class="inline-footnote" title="Note">1<span style="display:none">Note</span></span>`:
 * the hidden part is not in the snapshot; the live page still has it, with its links.
 */
function titledNote(ref: Element, live: Document, sink: NoteSink): void {
  const title = (ref.getAttribute('title') ?? '').trim();
  const label = (ref.firstChild?.nodeValue ?? normalizedText(ref)).trim();
  if (!title || !LOOSE_NUMBER.test(label)) return;
  const twin = liveTwin(live, TITLED, ref);
  const hidden = twin
    ? Array.from(twin.children).find((child) => normalizedText(child))
    : undefined;
  const content = hidden ?? ref.ownerDocument.createElement('span');
  if (!hidden) content.textContent = title;
  replaceWithNote(ref, [content], sink);
}

/**
 * `<label for="fn.1">1</label><input type="checkbox"><span class="sidenote"><sup>1</sup> …`
 * (Tufte CSS, org-mode): the number is the reference, the sidenote the definition.
 */
function sidenote(note: Element, sink: NoteSink, texts: Set<string>): void {
  let ref = note.previousElementSibling;
  while (ref && tagName(ref) === 'input') ref = ref.previousElementSibling;
  if (!ref || !/^(?:label|sup)$/.test(tagName(ref))) return;
  const label = normalizedText(ref).replace(/[.:]$/, '');
  // An empty `<label class="margin-toggle">` is numbered by a CSS counter.
  const counted = !label && /margin-toggle|footnote|sidenote/.test(ref.getAttribute('class') ?? '');
  if (!counted && !LOOSE_NUMBER.test(label)) return;
  const cleaned = cleanDefinition([note], sink.prepare);
  if (!cleaned) return;
  texts.add(normalizedText(cleaned));
  for (let el = ref.nextElementSibling; el && el !== note; el = ref.nextElementSibling) el.remove();
  note.remove();
  ref.replaceWith(marker(ref.ownerDocument, sink.add(cleaned)));
}

/** The number a definition block starts with: `<sup>1</sup>`, `<strong>1</strong>`, `<b><sup>1</sup> …`. */
function leadingNumber(block: Element): string | null {
  let el: Element = block;
  for (let depth = 0; depth < 3; depth++) {
    let first: ChildNode | null = el.firstChild;
    while (first && first.nodeType !== 1 && !(first.nodeValue ?? '').trim())
      first = first.nextSibling;
    if (!first || first.nodeType !== 1) return null;
    const child = first as Element;
    const text = normalizedText(child);
    if (/^(?:sup|strong|b|a|span)$/.test(tagName(child)) && LOOSE_NUMBER.test(text)) return text;
    if (!/^(?:b|strong|span|a)$/.test(tagName(child))) return null;
    el = child;
  }
  return null;
}

function isLooseReference(sup: Element): boolean {
  if (
    sup.hasAttribute(FOOTNOTE_ATTR) ||
    sup.children.length > 0 ||
    !LOOSE_NUMBER.test(normalizedText(sup))
  )
    return false;
  if (sup.closest(`a, ${HEADINGS}`)) return false;
  // At the start of its block it labels a definition.
  const block = sup.closest('p, li, div, dd, td');
  return !block || leadingNumber(block) === null;
}

/** A notes region: the block sits in a notes class, an aside, or after a Notes heading. */
function inNotesRegion(el: Element): boolean {
  if (inNoteClass(el) || el.closest(`aside, ${CONTAINERS}`)) return true;
  for (let node: Element | null = el; node; node = node.parentElement) {
    for (let prev = node.previousElementSibling; prev; prev = prev.previousElementSibling)
      if (HEADING.test(tagName(prev))) {
        if (isNotesHeading(prev)) return true;
        break;
      }
  }
  return false;
}

/**
 * Definitions under `root` for the wanted numbers. `after` (in the article) says a block may
 * define a number only after that number's first reference.
 */
function collectDefinitions(
  root: Element,
  wanted: Set<string>,
  defs: Map<string, Definition>,
  regionOnly: boolean,
  after: (label: string, el: Element) => boolean,
): void {
  const labelled: Element[] = [];
  for (const block of Array.from(root.querySelectorAll('p, li, dd, div'))) {
    if (tagName(block) === 'div' && block.querySelector('p, li, div, dd')) continue;
    const label = leadingNumber(block);
    if (!label || !wanted.has(label) || defs.has(label)) continue;
    if (normalizedText(block) === label || !after(label, block)) continue;
    if (regionOnly && !inNotesRegion(block)) continue;
    defs.set(label, { content: [block], remove: [block] });
    labelled.push(block);
  }
  // A definition goes on over the blocks up to the next one (a list, a second paragraph);
  // the last one only when a rule or a Notes heading opened the notes (else the page's
  // closing paragraphs would join it).
  for (const def of defs.values()) {
    const start = def.content[0]!;
    if (!labelled.includes(start)) continue;
    const more: Element[] = [];
    let el = start.nextElementSibling;
    for (; el; el = el.nextElementSibling) {
      if (labelled.includes(el) || HEADING.test(tagName(el)) || tagName(el) === 'hr') break;
      more.push(el);
    }
    const opened = labelled.find((b) => b.parentElement === start.parentElement);
    const intro = opened?.previousElementSibling;
    const delimited =
      !!intro &&
      (tagName(intro) === 'hr' || (HEADING.test(tagName(intro)) && isNotesHeading(intro)));
    if ((el && labelled.includes(el)) || delimited) {
      def.content.push(...more);
      def.remove.push(...more);
    }
  }
  // Ordered lists of notes: item i is note `start + i`.
  for (const list of Array.from(root.querySelectorAll('ol'))) {
    if (!inNotesRegion(list)) continue;
    const start = Number.parseInt(list.getAttribute('start') ?? '1', 10) || 1;
    Array.from(list.children).forEach((item, i) => {
      const label = String(start + i);
      if (tagName(item) !== 'li' || !wanted.has(label) || defs.has(label)) return;
      if (!normalizedText(item) || !after(label, item)) return;
      defs.set(label, { content: [item], remove: [item] });
    });
  }
}

/** `text.<sup>1</sup>` … `<p><sup>1</sup> First note</p>`: no links at all. */
export function unlinkedNotes(article: Element, live: Document, sink: NoteSink): void {
  const refs = Array.from(article.querySelectorAll('sup')).filter(isLooseReference);
  if (refs.length === 0) return;
  const wanted = new Set(refs.map((sup) => normalizedText(sup)));
  const firstRef = new Map<string, Element>();
  for (const sup of refs)
    if (!firstRef.has(normalizedText(sup))) firstRef.set(normalizedText(sup), sup);
  const defs = new Map<string, Definition>();
  collectDefinitions(article, wanted, defs, false, (label, el) => {
    const ref = firstRef.get(label);
    return !!ref && isBefore(ref, el);
  });
  // Definitions the article lost (a notes block beside it): only in notes regions.
  const outside = new Map<string, Definition>();
  if ([...wanted].some((label) => !defs.has(label)) && live.body)
    collectDefinitions(live.body, wanted, outside, true, () => true);
  for (const [label, def] of outside) if (!defs.has(label)) defs.set(label, { ...def, remove: [] });
  if (defs.size === 0) return;
  const numbered = new Map<string, number>();
  const used: Definition[] = [];
  for (const sup of refs) {
    const label = normalizedText(sup);
    const def = defs.get(label);
    if (!def || !sup.isConnected) continue;
    let n = numbered.get(label);
    if (n === undefined) {
      const cleaned = cleanDefinition(def.content, sink.prepare);
      if (!cleaned) continue;
      n = sink.add(cleaned);
      numbered.set(label, n);
      used.push(def);
    }
    sup.replaceWith(marker(article.ownerDocument, n));
  }
  for (const def of used) for (const el of def.remove) if (el.isConnected) removeNoteBlock(el);
}
