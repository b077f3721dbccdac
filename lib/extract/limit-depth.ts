import { elementsByTag, tagName } from './dom';

// Readability's cost grows steeply with nesting depth (seconds at a few hundred levels) and
// Turndown recurses once per level; real articles sit far shallower than this.
export const MAX_DEPTH = 96;

/** Whether an element nests more than `levels` below `root` (iterative; stops at the first). */
export function nestsDeeperThan(root: Element, levels: number): boolean {
  if (levels < 0) return true;
  const elements: Element[] = [root];
  const depths: number[] = [0];
  while (elements.length) {
    const el = elements.pop()!;
    const depth = depths.pop()!;
    if (depth > levels) return true;
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      elements.push(c);
      depths.push(depth + 1);
    }
  }
  return false;
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
 * Bounds the nesting depth of the snapshot: first merges wrapper chains (a div whose only
 * content is another div; their classes are merged so Readability's class hints survive),
 * then, if the page is still deeper, reduces what lies below MAX_DEPTH to its text.
 * `depthBound` is an upper bound of the depth known from building the copy.
 */
export function limitDepth(body: Element, depthBound: number): void {
  // The walk's bound saves measuring the copy again: most pages are far shallower.
  if (depthBound <= MAX_DEPTH || !nestsDeeperThan(body, MAX_DEPTH)) return;
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
