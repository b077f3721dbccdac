import { elementsByTag, tagName } from './dom';
import {
  canCheckVisibility,
  hidingSelectors,
  isHiddenByMarkup,
  isHiddenLive,
  isOpaque,
  removeBySelectors,
} from './hidden';

/**
 * Step 1 of the pipeline: an inert copy of the page to work on, built node by node from the
 * live document, which is never modified. Left out while copying: what the reader cannot
 * see (decided on the live DOM, where computed styles exist), scripts (except MathJax TeX
 * and JSON-LD metadata), styles, templates, non-video iframes. Open shadow roots are
 * flattened: a host's copy gets its shadow tree, with each `<slot>` replaced by the light
 * nodes assigned to it.
 *
 * Copying selectively rather than `cloneNode(true)` then pruning is also much faster in
 * jsdom, where cloning a `<style>` re-parses its CSS.
 */

const DROP_TAGS = new Set(['style', 'template', 'link', 'object', 'embed', 'canvas', 'dialog']);
const VIDEO_HOSTS =
  /^(?:https?:)?\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com|player\.vimeo\.com|youtu\.be)\//;

function isDropped(el: Element, tag: string): boolean {
  if (DROP_TAGS.has(tag)) return true;
  if (tag === 'script') {
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    return !type.startsWith('math/tex') && type !== 'application/ld+json';
  }
  if (tag === 'iframe') return !VIDEO_HOSTS.test(el.getAttribute('src') ?? '');
  return false;
}

type Pair = [live: Element, copy: Element, check: boolean];
type SlotLike = Element & { assignedNodes?: (o?: { flatten?: boolean }) => Node[] };

function pushPairs(stack: Pair[], live: ParentNode, copy: ParentNode, check: boolean): void {
  const pairs: Pair[] = [];
  let l = live.firstElementChild;
  let c = copy.firstElementChild;
  while (l && c) {
    pairs.push([l, c, check]);
    l = l.nextElementSibling;
    c = c.nextElementSibling;
  }
  for (let i = pairs.length - 1; i >= 0; i--) stack.push(pairs[i]!);
}

/**
 * Gives `host` (the copy) the content of the live host's open shadow root, with each
 * `<slot>` replaced by copies of the light nodes assigned to it (or its fallback content).
 */
function flattenShadow(shadow: ShadowRoot, host: Element, check: boolean, stack: Pair[]): void {
  const doc = host.ownerDocument;
  host.replaceChildren();
  for (const child of Array.from(shadow.childNodes)) host.appendChild(doc.importNode(child, true));
  pushPairs(stack, shadow, host, check);
  // Slots are resolved on the live tree (assignment is the engine's business), then copied.
  const liveSlots = Array.from(shadow.querySelectorAll('slot'));
  const copySlots = Array.from(host.querySelectorAll('slot'));
  liveSlots.forEach((slot, i) => {
    const copy = copySlots[i];
    if (!copy) return;
    const assigned = (slot as SlotLike).assignedNodes?.({ flatten: true }) ?? [];
    if (assigned.length === 0) return; // fallback content stays
    const frag = doc.createDocumentFragment();
    for (const node of assigned) {
      const clone = doc.importNode(node, true);
      frag.appendChild(clone);
      if (node.nodeType === 1) stack.push([node as Element, clone as Element, check]);
    }
    copy.replaceChildren(frag);
  });
}

/** Unwraps the `<slot>` elements left in a flattened copy. */
function unwrapSlots(root: Element): void {
  for (const slot of elementsByTag(root, 'slot')) {
    slot.replaceWith(...Array.from(slot.childNodes));
  }
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
function limitDepth(body: Element): void {
  if (maxDepth(body) <= MAX_DEPTH) return;
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

/**
 * `importNode(node, true)`, or, when the engine's recursive clone overflows the stack on a
 * pathologically deep page (jsdom does at a few thousand levels), the same copy made
 * iteratively.
 */
function deepCopy(snap: Document, node: Element): Element {
  try {
    return snap.importNode(node, true);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  const root = snap.importNode(node, false);
  const stack: [Node, Node][] = [];
  for (let c = node.lastChild; c; c = c.previousSibling) stack.push([c, root]);
  while (stack.length) {
    const [live, parent] = stack.pop()!;
    if (live.nodeType === 3) parent.appendChild(snap.createTextNode(live.nodeValue ?? ''));
    else if (live.nodeType === 1) {
      const copy = snap.importNode(live, false);
      parent.appendChild(copy);
      for (let c = live.lastChild; c; c = c.previousSibling) stack.push([c, copy]);
    }
  }
  return root;
}

const HEAD_KEEP = new Set(['title', 'meta', 'base']);

/**
 * Copies the live document into a new inert document. `baseUrl` becomes the copy's
 * `<base href>`, so relative URLs keep resolving as on the page.
 */
export function snapshotDocument(live: Document, baseUrl: string): Document {
  const snap = live.implementation.createHTMLDocument('');
  const root = snap.documentElement;
  // Cloned as nodes: the parser accepts names (`[class]`, AMP's `⚡`) that setAttribute rejects.
  for (const attr of Array.from(live.documentElement.attributes))
    root.setAttributeNode(snap.importNode(attr));
  const head = snap.head;
  const base = snap.createElement('base');
  base.setAttribute('href', baseUrl);
  head.replaceChildren(base); // createHTMLDocument('') adds an empty <title> that would win
  for (const el of Array.from(live.head?.children ?? [])) {
    const tag = tagName(el);
    if (HEAD_KEEP.has(tag) || (tag === 'script' && !isDropped(el, tag)))
      head.appendChild(snap.importNode(el, true));
  }
  for (const el of elementsByTag(live, 'script')) {
    // JSON-LD often sits in the body; metadata needs it in one place.
    if (
      !live.head?.contains(el) &&
      (el.getAttribute('type') ?? '').toLowerCase() === 'application/ld+json'
    ) {
      head.appendChild(snap.importNode(el, true));
    }
  }
  const liveBody = live.body;
  if (!liveBody) return snap;
  // A native deep copy is far faster than copying node by node, and it stays detached
  // while pruned, so jsdom never parses the CSS of the <style>s it drops.
  const body = deepCopy(snap, liveBody);
  const check = canCheckVisibility(live);
  const stack: Pair[] = [];
  pushPairs(stack, liveBody, body, check);
  const removed: Element[] = [];
  let hasShadow = false;
  while (stack.length) {
    const [l, c, checking] = stack.pop()!;
    const tag = tagName(c);
    const attrs = c.hasAttributes();
    if (isDropped(c, tag) || (attrs && isHiddenByMarkup(c)) || (checking && isHiddenLive(l))) {
      removed.push(c);
      continue;
    }
    // Kept on purpose (math, hidden=until-found): Readability would drop them for these.
    if (attrs && c.hasAttribute('aria-hidden')) c.removeAttribute('aria-hidden');
    if (attrs && c.hasAttribute('hidden')) c.removeAttribute('hidden');
    const childCheck = checking && !isOpaque(l);
    const shadow = (l as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
    if (shadow) {
      hasShadow = true;
      flattenShadow(shadow, c, childCheck, stack);
    } else if (l.firstElementChild) pushPairs(stack, l, c, childCheck);
  }
  for (const el of removed) el.remove();
  if (hasShadow) unwrapSlots(body);
  limitDepth(body);
  root.replaceChild(body, snap.body);
  if (!check) removeBySelectors(body, hidingSelectors(live));
  return snap;
}
