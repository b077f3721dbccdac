import { copyTree, XHTML, type ElementCopier } from './copy-tree';
import { tagName } from './dom';
import {
  HIDDEN_MARK,
  isHiddenByLayout,
  isHiddenByMarkup,
  isOpaque,
  type HidingAttributes,
} from './hidden';
import { MAX_DEPTH, nestsDeeperThan } from './limit-depth';
import { streamedSegment } from './streamed-segment';
import { isVideoPlayerUrl } from './urls';

/**
 * The snapshot's walk (snapshot.ts): copies the live page's body into the working document.
 * Dropped whatever their visibility: comments, scripts (except MathJax TeX; JSON-LD moves to
 * the head), styles, templates, non-video iframes. What the reader cannot see is copied whole
 * and marked (`HIDDEN_MARK`), not walked: the snapshot's visible copy leaves it out, the notes
 * step still finds a footnote the page keeps hidden until hovered.
 */

const DROP_TAGS = new Set(['style', 'template', 'link', 'object', 'embed', 'canvas', 'dialog']);

export function isJsonLd(el: Element): boolean {
  return (el.getAttribute('type') ?? '').toLowerCase() === 'application/ld+json';
}

export function isDropped(el: Element, tag: string): boolean {
  if (DROP_TAGS.has(tag)) return true;
  if (tag === 'script') {
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    return !type.startsWith('math/tex') && type !== 'application/ld+json';
  }
  if (tag === 'iframe') return !isVideoPlayerUrl(el.getAttribute('src') ?? '');
  return false;
}

type SlotLike = Element & { assignedNodes?: (o?: { flatten?: boolean }) => Node[] };

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

export interface Walk {
  target: Document;
  copyElement: ElementCopier;
  /** Whether a kept element may be copied whole with `importNode(el, true)`. */
  deep: boolean;
  /** Elements the page's own style sheets hide (engines without layout only). */
  hiddenBySheets: Set<Element>;
  head: Element;
  /** Whether the head has its `<title>` yet. */
  titled: boolean;
  /** Whether a hidden element copied whole (not walked) nests past `MAX_DEPTH`. */
  deepHidden: boolean;
  /** The copies the walk marked `HIDDEN_MARK` (see keepOwnMarks, snapshot.ts). */
  marked: Set<Element>;
}

/**
 * A run of live nodes still to copy under one copy parent: siblings from `next` on, or
 * (for a slot) the rest of an array. Siblings rather than `childNodes[i]`: indexing a live
 * NodeList goes through a proxy in jsdom.
 *
 * Two kinds: a building frame inserts a copy of each kept node into `parent` before
 * `before`; a pruning frame walks the children of an element that was copied whole,
 * `clone` being the copy of `next`, and removes from the copy what is not kept.
 */
interface Frame {
  next: Node | null;
  list: Node[] | null;
  index: number;
  parent: Node;
  before: Node | null;
  pruning: boolean;
  clone: Node | null;
  check: boolean;
  /** Where a whole copy goes once pruned (see copyVisible). */
  attach: { parent: Node; before: Node | null } | null;
}

function building(next: Node | null, parent: Node, before: Node | null, check: boolean): Frame {
  return {
    next,
    list: null,
    index: 0,
    parent,
    before,
    pruning: false,
    clone: null,
    check,
    attach: null,
  };
}

function pruning(live: Node, copy: Node, check: boolean, attach: Frame['attach']): Frame {
  return {
    next: live.firstChild,
    list: null,
    index: 0,
    parent: copy,
    before: null,
    pruning: true,
    clone: copy.firstChild,
    check,
    attach,
  };
}

function take(frame: Frame): Node | null {
  if (frame.list) return frame.list[frame.index++] ?? null;
  const node = frame.next;
  if (node) frame.next = node.nextSibling;
  return node;
}

/** Removes the copy of the node just taken from a pruning frame, moving on to the next. */
function dropClone(frame: Frame): void {
  const clone = frame.clone!;
  frame.clone = clone.nextSibling;
  clone.parentNode!.removeChild(clone);
}

/**
 * Skips a Suspense fallback: the siblings up to the boundary's matching `<!--/$-->` (in a
 * pruning frame, their copies go too).
 */
function skipFallback(frame: Frame): void {
  let depth = 0;
  for (let node = frame.next; node; node = node.nextSibling) {
    if (node.nodeType !== 8) continue;
    const data = (node as Comment).data;
    if (data === '/$') {
      if (depth === 0) {
        const end = node.nextSibling;
        while (frame.next !== end) {
          frame.next = frame.next!.nextSibling;
          if (frame.pruning) dropClone(frame);
        }
        return;
      }
      depth--;
    } else if (data.startsWith('$')) depth++;
  }
  // No closing marker: leave the fallback, it is all there is.
}

export function isHidden(
  walk: Walk,
  el: Element,
  tag: string,
  markup: HidingAttributes | null,
  check: boolean,
): boolean {
  return (
    (!!markup && isHiddenByMarkup(el, markup)) ||
    (check && isHiddenByLayout(el, tag)) ||
    (walk.hiddenBySheets.size > 0 && walk.hiddenBySheets.has(el))
  );
}

/**
 * Copies the content of `liveRoot` under `copyRoot`, dropping what is not kept; iterative.
 * Returns the deepest nesting it reached (an upper bound of the copy's depth).
 *
 * Within one implementation a kept element is copied whole with `importNode(el, true)`,
 * then what is not kept is removed from that copy, walking both in step: in Chromium one
 * native deep copy costs far less than a shallow `importNode` and an `appendChild` per
 * node, and most of a page is kept.
 */
export function copyVisible(walk: Walk, liveRoot: Node, copyRoot: Node, check: boolean): number {
  const { target, copyElement, head } = walk;
  const stack: Frame[] = [building(firstSource(liveRoot), copyRoot, null, check)];
  let deepest = 0;
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const node = take(frame);
    if (!node) {
      stack.pop();
      if (frame.attach) frame.attach.parent.insertBefore(frame.parent, frame.attach.before);
      continue;
    }
    const prune = frame.pruning;
    if (node.nodeType === 3) {
      if (prune) frame.clone = frame.clone!.nextSibling;
      else frame.parent.insertBefore(target.createTextNode(node.nodeValue ?? ''), frame.before);
      continue;
    }
    if (node.nodeType !== 1) {
      if (prune) dropClone(frame);
      continue;
    }
    const el = node as Element;
    // In a pruning frame, whatever replaces this element's copy goes where it stood.
    const clone = prune ? frame.clone! : null;
    if (clone) frame.clone = clone.nextSibling;
    const parent = clone ? clone.parentNode! : frame.parent;
    const tag = tagName(el);
    // Read once: the visibility check and the copy's clean-up below both need them.
    const markup = el.hasAttributes()
      ? { hidden: el.getAttribute('hidden'), ariaHidden: el.getAttribute('aria-hidden') }
      : null;
    if (tag === 'template') {
      const segment = streamedSegment(el);
      if (segment) {
        if (clone) parent.removeChild(clone);
        // The segment's own `hidden` is React's doing, not the author's: no visibility check.
        if (el.id.startsWith('B:')) skipFallback(frame);
        const before = clone ? frame.clone : frame.before;
        stack.push(building(segment.firstChild, parent, before, false));
        continue;
      }
    }
    if (isDropped(el, tag)) {
      if (clone) parent.removeChild(clone);
      continue;
    }
    if (isHidden(walk, el, tag, markup, frame.check)) {
      // A pruning frame's clone already holds the whole subtree; it is left as it is.
      let copy = clone as Element | null;
      if (!copy) {
        copy = (
          walk.deep ? target.importNode(el, true) : copyTree(target, el, copyElement)
        ) as Element;
        parent.insertBefore(copy, frame.before);
      }
      copy.setAttribute(HIDDEN_MARK, '');
      walk.marked.add(copy);
      // Measured here, on its own subtree: most pages hide something, and measuring the whole
      // copy again for it cost more than the walk's own bound saves.
      if (!walk.deepHidden) walk.deepHidden = nestsDeeperThan(copy, MAX_DEPTH - stack.length);
      continue;
    }
    const titleInBody = tag === 'title' && !walk.titled && el.namespaceURI === XHTML;
    if (titleInBody || (tag === 'script' && isJsonLd(el))) {
      // A title the parser put in the body (text before the doctype does that) is still
      // the document's title; not every DOM looks for it outside the head. Metadata reads
      // JSON-LD from the head; in the body it would only be article noise.
      if (titleInBody) walk.titled = true;
      if (clone) parent.removeChild(clone);
      head.appendChild(copyTree(target, el, copyElement));
      continue;
    }
    const check = frame.check && !isOpaque(tag);
    if (tag === 'slot') {
      if (clone) parent.removeChild(clone);
      const before = clone ? frame.clone : frame.before;
      const assigned = slotted(el);
      stack.push(
        assigned.length
          ? { ...building(null, parent, before, check), list: assigned }
          : building(el.firstChild, parent, before, check),
      );
      continue;
    }
    const shadow = (el as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
    const whole = !clone && walk.deep && !shadow;
    let copy: Element;
    if (clone) copy = clone as Element;
    else copy = whole ? (target.importNode(el, true) as Element) : copyElement(el);
    // A whole copy is pruned before it joins the working document: removing nodes from a
    // detached tree skips the work a connected one needs (Chromium updates the document's
    // id and name maps and live ranges on every insertion and removal).
    const attach = whole && el.firstChild ? { parent, before: frame.before } : null;
    if (!clone && !attach) parent.insertBefore(copy, frame.before);
    // Kept on purpose (math, hidden=until-found): Readability would drop them for these.
    // Removed only where present: three removals on every element with attributes took up to
    // a third of the walk in Chromium on the benchmark's largest pages.
    if (markup?.hidden != null) copy.removeAttribute('hidden');
    if (markup?.ariaHidden != null) copy.removeAttribute('aria-hidden');
    if (shadow) {
      // A host's content is its shadow tree, not the light children a whole copy holds.
      if (clone) copy.replaceChildren();
      if (!shadow.firstChild) continue;
      stack.push(building(shadow.firstChild, copy, null, check));
    } else if (!el.firstChild) continue;
    else if (clone || whole) stack.push(pruning(el, copy, check, attach));
    else stack.push(building(el.firstChild, copy, null, check));
    if (stack.length > deepest) deepest = stack.length;
  }
  return deepest;
}
