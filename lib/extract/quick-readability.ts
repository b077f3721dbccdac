import { Readability } from '@mozilla/readability';
import { CollapsedLengths } from './collapsed-length';
import { hasText, parseFragment } from './dom';

/**
 * Readability with the same answers and fewer reads of `textContent`, which is where it spends
 * its time on a large page: each read builds the whole text of a subtree, and Readability asks
 * every element for it, the page's outer wrappers included, several times over.
 *
 * - `_isValidByline` read every element's text before looking at its name, while the page
 *   has no byline yet (most pages): the text is read now only when the name says "author".
 * - `_isProbablyVisible` asked every element for its inline style, which makes a style object
 *   for each: an element without `style`, `hidden` and `aria-hidden` attributes is visible
 *   by those checks, and is now let through without one.
 * - `_isElementWithoutContent` built each `<div>`'s and `<section>`'s whole text to see that it
 *   is blank: the text is now read only up to its first character that is not a space.
 * - Texts are kept (`_getInnerText`) while the page does not change under them:
 *   - from the first scored candidate to the article's preparation (`_initializeNode` to
 *     `_prepArticle`), where the link density of each candidate, up to five wrappers around
 *     each paragraph, read each link's text once per wrapper. Nothing is removed there: what
 *     moves (the body's children into a top candidate made for them, the top candidate's
 *     siblings into the article) keeps its text, and the parent it leaves is not read again
 *     before the preparation;
 *   - while `_cleanConditionally` runs, until it removes a node: it read each element's text
 *     six times (list share, commas, heading share, ad words, link density, text density)
 *     and each descendant's once per ancestor.
 * - Link density (`_getLinkDensity`) needs only lengths: while texts are kept, they are
 *   counted without building the text (collapsed-length.ts), each wrapper's from its
 *   children's. Building the text of every candidate, five wrappers deep around each
 *   paragraph, read 1.2 million characters on a 120,000-character page.
 * - The body is kept as nodes, not as HTML, to start again from (`keepBodyAsNodes`).
 *
 * Readability 0.6.0's own methods are replaced, so test/extract/quick-readability.test.ts pins
 * their source and `_grabArticle`'s: an upgrade that changes them fails there and must be read
 * again.
 */

// What the body's `innerHTML` reads as while Readability runs: never a page's own HTML, which
// the getter does not build.
const KEPT_BODY = '\u0000pageclip: the body as Readability found it';

/**
 * When a pass finds too little text, `_grabArticle` starts again from the body as it found
 * it, which it keeps as `page.innerHTML` and writes back before each new pass: the whole body
 * serialized, then parsed again up to four times (up to 17 ms a parse on the extraction
 * benchmark's pages in Chromium). While `parse` runs, the body's own `innerHTML` property
 * keeps a copy of its nodes instead and puts a copy of that copy back. A copy is the body
 * exactly as it was, where HTML parsed again may differ (linkedom's parser splits a text at
 * each character reference, and Turndown escaped a `>` that then began a text node).
 * Returns what removes the property.
 */
function keepBodyAsNodes(body: HTMLElement): () => void {
  let kept: DocumentFragment | null = null;
  Object.defineProperty(body, 'innerHTML', {
    configurable: true,
    get(): string {
      kept = body.ownerDocument.createDocumentFragment();
      for (let c = body.firstChild; c; c = c.nextSibling) kept.appendChild(c.cloneNode(true));
      return KEPT_BODY;
    },
    set(html: string) {
      if (html === KEPT_BODY && kept) {
        body.replaceChildren(kept.cloneNode(true));
        return;
      }
      // Only Readability writes here, and only what it read: anything else is parsed as the
      // capture is, inertly (never `innerHTML`, which the Firefox build's linter refuses).
      release();
      body.replaceChildren(parseFragment(body.ownerDocument, html));
    },
  });
  const release = () => {
    delete (body as { innerHTML?: string }).innerHTML;
  };
  return release;
}

/** The Readability methods used or replaced here (not in its type declarations). */
interface Internals {
  _doc: Document;
  REGEXPS: { byline: RegExp; normalize: RegExp; hashUrl: RegExp };
  _getInnerText(e: Element, normalizeSpaces?: boolean): string;
  _getLinkDensity(element: Element): number;
  _isProbablyVisible(node: Element): boolean;
  _initializeNode(node: Element): void;
  _prepArticle(content: Element): void;
  _cleanConditionally(e: Element, tag: string): void;
  _removeNodes(
    nodes: ArrayLike<Node>,
    filter?: (this: unknown, node: Node, i: number, nodes: ArrayLike<Node>) => boolean,
  ): void;
}

const base = Readability.prototype as unknown as Internals;

/** Readability's own method whose use of the body's `innerHTML` `keepBodyAsNodes` takes over. */
export const RELIED_ON_METHODS = ['_grabArticle'] as const;

export const REPLACED_METHODS = [
  '_isProbablyVisible',
  '_isValidByline',
  '_isElementWithoutContent',
  '_getCharCount',
  '_getInnerText',
  '_getLinkDensity',
  '_initializeNode',
  '_prepArticle',
  '_cleanConditionally',
  '_removeNodes',
] as const;

interface Text {
  trimmed: string;
  normalized?: string;
}

export class QuickReadability<T = string> extends Readability<T> {
  /** Elements' trimmed texts, while they cannot change (see above). */
  private texts: Map<Node, Text> | null = null;
  /**
   * Their lengths, counted from the first scored candidate to the article's preparation, where
   * nothing is removed. Not while `_cleanConditionally` runs: each removal there would throw
   * away the counts, and counting a subtree again costs more than reading its text.
   */
  private lengths: CollapsedLengths | null = null;

  private get internals(): Internals {
    return this as unknown as Internals;
  }

  override parse(): ReturnType<Readability<T>['parse']> {
    const body = this.internals._doc.body;
    const release = body ? keepBodyAsNodes(body) : null;
    try {
      return super.parse();
    } finally {
      release?.();
    }
  }

  _isProbablyVisible(node: Element): boolean {
    return (
      !(
        node.hasAttribute('style') ||
        node.hasAttribute('hidden') ||
        node.hasAttribute('aria-hidden')
      ) || base._isProbablyVisible.call(this, node)
    );
  }

  _isValidByline(node: Element, matchString: string): boolean {
    const rel = node.getAttribute('rel');
    const itemprop = node.getAttribute('itemprop');
    if (!(
      rel === 'author' ||
      itemprop?.includes('author') ||
      this.internals.REGEXPS.byline.test(matchString)
    ))
      return false;
    const length = (node.textContent ?? '').trim().length;
    return length > 0 && length < 100;
  }

  _isElementWithoutContent(node: Element): boolean {
    return (
      node.nodeType === 1 &&
      !hasText(node) &&
      (!node.children.length ||
        node.children.length ===
          node.getElementsByTagName('br').length + node.getElementsByTagName('hr').length)
    );
  }

  /** Commas are neither trimmed nor collapsed: counted in the text as it is. */
  _getCharCount(e: Element, s?: string): number {
    const needle = s || ',';
    const text = this._getInnerText(e);
    let count = 0;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length))
      count++;
    return count;
  }

  _getInnerText(e: Element, normalizeSpaces = true): string {
    if (!this.texts) return base._getInnerText.call(this, e, normalizeSpaces);
    let text = this.texts.get(e);
    if (!text) {
      text = { trimmed: (e.textContent ?? '').trim() };
      this.texts.set(e, text);
    }
    if (!normalizeSpaces) return text.trimmed;
    return (text.normalized ??= text.trimmed.replace(this.internals.REGEXPS.normalize, ' '));
  }

  /** Readability's, with the lengths counted while texts are kept. */
  _getLinkDensity(element: Element): number {
    const lengths = this.lengths;
    if (!lengths) return base._getLinkDensity.call(this, element);
    const textLength = this.textLength(element, lengths);
    if (textLength === 0) return 0;
    let linkLength = lengths.linkedLength(element);
    if (linkLength === null) {
      linkLength = 0;
      const links = element.getElementsByTagName('a');
      for (let i = 0; i < links.length; i++) {
        const link = links[i]!;
        linkLength += this.textLength(link, lengths) * (this.isSamePageLink(link) ? 0.3 : 1);
      }
    }
    return linkLength / textLength;
  }

  private isSamePageLink(link: Element): boolean {
    const href = link.getAttribute('href');
    return !!href && this.internals.REGEXPS.hashUrl.test(href);
  }

  /** `_getInnerText(e).length`, from the kept text when there is one. */
  private textLength(e: Element, lengths: CollapsedLengths): number {
    const normalized = this.texts?.get(e)?.normalized;
    return normalized === undefined ? lengths.of(e) : normalized.length;
  }

  _initializeNode(node: Element): void {
    this.texts ??= new Map();
    this.lengths ??= new CollapsedLengths((link) => this.isSamePageLink(link));
    base._initializeNode.call(this, node);
  }

  _prepArticle(content: Element): void {
    this.texts = null;
    this.lengths = null;
    base._prepArticle.call(this, content);
  }

  _cleanConditionally(e: Element, tag: string): void {
    this.texts = new Map();
    try {
      base._cleanConditionally.call(this, e, tag);
    } finally {
      this.texts = null;
    }
  }

  _removeNodes(
    nodes: ArrayLike<Node>,
    filter?: (this: unknown, node: Node, i: number, nodes: ArrayLike<Node>) => boolean,
  ): void {
    if (!filter || !this.texts) {
      base._removeNodes.call(this, nodes, filter);
      return;
    }
    // Readability calls the filter on itself, as the arrow function does.
    base._removeNodes.call(this, nodes, (node, i, all) => {
      const remove = filter.call(this, node, i, all);
      // The node goes: every kept text that holds it changes.
      if (remove) this.texts?.clear();
      return remove;
    });
  }
}
