import { copyTree, elementCopier, sameImplementation } from './copy-tree';
import { copyFlat } from './copy-flat';
import { copyVisible, isDropped, type Walk } from './copy-visible';
import { tagName } from './dom';
import { canCheckVisibility, HIDDEN_MARK, sheetHidden } from './hidden';
import { limitDepth } from './limit-depth';
import { pagePostId, POST_ATTR } from './other-posts';

export { copyTree, elementCopier, type ElementCopier } from './copy-tree';

/**
 * Step 1 of the pipeline: an inert copy of the page to work on, made from the live document,
 * which is never modified (the walk is copy-visible.ts). Left out while copying: comments,
 * scripts (except MathJax TeX and JSON-LD metadata, which moves to the head), styles,
 * templates, non-video iframes. What the reader cannot see (decided on the live DOM, where
 * computed styles exist) is copied but marked; `visibleCopy` is the copy without it, which the
 * later steps work on. Open shadow roots are flattened: a host's copy gets its shadow tree,
 * each `<slot>` replaced by the light nodes assigned to it.
 *
 * The marked copy is all the later steps need of the page: in the extension it is serialized
 * in the tab and the rest of the pipeline runs in the extension's own extraction document
 * (docs/architecture.md, "Extraction").
 *
 * The copy may live in another DOM implementation than the page (`createDocument`): in
 * Node, the command line and the benchmark hand in a linkedom document, in which Readability,
 * the cleaning steps and Turndown run several times faster than in jsdom; there each node is
 * rebuilt by name (copy-tree.ts). Within one implementation elements are copied with
 * `importNode`, which keeps the attribute names the parser accepts and `setAttribute`
 * rejects (`[class]`, AMP's `⚡`).
 */

const HEAD_KEEP = new Set(['title', 'meta', 'base']);

/** `<link rel="canonical">`: the clip's canonical address and the notes' page addresses. */
function isCanonicalLink(el: Element, tag: string): boolean {
  return (
    tag === 'link' && /(?:^|\s)canonical(?:\s|$)/.test((el.getAttribute('rel') ?? '').toLowerCase())
  );
}
const ROOT_ATTRIBUTES = ['lang', 'xml:lang', 'dir'];

/**
 * Copies the live document into a new inert document made by `createDocument` (by default
 * one of the page's own implementation), hidden elements marked. `baseUrl` becomes the copy's
 * `<base href>`, so relative URLs keep resolving as on the page.
 */
export function snapshotDocument(
  live: Document,
  baseUrl: string,
  createDocument: () => Document = () => live.implementation.createHTMLDocument(''),
): Document {
  const snap = createDocument();
  const copyElement = elementCopier(snap, live);
  const root = snap.documentElement;
  // Only the language and direction: Readability would take an `<html class>` such as
  // "with-banner" for an unlikely candidate and remove the whole document.
  for (const name of ROOT_ATTRIBUTES) {
    const value = live.documentElement.getAttribute(name);
    if (value !== null) root.setAttribute(name, value);
  }
  const head = snap.head;
  const base = snap.createElement('base');
  base.setAttribute('href', baseUrl);
  head.replaceChildren(base); // createHTMLDocument('') adds an empty <title> that would win
  let titled = false;
  for (let el = live.head?.firstElementChild ?? null; el; el = el.nextElementSibling) {
    const tag = tagName(el);
    if (HEAD_KEEP.has(tag) || isCanonicalLink(el, tag) || (tag === 'script' && !isDropped(el, tag)))
      head.appendChild(copyTree(snap, el, copyElement));
    if (tag === 'title') titled = true;
  }
  const liveBody = live.body;
  const body = snap.body ?? root.appendChild(snap.createElement('body'));
  body.replaceChildren();
  if (!liveBody) return snap;
  const postId = pagePostId(liveBody);
  if (postId) body.setAttribute(POST_ATTR, postId);
  const check = canCheckVisibility(live);
  const walk: Walk = {
    target: snap,
    copyElement,
    deep: sameImplementation(snap, live),
    hiddenBySheets: check ? new Set() : sheetHidden(live),
    head,
    titled,
    deepHidden: false,
    marked: new Set(),
  };
  const flat = walk.deep ? copyFlat(walk, liveBody, check) : null;
  if (flat) {
    for (const name of body.getAttributeNames())
      flat.body.setAttribute(name, body.getAttribute(name) ?? '');
    root.replaceChild(flat.body, body);
  }
  const depth = flat ? flat.depth : copyVisible(walk, liveBody, body, check);
  keepOwnMarks(walk, snap.body);
  // A hidden element copied whole may nest deeper than the walk went.
  limitDepth(snap.body, walk.deepHidden ? Infinity : depth);
  return snap;
}

/**
 * The marked copy without what the reader cannot see: the document later steps work on. A
 * clone of the marked document, or, given `createDocument`, a new document it makes with the
 * copy imported (linkedom's `Document.cloneNode` leaves the nodes owned by the original). The
 * clone skips adopting every node into another document: in Chromium it took half the time on
 * a long page.
 */
export function visibleCopy(marked: Document, createDocument?: () => Document): Document {
  let copy: Document;
  if (createDocument) {
    copy = createDocument();
    copy.replaceChild(copy.importNode(marked.documentElement, true), copy.documentElement);
  } else copy = marked.cloneNode(true) as Document;
  for (const el of Array.from(copy.querySelectorAll(`[${HIDDEN_MARK}]`))) el.remove();
  return copy;
}

/**
 * Only the walk marks what is hidden: a `HIDDEN_MARK` the page wrote itself on an element the
 * walk kept goes (inside a hidden element copied whole it can stay: that is dropped anyway).
 * One query after the walk instead of a removal on every element it copies.
 */
function keepOwnMarks(walk: Walk, copyRoot: Element): void {
  for (const el of Array.from(copyRoot.querySelectorAll(`[${HIDDEN_MARK}]`))) {
    if (walk.marked.has(el)) continue;
    let inMarked = false;
    for (let up = el.parentElement; up && up !== copyRoot && !inMarked; up = up.parentElement)
      inMarked = walk.marked.has(up);
    if (!inMarked) el.removeAttribute(HIDDEN_MARK);
  }
}
