import type TurndownService from 'turndown';
import { tagName } from './dom';

/**
 * Bold and italic markdown that renders as such. Turndown wraps an element's content in its
 * delimiters whatever it holds and wherever it stands; CommonMark opens and closes emphasis
 * only where the delimiter run is flanking (spec 6.2), so several page shapes came out as
 * literal asterisks or underscores:
 *
 * - a hard break at the content's edge ("<b>Title<br></b>Text"): the closing run starts the
 *   next line, after whitespace. Edge breaks and spaces go outside the delimiters.
 * - a word going on outside it ("das <i>Trink</i>glas"): an underscore run between letters can
 *   neither open nor close; an asterisk run can, so touching a word takes `*`.
 * - punctuation at the edge, against a word ("Software<b>?</b>", "weed<em>-free</em>"): no
 *   delimiter can open or close there, so the text goes without emphasis.
 * - paragraphs inside it (`<strong>` wrapping `<p>`s): a run cannot span a blank line, so each
 *   plain paragraph gets its own pair and other blocks (lists, headings, code) none.
 * - two of a kind side by side ("<b>S</b><b>unshine</b>"): their runs would meet as one
 *   (`**S****unshine**`), so they are merged first.
 */

// Hard breaks (the `br` option's `\` and a newline) and spaces at either edge of inline text.
const EDGE_START = /^(?:\s*\\\n)*\s*/;
const EDGE_END = /\s*(?:\\\n\s*)*$/;
const WORD = /[\p{L}\p{N}]/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const PARAGRAPH_BREAK = /(\n[ \t]*\n\s*)/;
const DOUBLE_BREAK = /\\\n(?:[ \t]*\\\n)+/g;
// Blocks that cannot be wrapped in delimiters: headings, list items, quotes, fences, tables.
const NOT_PLAIN = /^(?:#{1,6}\s|[-*+]\s|\d{1,9}[.)]\s|>|`{3}|~{3}|\||\s{4})/;
// Where inline text ends: the characters beside an element are looked for up to these.
const BLOCKS = new Set(
  'p div li h1 h2 h3 h4 h5 h6 blockquote td th section article figure figcaption ul ol pre table tr dd dt header footer main aside nav body'.split(
    ' ',
  ),
);
const KIND: Record<string, string> = { strong: 'bold', b: 'bold', em: 'italic', i: 'italic' };
const WRAPPERS = new Set(['sup', 'sub', 'span']);

/** Whether a run between `before` and `after` (one character each, '' for none) is flanking. */
function flanking(before: string, after: string): boolean {
  if (!after || /\s/u.test(after)) return false;
  return !PUNCTUATION.test(after) || !before || /\s/u.test(before) || PUNCTUATION.test(before);
}

function wrapInline(
  content: string,
  delimiter: string,
  inWord: string,
  before: string,
  after: string,
): string {
  const lead = EDGE_START.exec(content)![0];
  const core = content.slice(lead.length);
  const trail = EDGE_END.exec(core)![0];
  let text = core.slice(0, core.length - trail.length);
  // A hard break whose newline Turndown trimmed along with the element's edge whitespace: a
  // lone backslash (the page's own are escaped, so they come in pairs), which would escape
  // the closing delimiter.
  if (/(?:^|[^\\])(?:\\\\)*\\$/.test(text)) text = text.slice(0, -1).trimEnd();
  if (!text) return lead + trail;
  const left = lead ? ' ' : before;
  const right = trail ? ' ' : after;
  // Opening: flanking towards the text; closing: the same seen from the other side.
  if (!flanking(left, text.charAt(0)) || !flanking(right, text.charAt(text.length - 1)))
    return content;
  const d = WORD.test(left) || WORD.test(right) ? inWord : delimiter;
  return `${lead}${d}${text}${d}${trail}`;
}

/**
 * The character the markdown has just outside an inline element, read from the DOM: the
 * nearest text before or after it within its block, past empty elements; a space where
 * Turndown moves the element's own edge whitespace outside it, a line break at `<br>`, ''
 * at the block's edge.
 */
function charBeside(node: TurndownService.Node, side: 'before' | 'after'): string {
  const flankingSpace = (
    node as TurndownService.Node & { flankingWhitespace?: { leading: string; trailing: string } }
  ).flankingWhitespace;
  if (flankingSpace?.[side === 'before' ? 'leading' : 'trailing']) return ' ';
  const sibling = side === 'before' ? 'previousSibling' : 'nextSibling';
  const child = side === 'before' ? 'lastChild' : 'firstChild';
  let n: Node | null = node;
  for (let steps = 0; steps < 64; steps++) {
    while (n && !n[sibling]) {
      n = n.parentNode;
      if (!n || BLOCKS.has(n.nodeName.toLowerCase())) return '';
    }
    if (!n) return '';
    n = n[sibling]!;
    while (n[child]) n = n[child]!;
    if (n.nodeType === 3) {
      const text = n.nodeValue ?? '';
      if (text) return side === 'before' ? text.charAt(text.length - 1) : text.charAt(0);
    } else if (n.nodeName === 'BR') return '\n';
    else if (n.nodeName === 'IMG') return side === 'before' ? ')' : '!';
    else if (BLOCKS.has(n.nodeName.toLowerCase())) return '';
  }
  return '';
}

/**
 * `content` (Turndown's markdown of the element's children) wrapped in `delimiter`, or in
 * `inWord` where it touches a word outside it.
 */
export function emphasize(
  content: string,
  node: TurndownService.Node,
  delimiter: string,
  inWord: string,
): string {
  const left = charBeside(node, 'before');
  const right = charBeside(node, 'after');
  // Two line breaks in a row end up as a blank line (whitespace.ts): a paragraph break too.
  content = content.replace(DOUBLE_BREAK, '\n\n');
  if (!PARAGRAPH_BREAK.test(content)) return wrapInline(content, delimiter, inWord, left, right);
  const parts = content.split(PARAGRAPH_BREAK);
  return parts
    .map((part, i) => {
      if (i % 2 === 1 || NOT_PLAIN.test(part) || part.includes('\n```')) return part;
      const before = i === 0 ? left : '';
      return wrapInline(part, delimiter, inWord, before, i === parts.length - 1 ? right : '');
    })
    .join('');
}

/** The one element of `kind` an inline wrapper (`<sup>`, `<span>`) holds and nothing else. */
function onlyEmphasisIn(wrapper: Element, kind: string): Element | null {
  if (!WRAPPERS.has(tagName(wrapper))) return null;
  const inner = wrapper.firstElementChild;
  if (!inner || inner !== wrapper.lastElementChild || KIND[tagName(inner)] !== kind) return null;
  return (wrapper.textContent ?? '') === (inner.textContent ?? '') ? inner : null;
}

/**
 * Merges bold (or italic) elements that follow each other, with at most spaces between (or
 * one wrapped in `<sup>`, `<sub>` or `<span>`), and drops empty ones.
 */
export function mergeAdjacentEmphasis(root: Node): void {
  const all = Array.from((root as Element).querySelectorAll?.('strong, b, em, i') ?? []);
  const merged = new Set<Node>();
  // Empty ones first: one between two of the other kind keeps them apart
  // ("<em>…</em><strong></strong><em>…</em>").
  for (const el of all) {
    if (!el.textContent && !el.querySelector('img, br')) {
      el.parentNode?.removeChild(el);
      merged.add(el);
    }
  }
  for (const el of all) {
    if (merged.has(el)) continue;
    const kind = KIND[tagName(el)];
    for (;;) {
      let next = el.nextSibling;
      const between: Node[] = [];
      while (next && next.nodeType === 3 && !(next.nodeValue ?? '').trim()) {
        between.push(next);
        next = next.nextSibling;
      }
      if (!next || next.nodeType !== 1) break;
      const same = KIND[tagName(next as Element)] === kind ? (next as Element) : null;
      const wrapped = same ? null : onlyEmphasisIn(next as Element, kind!);
      if (!same && !wrapped) break;
      if (same) {
        el.append(...between, ...Array.from(same.childNodes));
        same.parentNode!.removeChild(same);
        merged.add(same);
      } else {
        // "<i>A</i><sup><i>n</i></sup>": the wrapper moves in, its own emphasis unwrapped.
        wrapped!.replaceWith(...Array.from(wrapped!.childNodes));
        merged.add(wrapped!);
        el.append(...between, next);
      }
    }
  }
}
