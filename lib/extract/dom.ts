/**
 * Small DOM helpers shared by the pipeline steps. Everything works on any `Document`
 * implementation (browser, jsdom, linkedom): no `window`, no `instanceof HTMLElement`.
 */

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

export function isElement(node: Node | null | undefined): node is Element {
  return !!node && node.nodeType === ELEMENT_NODE;
}

export function tagName(el: Element): string {
  return el.localName.toLowerCase();
}

/**
 * The elements under `root` with a tag name, as a static array. `querySelectorAll` rather
 * than `Array.from(getElementsByTagName())`: iterating jsdom's live HTMLCollection is about
 * eight times slower (measured on the trafilatura corpus), and a static list also stays
 * valid while the caller removes elements.
 */
export function elementsByTag(root: ParentNode, tag: string): Element[] {
  return Array.from(root.querySelectorAll(tag));
}

/** Replaces `el` with its children, keeping their order. */
export function unwrap(el: Element): void {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  parent.removeChild(el);
}

/** Class and id of an element as one lowercase string, for pattern tests. */
export function classAndId(el: Element): string {
  const cls = el.getAttribute('class') ?? '';
  const id = el.getAttribute('id') ?? '';
  return `${cls} ${id}`.toLowerCase();
}

/** Whitespace-collapsed text of a node. */
/** Elements that run inside a line of text: a line of them is one line, not several blocks. */
export const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a',
  'span',
  'b',
  'strong',
  'em',
  'i',
  'small',
  'font',
  'abbr',
  'u',
  'bdi',
]);

export function normalizedText(node: Node): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * `normalizedText(node)` when it is at most `max` characters long, else null. The rules that
 * look for short lines ask it of every block, the article's wrappers too: their whole text is
 * not normalized, only as much of its start as tells it is too long (the normalized start of a
 * text is the start of the normalized whole).
 */
export function normalizedTextUpTo(node: Node, max: number): string | null {
  const raw = node.textContent ?? '';
  if (raw.length > max) {
    const start = raw
      .slice(0, 4 * max + 64)
      .replace(/\s+/g, ' ')
      .trim();
    if (start.length > max) return null;
  }
  const text = raw.replace(/\s+/g, ' ').trim();
  return text.length <= max ? text : null;
}

/**
 * Whether `node` holds any text but whitespace (JavaScript's `\s`, the set `trim` removes), read
 * node by node up to its first such character rather than building the whole `textContent`.
 * Text and CDATA sections (a Text too) make up `textContent`; comments do not.
 */
export function hasText(node: Node): boolean {
  if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE)
    return /\S/.test(node.nodeValue ?? '');
  for (let c = node.firstChild; c; c = c.nextSibling)
    if (
      (c.nodeType === ELEMENT_NODE ||
        c.nodeType === TEXT_NODE ||
        c.nodeType === CDATA_SECTION_NODE) &&
      hasText(c)
    )
      return true;
  return false;
}

/** The document that owns a node (a Document owns itself). */
export function ownerDoc(node: Node): Document {
  return (node.ownerDocument ?? node) as Document;
}

/**
 * Parses an HTML fragment inertly: `DOMParser` documents run no scripts and load nothing, and
 * the nodes are imported into `doc` (the snapshot, which has no browsing context either).
 * Not `innerHTML`: Mozilla's add-on linter flags every dynamic assignment to it, and the
 * Firefox build must pass it without warnings from our code (scripts/lint-firefox.ts). Where
 * no `DOMParser` exists (bare Node without a window) the fragment is empty.
 */
export function parseFragment(doc: Document, html: string): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  const view = doc.defaultView as { DOMParser?: typeof DOMParser } | null;
  const Parser = view?.DOMParser ?? (globalThis as { DOMParser?: typeof DOMParser }).DOMParser;
  if (!Parser) return fragment;
  // The explicit skeleton: linkedom's parser does not add the implied <html> and <body>.
  const parsed = new Parser().parseFromString(
    `<!DOCTYPE html><html><head></head><body>${html}</body></html>`,
    'text/html',
  );
  for (const node of Array.from(parsed.body?.childNodes ?? []))
    fragment.appendChild(doc.importNode(node, true));
  return fragment;
}

// Markup of nothing but `<img>` tags, each attribute tokenized as the HTML tokenizer does
// (a quoted value may hold `>`): in a wrapper of its own it cannot reach the next one.
const ONLY_IMAGES =
  /^\s*(?:<img(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>\s*)+$/i;

const MAX_SIMPLE_CHARS = 4000;

/**
 * `parseFragment` of each of `htmls`, with one parse for all that are only `<img>` tags (a
 * lazy image's `<noscript>` fallback), each in a `<div>` of its own: a parse makes a document,
 * and a page with many lazy images spent 10 ms in Chromium making one for each.
 */
export function parseFragments(doc: Document, htmls: string[]): DocumentFragment[] {
  const isSimple = htmls.map((html) => html.length <= MAX_SIMPLE_CHARS && ONLY_IMAGES.test(html));
  const simple = htmls.filter((_, i) => isSimple[i]);
  const parsed =
    simple.length > 1 ? parseFragment(doc, simple.map((h) => `<div>${h}</div>`).join('')) : null;
  const boxes = parsed ? Array.from(parsed.children) : [];
  let next = 0;
  return htmls.map((html, i) => {
    if (!parsed || !isSimple[i]) return parseFragment(doc, html);
    const fragment = doc.createDocumentFragment();
    fragment.append(...Array.from(boxes[next++]!.childNodes));
    return fragment;
  });
}

const REFERENCE = /&(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);/i;

/** The text `parseFragment` reads from `html`, node by node: linkedom gives a fragment none. */
function fragmentText(doc: Document, html: string): string {
  return Array.from(parseFragment(doc, html).childNodes, (n) => n.textContent ?? '').join('');
}

/**
 * A string the page wrote into JSON as HTML text ("Ladensterben &raquo; ☆☆☆☆☆" in JSON-LD,
 * which Readability's metadata also reads and only partly unescapes), with its character
 * references decoded by the inert parser (`parseFragment`). A `<` stays text: a headline may
 * name a tag.
 */
export function decodeEntities(doc: Document, value: string): string;
export function decodeEntities(doc: Document, value: string | null): string | null;
export function decodeEntities(doc: Document, value: string | null): string | null {
  if (!value || !REFERENCE.test(value)) return value;
  return fragmentText(doc, value.replace(/</g, '&lt;')) || value;
}

/**
 * A name the page wrote into JSON as HTML (JSON-LD's author, `<a href="/experts/jane">Jane
 * Doe</a>`), as the text it shows: tags and references read by the inert parser. Only for
 * names, where a `<` is never text.
 */
export function htmlText(doc: Document, value: string | null): string | null {
  if (!value || !/[<&]/.test(value)) return value;
  return fragmentText(doc, value) || value;
}

/** Numeric attribute value, or null when missing or not a number. */
export function numericAttr(el: Element, name: string): number | null {
  const raw = el.getAttribute(name);
  if (raw === null) return null;
  const n = Number.parseFloat(raw);
  return Number.isFinite(n) ? n : null;
}

const MEDIA = 'img, picture, video, iframe, svg, math';

/**
 * Removes `el`, then each wrapper it leaves empty (no text, no media) whose tag is one of
 * `wrappers`, up to `root`: a removed image's link and frame.
 */
export function removeWithEmptyWrappers(
  el: Element,
  root: Element,
  wrappers: ReadonlySet<string>,
): void {
  let parent: Element | null = el.parentElement;
  el.remove();
  while (
    parent &&
    parent !== root &&
    wrappers.has(tagName(parent)) &&
    !normalizedText(parent) &&
    !parent.querySelector(MEDIA)
  ) {
    const next: Element | null = parent.parentElement;
    parent.remove();
    parent = next;
  }
}
