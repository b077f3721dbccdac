import { XHTML } from './copy-tree';
import { copyVisible, isDropped, isHidden, isJsonLd, type Walk } from './copy-visible';
import { elementsByTag, tagName } from './dom';
import { HIDDEN_MARK, isOpaque } from './hidden';
import { MAX_DEPTH, nestsDeeperThan } from './limit-depth';
import { streamedSegment } from './streamed-segment';

/**
 * The snapshot's walk when the copy is of the page's own implementation (snapshot.ts): the
 * body is copied whole by one native `importNode`, then its elements and the live body's are
 * read as two lists that match index for index (a copy keeps the tree exactly; re-parsing
 * its HTML would not), and each live element decides what becomes of its copy, with the same
 * rules as the general walk (copy-visible.ts). In Chromium the injected script is new to every
 * page, so its code runs cold: a loop over elements alone, with no frames and no visit to each
 * text node, took the tab's walk from 31 to 14 ms on a long page.
 *
 * `null`, with the walk's state untouched, when the page needs the general walk: a streamed
 * React segment is moved by its siblings' positions, and a `<slot>` outside a shadow tree is
 * replaced by its content.
 */
export function copyFlat(
  walk: Walk,
  liveBody: Element,
  check: boolean,
): { body: Element; depth: number } | null {
  for (const el of Array.from(liveBody.querySelectorAll('template, slot')))
    if (tagName(el) === 'slot' || streamedSegment(el)) return null;
  const body = walk.target.importNode(liveBody, true) as Element;
  const live = elementsByTag(liveBody, '*');
  const copies = elementsByTag(body, '*');
  if (live.length !== copies.length) return null;
  for (const name of body.getAttributeNames()) body.removeAttribute(name);
  // The kept elements open around the element at hand (they come in document order), with
  // whether their children are checked: not inside <details>, <svg> and the like.
  const open: Element[] = [liveBody];
  const checked: boolean[] = [check];
  // What goes, is marked or moves takes its descendants with it.
  const settled = new Set<Element>();
  let deepest = 0;
  for (let i = 0; i < live.length; i++) {
    const el = live[i]!;
    const parent = el.parentElement;
    if (parent && settled.has(parent)) {
      settled.add(el);
      continue;
    }
    while (open.length > 1 && open[open.length - 1] !== parent) {
      open.pop();
      checked.pop();
    }
    const depth = open.length;
    const shown = checked[checked.length - 1]!;
    const copy = copies[i]!;
    const tag = tagName(el);
    const markup = el.hasAttributes()
      ? { hidden: el.getAttribute('hidden'), ariaHidden: el.getAttribute('aria-hidden') }
      : null;
    if (isDropped(el, tag)) {
      copy.remove();
      settled.add(el);
      continue;
    }
    if (isHidden(walk, el, tag, markup, shown)) {
      copy.setAttribute(HIDDEN_MARK, '');
      walk.marked.add(copy);
      if (!walk.deepHidden) walk.deepHidden = nestsDeeperThan(copy, MAX_DEPTH - depth);
      settled.add(el);
      continue;
    }
    const titleInBody = tag === 'title' && !walk.titled && el.namespaceURI === XHTML;
    if (titleInBody || (tag === 'script' && isJsonLd(el))) {
      if (titleInBody) walk.titled = true;
      walk.head.appendChild(copy);
      settled.add(el);
      continue;
    }
    if (markup?.hidden != null) copy.removeAttribute('hidden');
    if (markup?.ariaHidden != null) copy.removeAttribute('aria-hidden');
    const childrenShown = shown && !isOpaque(tag);
    const shadow = (el as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
    if (shadow) {
      // A host's content is its shadow tree, which the general walk flattens.
      copy.replaceChildren();
      deepest = Math.max(deepest, depth + 1 + copyVisible(walk, el, copy, childrenShown));
      settled.add(el);
      continue;
    }
    open.push(el);
    checked.push(childrenShown);
    if (depth + 1 > deepest) deepest = depth + 1;
  }
  // Comments and processing instructions carry nothing the later steps read.
  const walker = walk.target.createTreeWalker(
    body,
    128 | 64 /* SHOW_COMMENT, SHOW_PROCESSING_INSTRUCTION */,
  );
  const junk: Node[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) junk.push(n);
  for (const n of junk) n.parentNode?.removeChild(n);
  return { body, depth: deepest };
}
