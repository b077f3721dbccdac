import { tagName } from './dom';
import {
  canCheckVisibility,
  hidingSelectors,
  isHiddenByMarkup,
  isHiddenLive,
  isOpaque,
  removeBySelectors,
} from './hidden';

/**
 * Step 1 of the pipeline: an inert copy of the page to work on. The live document is never
 * modified. Hidden elements are decided on the live DOM (computed styles exist only there)
 * and left out of the copy; open shadow roots are flattened into it, with slotted light
 * children put where their slots are. Scripts (except MathJax TeX and JSON-LD metadata),
 * styles and templates are dropped.
 */

// Dropped while walking (one pass, no selector engine: complex selectors are slow in jsdom).
const DROP_TAGS = new Set(['style', 'template', 'link', 'object', 'embed', 'canvas', 'dialog']);
const VIDEO_HOSTS =
  /^(?:https?:)?\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com|player\.vimeo\.com|youtu\.be)\//;

function isDropped(el: Element, tag: string): boolean {
  if (DROP_TAGS.has(tag)) return true;
  if (tag === 'script') {
    // MathJax v2 keeps TeX in scripts; JSON-LD carries metadata.
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    return !type.startsWith('math/tex') && type !== 'application/ld+json';
  }
  if (tag === 'iframe') return !VIDEO_HOSTS.test(el.getAttribute('src') ?? '');
  return false;
}

type Pair = [live: Element, clone: Element, check: boolean];

function pushChildren(stack: Pair[], live: ParentNode, clone: ParentNode, check: boolean): void {
  let l = live.firstElementChild;
  let c = clone.firstElementChild;
  const pairs: Pair[] = [];
  while (l && c) {
    pairs.push([l, c, check]);
    l = l.nextElementSibling;
    c = c.nextElementSibling;
  }
  for (let i = pairs.length - 1; i >= 0; i--) stack.push(pairs[i]!);
}

/** Clones an open shadow root into `host` (the clone), distributing light children into slots. */
function flattenShadow(shadow: ShadowRoot, host: Element, check: boolean, stack: Pair[]): void {
  const doc = host.ownerDocument;
  const light = Array.from(host.childNodes);
  const frag = doc.createDocumentFragment();
  for (const child of Array.from(shadow.childNodes)) frag.appendChild(doc.importNode(child, true));
  // Pair the shadow children with their clones before slotting moves anything.
  pushChildren(stack, shadow, frag, check);
  for (const node of light) node.parentNode?.removeChild(node);
  const slots = Array.from(frag.querySelectorAll('slot'));
  const assigned = new Set<Node>();
  for (const slot of slots) {
    const name = slot.getAttribute('name');
    const matches = light.filter((n) => {
      if (assigned.has(n)) return false;
      const slotName = n.nodeType === 1 ? (n as Element).getAttribute('slot') : null;
      return name ? slotName === name : !slotName;
    });
    if (matches.length === 0) {
      continue; // keep the slot's fallback content
    }
    for (const n of matches) assigned.add(n);
    const parent = slot.parentNode;
    if (!parent) continue;
    for (const n of matches) parent.insertBefore(n, slot);
    slot.remove();
  }
  for (const slot of Array.from(frag.querySelectorAll('slot'))) {
    while (slot.firstChild) slot.parentNode?.insertBefore(slot.firstChild, slot);
    slot.remove();
  }
  host.appendChild(frag);
}

export function snapshotDocument(live: Document): Document {
  const snap = live.cloneNode(true) as Document;
  const liveBody = live.body;
  const snapBody = snap.body;
  const check = canCheckVisibility(live);
  if (liveBody && snapBody) {
    // Iterative walk of both trees in step: no recursion, so deep documents cannot overflow.
    const stack: Pair[] = [];
    pushChildren(stack, liveBody, snapBody, check);
    const removed: Element[] = [];
    while (stack.length) {
      const [l, c, checking] = stack.pop()!;
      const tag = tagName(c);
      if (isDropped(c, tag) || isHiddenByMarkup(c) || (checking && isHiddenLive(l))) {
        removed.push(c);
        continue;
      }
      // Kept on purpose (math, hidden=until-found): Readability would drop them for these.
      if (c.hasAttribute('aria-hidden')) c.removeAttribute('aria-hidden');
      if (c.hasAttribute('hidden')) c.removeAttribute('hidden');
      const childCheck = checking && !isOpaque(l);
      const shadow = (l as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
      if (shadow) {
        pushChildren(stack, l, c, childCheck);
        flattenShadow(shadow, c, childCheck, stack);
      } else if (l.firstElementChild) {
        pushChildren(stack, l, c, childCheck);
      }
    }
    for (const el of removed) el.remove();
    if (!check) removeBySelectors(snapBody, hidingSelectors(live));
  }
  return snap;
}
