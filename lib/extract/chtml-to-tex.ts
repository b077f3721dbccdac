import { tagName } from './dom';
import { mathmlToTex } from './mathml-to-tex';

/**
 * MathJax's CommonHTML output (`<mjx-math>`) back to TeX, for pages that render MathJax
 * without its assistive MathML (MathJax 4's default, or v3 with it turned off). Each
 * `mjx-<name>` node mirrors the MathML element `<name>` it was made from, wrapped in
 * layout boxes; each glyph is an `mjx-c` whose class names its code point (`mjx-c1D45B`).
 * The tree is rebuilt as MathML and handed to the MathML converter.
 * https://docs.mathjax.org/en/latest/output/html.html
 */

// Pieces of stretched delimiters, drawn from several glyphs: the delimiter they make.
const STRETCH_PIECES: Record<string, string> = {
  '⎛': '(',
  '⎜': '(',
  '⎝': '(',
  '⎞': ')',
  '⎟': ')',
  '⎠': ')',
  '⎡': '[',
  '⎢': '[',
  '⎣': '[',
  '⎤': ']',
  '⎥': ']',
  '⎦': ']',
  '⎧': '{',
  '⎨': '{',
  '⎩': '{',
  '⎪': '{',
  '⎫': '}',
  '⎬': '}',
  '⎭': '}',
};
// Layout-only nodes: struts, rules and spacers carry no content.
const SKIP = new Set(['nstrut', 'dstrut', 'line', 'spacer', 'surd', 'strut', 'labels']);
const TOKENS = new Set(['mi', 'mn', 'mo', 'mtext', 'ms']);
const MAX_DEPTH = 100;

function glyph(c: Element): string {
  const code = /(?:^|\s)mjx-c([0-9A-F]{1,6})(?:\s|$)/i.exec(c.getAttribute('class') ?? '')?.[1];
  if (code) {
    const n = Number.parseInt(code, 16);
    if (n > 0 && n <= 0x10ffff) return String.fromCodePoint(n);
  }
  return c.textContent ?? '';
}

/** A token's characters; math italic and bold letters (𝑛) become plain ones (n). */
function tokenText(el: Element, name: string): string {
  const glyphs = Array.from(el.querySelectorAll('mjx-c'));
  let text = glyphs.length ? glyphs.map(glyph).join('') : (el.textContent ?? '');
  if (el.querySelector('mjx-stretchy-v, mjx-stretchy-h')) {
    text = Array.from(new Set(Array.from(text, (ch) => STRETCH_PIECES[ch] ?? ch))).join('');
  }
  return name === 'mo' ? text : text.normalize('NFKC');
}

/** The first descendant named `mjx-<part>` that belongs to `el`, not to a nested element. */
function part(el: Element, partName: string): Element | null {
  const stack = Array.from(el.children).reverse();
  while (stack.length) {
    const node = stack.pop()!;
    const tag = tagName(node);
    if (tag === `mjx-${partName}`) return node;
    // A nested MathML-like node (mjx-mfrac inside a numerator) owns its own parts.
    if (/^mjx-m[a-z]+$/.test(tag) && tag !== 'mjx-math') continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return null;
}

function make(doc: Document, name: string, children: (Element | null)[]): Element {
  const el = doc.createElement(name);
  for (const child of children) el.appendChild(child ?? doc.createElement('mrow'));
  return el;
}

function rowOf(doc: Document, children: Element[], depth: number): Element {
  const mrow = doc.createElement('mrow');
  for (const child of children) {
    const built = build(doc, child, depth + 1);
    if (built) mrow.appendChild(built);
  }
  return mrow;
}

function row(doc: Document, el: Element | null, depth: number): Element {
  return rowOf(doc, el ? Array.from(el.children) : [], depth);
}

function build(doc: Document, el: Element, depth: number): Element | null {
  if (depth > MAX_DEPTH) return null;
  const tag = tagName(el);
  if (!tag.startsWith('mjx-')) return null;
  const name = tag.slice(4);
  if (SKIP.has(name)) return null;
  if (TOKENS.has(name)) {
    const token = doc.createElement(name);
    token.textContent = tokenText(el, name);
    return token;
  }
  const first = el.firstElementChild;
  const script = part(el, 'script');
  switch (name) {
    case 'msub':
    case 'msup':
      return make(doc, name, [first && build(doc, first, depth + 1), row(doc, script, depth)]);
    case 'msubsup':
    case 'munderover':
    case 'munder':
    case 'mover': {
      if (script) {
        // Limits set beside the operator (inline): superscript, spacer, then subscript.
        const kids = Array.from(script.children);
        const cut = kids.findIndex((k) => tagName(k) === 'mjx-spacer');
        const before = rowOf(doc, cut < 0 ? kids : kids.slice(0, cut), depth);
        const base = first && build(doc, first, depth + 1);
        if (cut >= 0)
          return make(doc, 'msubsup', [base, rowOf(doc, kids.slice(cut + 1), depth), before]);
        return make(doc, name === 'munder' ? 'msub' : 'msup', [base, before]);
      }
      // munderover is drawn as the limit above a box holding an munder (or the reverse).
      const holders = [el, part(el, 'munder'), part(el, 'mover')].filter((h) => h !== null);
      const find = (p: string) => holders.map((h) => part(h, p)).find((f) => f) ?? null;
      const base = row(doc, find('base') ?? first, depth);
      const under = find('under');
      const over = find('over');
      if (under && over)
        return make(doc, 'munderover', [base, row(doc, under, depth), row(doc, over, depth)]);
      if (under) return make(doc, 'munder', [base, row(doc, under, depth)]);
      if (over) return make(doc, 'mover', [base, row(doc, over, depth)]);
      return base;
    }
    case 'mfrac':
      return make(doc, 'mfrac', [
        row(doc, part(el, 'num'), depth),
        row(doc, part(el, 'den'), depth),
      ]);
    case 'msqrt':
      return make(doc, 'msqrt', [row(doc, part(el, 'box'), depth)]);
    case 'mroot':
      return make(doc, 'mroot', [
        row(doc, part(el, 'box'), depth),
        row(doc, part(el, 'root'), depth),
      ]);
    case 'mtable': {
      const table = doc.createElement('mtable');
      for (const tr of Array.from(el.querySelectorAll('mjx-mtr, mjx-mlabeledtr'))) {
        if (tr.parentElement?.closest('mjx-mtable') !== el) continue;
        const mtr = doc.createElement(tagName(tr).slice(4));
        for (const td of Array.from(tr.children))
          if (tagName(td) === 'mjx-mtd') mtr.appendChild(row(doc, td, depth + 1));
        table.appendChild(mtr);
      }
      return table;
    }
    case 'mspace':
      return doc.createElement('mspace');
    default:
      // mjx-math, mjx-mrow, mjx-texatom and layout boxes: their content in order.
      return row(doc, el, depth);
  }
}

/** TeX for a MathJax CHTML `<mjx-math>` element, or '' when it holds no glyphs. */
export function chtmlToTex(mjxMath: Element): string {
  if (!mjxMath.querySelector('mjx-c')) return '';
  const doc = mjxMath.ownerDocument;
  const math = make(doc, 'math', [build(doc, mjxMath, 0)]);
  return mathmlToTex(math);
}
