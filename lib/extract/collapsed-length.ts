import { isSpace } from './is-space';

/**
 * The length of an element's text trimmed and with each run of whitespace counted as one
 * character, the length Readability measures (`_getInnerText(e).length`), found without
 * building the text; and the same lengths of the links inside it. Each element's count is
 * kept and made from its children's, so a page's nested wrappers cost one reading of the
 * page's text and links, not one per wrapper. Kept only while the tree does not change.
 */

interface Counted {
  /** Characters once each run of whitespace is one character. */
  length: number;
  /** Opens and ends with whitespace (an all-whitespace text does both). */
  opens: boolean;
  ends: boolean;
  /** Has a character other than whitespace. */
  solid: boolean;
  /** Lengths of the links inside (`getElementsByTagName('a')`) that `isWeighed` leaves whole. */
  linked: number;
  /** Links inside that `isWeighed` says count for less. */
  weighed: number;
}

const EMPTY: Counted = {
  length: 0,
  opens: false,
  ends: false,
  solid: false,
  linked: 0,
  weighed: 0,
};

function countText(text: string): Counted {
  if (!text) return EMPTY;
  let length = 0;
  let solid = false;
  let inRun = false;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) {
      if (!inRun) length++;
      inRun = true;
    } else {
      length++;
      solid = true;
      inRun = false;
    }
  }
  return { length, opens: isSpace(text.charCodeAt(0)), ends: inRun, solid, linked: 0, weighed: 0 };
}

function trimmed(c: Counted): number {
  return c.solid ? c.length - (c.opens ? 1 : 0) - (c.ends ? 1 : 0) : 0;
}

function join(a: Counted, b: Counted): Counted {
  if (a === EMPTY) return b;
  if (b === EMPTY) return a;
  const text = a.length === 0 ? b : b.length === 0 ? a : null;
  return {
    length: text ? text.length : a.length + b.length - (a.ends && b.opens ? 1 : 0),
    opens: text ? text.opens : a.opens,
    ends: text ? text.ends : b.ends,
    solid: a.solid || b.solid,
    linked: a.linked + b.linked,
    weighed: a.weighed + b.weighed,
  };
}

export class CollapsedLengths {
  private readonly counted = new Map<Node, Counted>();

  /** `isWeighed(link)`: the link's length counts for less (Readability's same-page links). */
  constructor(private readonly isWeighed: (link: Element) => boolean) {}

  /** `(el.textContent ?? '').trim().replace(/\s{2,}/g, ' ').length`, counted. */
  of(el: Element): number {
    return trimmed(this.count(el));
  }

  /**
   * The summed lengths (`of`) of the links inside `el`, when none of them is weighed: a sum
   * of whole numbers, the same in any order. `null` when one is, for the caller to add them in
   * document order as Readability does.
   */
  linkedLength(el: Element): number | null {
    const c = this.count(el);
    return c.weighed ? null : c.linked;
  }

  private count(node: Node): Counted {
    const kept = this.counted.get(node);
    if (kept) return kept;
    let total = EMPTY;
    for (let c = node.firstChild; c; c = c.nextSibling) {
      // `textContent` joins Text and CDATA nodes (3, 4); comments and instructions add nothing.
      if (c.nodeType === 3 || c.nodeType === 4) total = join(total, countText((c as Text).data));
      else if (c.nodeType === 1) total = join(total, this.withLink(c as Element));
    }
    this.counted.set(node, total);
    return total;
  }

  /** An element's count as its parent adds it: the element itself a link, when it is one. */
  private withLink(el: Element): Counted {
    const c = this.count(el);
    // What `getElementsByTagName('a')` finds in an HTML document: HTML links, and SVG ones.
    if (el.nodeName !== 'A' && el.nodeName !== 'a') return c;
    return this.isWeighed(el)
      ? { ...c, weighed: c.weighed + 1 }
      : { ...c, linked: c.linked + trimmed(c) };
  }
}
