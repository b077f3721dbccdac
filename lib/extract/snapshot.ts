import { elementsByTag, tagName } from './dom';
import {
  canCheckVisibility,
  hidingSelectors,
  isHiddenByLayout,
  isHiddenByMarkup,
  hasNoBox,
  isOpaque,
  isShownInline,
  matchingSelectors,
} from './hidden';

/**
 * Step 1 of the pipeline: an inert copy of the page to work on, built node by node from the
 * live document, which is never modified. Left out while copying: what the reader cannot
 * see (decided on the live DOM, where computed styles exist), comments, scripts (except
 * MathJax TeX and JSON-LD metadata, which moves to the head), styles, templates, non-video
 * iframes. Open shadow roots are flattened: a host's copy gets its shadow tree, each
 * `<slot>` replaced by the light nodes assigned to it.
 *
 * The copy may live in another DOM implementation than the page (`createDocument`): in
 * Node, the command line and the benchmark hand in a linkedom document, in which Readability,
 * the cleaning steps and Turndown run several times faster than in jsdom. Within one
 * implementation an element is copied with `importNode(el, false)`, which keeps the
 * attribute names the parser accepts and `setAttribute` rejects (`[class]`, AMP's `⚡`).
 * Building the copy while walking, rather than cloning the body and pruning it, never
 * creates the nodes that are dropped.
 */

const DROP_TAGS = new Set(['style', 'template', 'link', 'object', 'embed', 'canvas', 'dialog']);
const VIDEO_HOSTS =
  /^(?:https?:)?\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com|player\.vimeo\.com|youtu\.be)\//;
const XHTML = 'http://www.w3.org/1999/xhtml';

function isJsonLd(el: Element): boolean {
  return (el.getAttribute('type') ?? '').toLowerCase() === 'application/ld+json';
}

function isDropped(el: Element, tag: string): boolean {
  if (DROP_TAGS.has(tag)) return true;
  if (tag === 'script') {
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    return !type.startsWith('math/tex') && type !== 'application/ld+json';
  }
  if (tag === 'iframe') return !VIDEO_HOSTS.test(el.getAttribute('src') ?? '');
  return false;
}

type SlotLike = Element & { assignedNodes?: (o?: { flatten?: boolean }) => Node[] };

/** A shallow copy of `el` in `target`: same-implementation clone, else rebuilt by name. */
export type ElementCopier = (el: Element) => Element;

export function elementCopier(target: Document, live: Document): ElementCopier {
  // Same implementation and realm (a browser page and its createHTMLDocument, or one jsdom
  // window): the root elements share a constructor.
  const liveRoot = live.documentElement as Element | null;
  const targetRoot = target.documentElement as Element | null;
  if (liveRoot && targetRoot && liveRoot.constructor === targetRoot.constructor)
    return (el) => target.importNode(el, false);
  return (el) => {
    const ns = el.namespaceURI;
    let copy: Element;
    try {
      copy =
        ns && ns !== XHTML
          ? target.createElementNS(ns, el.localName)
          : target.createElement(el.localName);
    } catch {
      copy = target.createElement('span'); // a name only the parser accepts; the content stays
    }
    // getAttributeNames, not `attributes[i]`: jsdom indexes a NamedNodeMap through a proxy.
    for (const name of el.getAttributeNames()) {
      try {
        copy.setAttribute(name, el.getAttribute(name) ?? '');
      } catch {
        // A name this implementation rejects: the attribute carries nothing we use.
      }
    }
    return copy;
  };
}

/**
 * Where a copy's content comes from: an open shadow root instead of the light children, and
 * for a `<slot>` the nodes assigned to it (or its fallback content).
 */
function firstSource(node: Node): Node | null {
  const shadow = (node as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
  return shadow ? shadow.firstChild : node.firstChild;
}

function slotted(slot: Element): Node[] {
  return (slot as SlotLike).assignedNodes?.({ flatten: true }) ?? [];
}

/** A full copy of `node` (no pruning) in `target`, iteratively: pages nest thousands deep. */
export function copyTree(target: Document, node: Node, copyElement: ElementCopier): Node {
  if (node.nodeType !== 1 && node.nodeType !== 11)
    return target.createTextNode(node.textContent ?? '');
  const root: Node =
    node.nodeType === 11 ? target.createDocumentFragment() : copyElement(node as Element);
  const stack: [Node, Node][] = [[node, root]];
  while (stack.length) {
    const [live, copy] = stack.pop()!;
    for (let c = live.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) copy.appendChild(target.createTextNode(c.nodeValue ?? ''));
      else if (c.nodeType === 1) {
        const el = copyElement(c as Element);
        copy.appendChild(el);
        if (c.firstChild) stack.push([c, el]);
      }
    }
  }
  return root;
}

interface Walk {
  target: Document;
  copyElement: ElementCopier;
  /** Elements the page's own style sheets hide (engines without layout only). */
  hiddenBySheets: Set<Element>;
  head: Element;
  /** Whether the head has its `<title>` yet. */
  titled: boolean;
}

/**
 * A run of live nodes still to copy under one copy parent: siblings from `next` on, or
 * (for a slot) the rest of an array. Siblings rather than `childNodes[i]`: indexing a live
 * NodeList goes through a proxy in jsdom.
 */
interface Frame {
  next: Node | null;
  list: Node[] | null;
  index: number;
  parent: Node;
  check: boolean;
}

function take(frame: Frame): Node | null {
  if (frame.list) return frame.list[frame.index++] ?? null;
  const node = frame.next;
  if (node) frame.next = node.nextSibling;
  return node;
}

/**
 * React streaming server rendering sends late content as `<div hidden id="S:n">` segments
 * and an inline script (`$RS`/`$RC`) that moves each into the place marked by
 * `<template id="P:n">`, or for a Suspense boundary `<template id="B:n">`, replacing the
 * fallback up to the boundary's closing `<!--/$-->`. In a saved page that script never
 * ran (and we drop scripts), so the walk does the move: it copies the segment where its
 * template stands. The segment itself is dropped later as hidden.
 * https://github.com/facebook/react/blob/main/packages/react-dom-bindings/src/server/fizz-instruction-set/ReactDOMFizzInstructionSetShared.js
 */
function streamedSegment(template: Element): Element | null {
  const m = /^[PB]:(\d+)$/.exec(template.id);
  if (!m) return null;
  const segment = template.ownerDocument.getElementById(`S:${m[1]}`);
  return segment && tagName(segment) === 'div' && segment.hasAttribute('hidden') ? segment : null;
}

/** Skips a Suspense fallback: the siblings up to the boundary's matching `<!--/$-->`. */
function skipFallback(frame: Frame): void {
  let depth = 0;
  for (let node = frame.next; node; node = node.nextSibling) {
    if (node.nodeType !== 8) continue;
    const data = (node as Comment).data;
    if (data === '/$') {
      if (depth === 0) {
        frame.next = node.nextSibling;
        return;
      }
      depth--;
    } else if (data.startsWith('$')) depth++;
  }
  // No closing marker: leave the fallback, it is all there is.
}

/**
 * Copies the content of `liveRoot` under `copyRoot`, dropping what is not kept; iterative.
 * Returns the deepest nesting it reached (an upper bound of the copy's depth).
 */
function copyVisible(walk: Walk, liveRoot: Node, copyRoot: Node, check: boolean): number {
  const { target, copyElement, hiddenBySheets, head } = walk;
  const stack: Frame[] = [
    { next: firstSource(liveRoot), list: null, index: 0, parent: copyRoot, check },
  ];
  let deepest = 0;
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const node = take(frame);
    if (!node) {
      stack.pop();
      continue;
    }
    if (node.nodeType === 3) {
      frame.parent.appendChild(target.createTextNode(node.nodeValue ?? ''));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    const tag = tagName(el);
    const attrs = el.hasAttributes();
    if (tag === 'template') {
      const segment = streamedSegment(el);
      if (segment) {
        // The segment's own `hidden` is React's doing, not the author's: no visibility check.
        if (el.id.startsWith('B:')) skipFallback(frame);
        stack.push({
          next: segment.firstChild,
          list: null,
          index: 0,
          parent: frame.parent,
          check: false,
        });
        continue;
      }
    }
    if (
      isDropped(el, tag) ||
      (attrs && isHiddenByMarkup(el)) ||
      (frame.check && isHiddenByLayout(el)) ||
      hiddenBySheets.has(el)
    )
      continue;
    if (tag === 'title' && !walk.titled && el.namespaceURI === XHTML) {
      // A title the parser put in the body (text before the doctype does that) is still
      // the document's title; not every DOM looks for it outside the head.
      walk.titled = true;
      head.appendChild(copyTree(target, el, copyElement));
      continue;
    }
    if (tag === 'script' && isJsonLd(el)) {
      // Metadata reads JSON-LD from the head; in the body it would only be article noise.
      head.appendChild(copyTree(target, el, copyElement));
      continue;
    }
    const check = frame.check && !isOpaque(el);
    if (tag === 'slot') {
      const assigned = slotted(el);
      stack.push(
        assigned.length
          ? { next: null, list: assigned, index: 0, parent: frame.parent, check }
          : { next: el.firstChild, list: null, index: 0, parent: frame.parent, check },
      );
      continue;
    }
    const copy = copyElement(el);
    // Kept on purpose (math, hidden=until-found): Readability would drop them for these.
    if (attrs) {
      copy.removeAttribute('aria-hidden');
      copy.removeAttribute('hidden');
    }
    frame.parent.appendChild(copy);
    const first = firstSource(el);
    if (first) {
      stack.push({ next: first, list: null, index: 0, parent: copy, check });
      if (stack.length > deepest) deepest = stack.length;
    }
  }
  return deepest;
}

// Readability's cost grows steeply with nesting depth (seconds at a few hundred levels) and
// Turndown recurses once per level; real articles sit far shallower than this.
const MAX_DEPTH = 96;

/** Depth of the deepest element under root (iterative). */
function maxDepth(root: Element): number {
  let deepest = 0;
  const stack: [Element, number][] = [[root, 0]];
  while (stack.length) {
    const [el, d] = stack.pop()!;
    if (d > deepest) deepest = d;
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) stack.push([c, d + 1]);
  }
  return deepest;
}

/** The single `<div>` child of `el` when that is all it holds (besides whitespace). */
function onlyDivChild(el: Element): Element | null {
  const child = el.firstElementChild;
  if (!child || child !== el.lastElementChild || tagName(child) !== 'div') return null;
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n !== child && (n.nodeType !== 3 || (n.nodeValue ?? '').trim())) return null;
  }
  return child;
}

/**
 * Bounds the nesting depth: first merges wrapper chains (a div whose only content is
 * another div; their classes are merged so Readability's class hints survive), then, if
 * the page is still deeper, reduces what lies below MAX_DEPTH to its text.
 */
function limitDepth(body: Element, depthBound: number): void {
  // The walk's bound saves measuring the copy again: most pages are far shallower.
  if (depthBound <= MAX_DEPTH || maxDepth(body) <= MAX_DEPTH) return;
  // Each chain is collapsed with one move (moving level by level costs O(depth) per level).
  const merged = new Set<Element>();
  for (const top of elementsByTag(body, 'div')) {
    if (merged.has(top)) continue;
    let bottom: Element = top;
    const classes = [top.getAttribute('class') ?? ''];
    let id = top.id;
    for (let next = onlyDivChild(bottom); next; next = onlyDivChild(bottom)) {
      bottom = next;
      merged.add(bottom);
      classes.push(bottom.getAttribute('class') ?? '');
      id ||= bottom.id;
    }
    if (bottom === top) continue;
    const cls = classes.join(' ').trim();
    if (cls) top.setAttribute('class', cls);
    if (id) top.id = id;
    top.replaceChildren(...Array.from(bottom.childNodes));
  }
  const stack: [Element, number][] = [[body, 0]];
  while (stack.length) {
    const [el, d] = stack.pop()!;
    if (d >= MAX_DEPTH) {
      el.textContent = el.textContent ?? '';
      continue;
    }
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) stack.push([c, d + 1]);
  }
}

const HEAD_KEEP = new Set(['title', 'meta', 'base']);
const ROOT_ATTRIBUTES = ['lang', 'xml:lang', 'dir'];

// A sheet-hidden element holding more than this share of the page's text is shown anyway.
const REVEALED_SHARE = 0.5;

/**
 * Elements hidden by the page's style sheets, for engines without `checkVisibility`. An
 * element holding most of the page's text is not hidden from its reader: the page's scripts
 * reveal it (a wrapper that fades in once loaded, an article body a script unfolds), and
 * only an engine that runs none sees it hidden.
 */
function sheetHidden(live: Document): Set<Element> {
  const hidden = new Set<Element>();
  let total = -1;
  for (const el of matchingSelectors(live, hidingSelectors(live))) {
    const tag = tagName(el);
    if (tag === 'body' || tag === 'html' || tag === 'main' || tag === 'article') continue;
    if (hasNoBox(tag) || isShownInline(el) || el.closest('math, details')) continue;
    if (total < 0) total = visibleTextLength(live.body);
    if (total > 0 && visibleTextLength(el) > total * REVEALED_SHARE) continue;
    hidden.add(el);
  }
  return hidden;
}

/** Text length without scripts and styles (their source is no text the reader sees). */
function visibleTextLength(el: Element | null): number {
  if (!el) return 0;
  let n = (el.textContent ?? '').length;
  for (const code of Array.from(el.querySelectorAll('script, style, noscript')))
    n -= (code.textContent ?? '').length;
  return n;
}

/**
 * Copies the live document into a new inert document made by `createDocument` (by default
 * one of the page's own implementation). `baseUrl` becomes the copy's `<base href>`, so
 * relative URLs keep resolving as on the page.
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
    if (HEAD_KEEP.has(tag) || (tag === 'script' && !isDropped(el, tag)))
      head.appendChild(copyTree(snap, el, copyElement));
    if (tag === 'title') titled = true;
  }
  const liveBody = live.body;
  const body = snap.body ?? root.appendChild(snap.createElement('body'));
  body.replaceChildren();
  if (!liveBody) return snap;
  const check = canCheckVisibility(live);
  const walk: Walk = {
    target: snap,
    copyElement,
    hiddenBySheets: check ? new Set() : sheetHidden(live),
    head,
    titled,
  };
  limitDepth(body, copyVisible(walk, liveBody, body, check));
  return snap;
}
