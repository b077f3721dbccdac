import { tagName } from './dom';
import {
  canCheckVisibility,
  hidingSelectors,
  isHiddenLive,
  isOpaque,
  removeHidden,
} from './hidden';

/**
 * Step 1 of the pipeline: an inert copy of the page to work on. The live document is never
 * modified. Hidden elements are decided on the live DOM (computed styles exist only there)
 * and left out of the copy; open shadow roots are flattened into it, with slotted light
 * children put where their slots are. Scripts (except MathJax TeX and JSON-LD metadata),
 * styles and templates are dropped.
 */

const DROP =
  'script:not([type^="math/tex"]):not([type="application/ld+json"]), style, template, link, iframe:not([src*="youtube"]):not([src*="vimeo"]), object, embed, canvas, [data-pageclip-tex], [data-pageclip-fn], [data-pageclip-lang], [data-pageclip-table]';
const OWN_ATTRS = [
  'data-pageclip-tex',
  'data-pageclip-fn',
  'data-pageclip-lang',
  'data-pageclip-table',
  'data-pageclip-display',
];

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

export interface Snapshot {
  doc: Document;
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
    const hidden: Element[] = [];
    while (stack.length) {
      const [l, c, checking] = stack.pop()!;
      if (checking && isHiddenLive(l)) {
        hidden.push(c);
        continue;
      }
      const childCheck = checking && !isOpaque(l);
      const shadow = (l as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
      if (shadow) {
        pushChildren(stack, l, c, childCheck);
        flattenShadow(shadow, c, childCheck, stack);
      } else if (l.firstElementChild) {
        pushChildren(stack, l, c, childCheck);
      }
    }
    for (const el of hidden) el.remove();
  }
  const root = snap.documentElement;
  for (const el of Array.from(root.querySelectorAll(DROP))) {
    if (OWN_ATTRS.some((a) => el.hasAttribute(a))) {
      for (const a of OWN_ATTRS) el.removeAttribute(a);
      if (tagName(el) !== 'script' && tagName(el) !== 'style') continue;
    }
    el.remove();
  }
  removeHidden(root, check ? [] : hidingSelectors(live));
  return snap;
}
