import { chtmlToTex } from './chtml-to-tex';
import { parseFragment } from './dom';
import { mathmlToTex } from './mathml-to-tex';

/**
 * Math rules, run on the snapshot before Readability: MathJax (v2 `script[type=math/tex]`,
 * `data-mathml`, v3 `mjx-container` with assistive MathML), KaTeX (the TeX annotation) and
 * plain MathML become `<span data-pageclip-tex>` placeholders holding the TeX as text, so
 * Readability scores them as content; the markdown module writes `$…$` / `$$…$$`.
 */

export const TEX_ATTR = 'data-pageclip-tex';
export const DISPLAY_ATTR = 'data-pageclip-display';

function placeholder(doc: Document, tex: string, display: boolean): Element {
  const span = doc.createElement('span');
  const clean = tex
    .replace(/^\s*\\\[|\\\]\s*$/g, '')
    .replace(/^\s*\\\(|\\\)\s*$/g, '')
    .trim()
    // Wikipedia wraps its TeX as {\displaystyle …}.
    .replace(/^\{\\(?:displaystyle|textstyle)\s+([\s\S]*)\}$/, '$1')
    .trim();
  span.setAttribute(TEX_ATTR, clean);
  if (display) span.setAttribute(DISPLAY_ATTR, '1');
  span.textContent = clean;
  return span;
}

/** TeX of a `<math>` element: its TeX annotation, else `alttext`, else converted. */
export function texOfMathml(math: Element): string {
  const annotation = Array.from(math.querySelectorAll('annotation')).find((a) =>
    /tex/i.test(a.getAttribute('encoding') ?? ''),
  );
  const fromAnnotation = annotation?.textContent?.trim();
  if (fromAnnotation) return fromAnnotation;
  const alt = math.getAttribute('alttext')?.trim();
  if (alt) return alt;
  return mathmlToTex(math);
}

function isDisplayMath(math: Element): boolean {
  return math.getAttribute('display') === 'block' || math.getAttribute('mode') === 'display';
}

// LaTeX-rendering image services: the TeX is in the URL.
const TEX_IMAGE_URL: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^https?:\/\/latex\.codecogs\.com\/[\w.]+\?(.+)$/, (m) => m[1]!],
  [
    /^https?:\/\/(?:chart\.apis\.google\.com|chart\.googleapis\.com)\/chart\?.*?\bchl=([^&]+)/,
    (m) => m[1]!.replace(/\+/g, ' '),
  ],
  [/^https?:\/\/i\.upmath\.me\/(?:svg|png)\/(.+)$/, (m) => m[1]!],
  [/^https?:\/\/math\.now\.sh\?from=([^&]+)/, (m) => m[1]!],
];
const LOOKS_LIKE_TEX = /\\[a-zA-Z]+|[\^_]\{|\{.*\}.*[=+-]/;

function texFromImage(img: Element): string | null {
  const src = img.getAttribute('src') ?? '';
  for (const [re, pick] of TEX_IMAGE_URL) {
    const m = re.exec(src);
    if (m) {
      try {
        return decodeURIComponent(pick(m));
      } catch {
        return null;
      }
    }
  }
  const alt = img.getAttribute('alt') ?? '';
  const cls = img.getAttribute('class') ?? '';
  if (
    alt &&
    (LOOKS_LIKE_TEX.test(alt) ||
      (/(?:^|[\s_-])(?:mwe-math|latex|tex|math|equation)/i.test(cls) && /[\\^_{}=]/.test(alt)))
  )
    return alt;
  return null;
}

function all(root: Element, tag: string): Element[] {
  return Array.from(root.getElementsByTagName(tag));
}

function byClass(root: Element, cls: string): Element[] {
  return Array.from(root.getElementsByClassName(cls));
}

const TEX_DATA_ATTRS = ['data-math', 'data-tex', 'data-latex'];

function texDataAncestor(el: Element): { host: Element; tex: string } | null {
  let node: Element | null = el;
  for (let depth = 0; node && depth < 3; depth++, node = node.parentElement) {
    for (const attr of TEX_DATA_ATTRS) {
      const v = node.getAttribute(attr);
      if (v && v.trim()) return { host: node, tex: v };
    }
  }
  return null;
}

/**
 * Replaces every piece of rendered math under root with a TeX placeholder. Lookups use
 * getElementsByTagName / getElementsByClassName: attribute selectors cost a full
 * selector-engine pass each in jsdom.
 */
export function convertMath(root: Element): void {
  const doc = root.ownerDocument;
  // Equation images: LaTeX services (TeX in the URL) and images whose alt text is TeX.
  for (const img of all(root, 'img')) {
    const tex = texFromImage(img);
    if (!tex) continue;
    const cls = img.getAttribute('class') ?? '';
    img.replaceWith(placeholder(doc, tex, /display|block/i.test(cls) || /\\begin\{/.test(tex)));
  }
  // KaTeX: .katex holds .katex-mathml (MathML + TeX annotation) and .katex-html (visual);
  // some sites keep the source on a wrapper's data-math instead.
  for (const katex of byClass(root, 'katex')) {
    if (!katex.isConnected) continue;
    const math = katex.getElementsByTagName('math')[0];
    const annotation = Array.from(katex.getElementsByTagName('annotation')).find((a) =>
      /tex/i.test(a.getAttribute('encoding') ?? ''),
    );
    const data = texDataAncestor(katex);
    const tex = annotation?.textContent?.trim() || data?.tex || (math ? texOfMathml(math) : '');
    if (!tex) continue;
    const displayBox = katex.closest('.katex-display');
    const target =
      data && data.host.contains(katex) && (!displayBox || data.host.contains(displayBox))
        ? data.host
        : (displayBox ?? katex);
    const display =
      !!displayBox ||
      (!!math && isDisplayMath(math)) ||
      /display|block/i.test(target.getAttribute('class') ?? '');
    target.replaceWith(placeholder(doc, tex, display));
  }
  // MathJax v2: the TeX source stays in a script next to the rendered frame.
  for (const script of all(root, 'script')) {
    const type = (script.getAttribute('type') ?? '').toLowerCase();
    if (!type.startsWith('math/tex')) continue;
    const display = type.includes('mode=display');
    const tex = script.textContent ?? '';
    const id = script.getAttribute('id');
    if (id) {
      const frame = doc.getElementById(`${id}-Frame`);
      if (frame && root.contains(frame)) {
        const box = frame.parentElement?.classList.contains('MathJax_Display')
          ? frame.parentElement
          : frame;
        box.remove();
      }
    }
    let prev = script.previousElementSibling;
    while (
      prev &&
      /MathJax_Preview|MathJax_Display|MathJax_SVG|MathJax_CHTML|MJX_Assistive|^MathJax$/.test(
        prev.getAttribute('class') ?? '',
      )
    ) {
      const p = prev.previousElementSibling;
      prev.remove();
      prev = p;
    }
    if (tex.trim()) script.replaceWith(placeholder(doc, tex, display));
    else script.remove();
  }
  // MathJax v3/v4: <mjx-container> with <mjx-assistive-mml><math>…, or only the rendered
  // CommonHTML tree, which is rebuilt (chtml-to-tex.ts).
  for (const box of all(root, 'mjx-container')) {
    if (!box.isConnected) continue;
    const math = box.getElementsByTagName('math')[0];
    const data = texDataAncestor(box);
    const rendered = box.getElementsByTagName('mjx-math')[0];
    const tex =
      data?.tex || (math ? texOfMathml(math) : '') || (rendered ? chtmlToTex(rendered) : '');
    const display = box.getAttribute('display') === 'true' || (!!math && isDisplayMath(math));
    if (tex) box.replaceWith(placeholder(doc, tex, display));
    else box.remove();
  }
  // MathJax v2 frames whose script is gone, with the MathML in data-mathml.
  for (const el of byClass(root, 'MathJax')) {
    if (!el.isConnected || !el.hasAttribute('data-mathml')) continue;
    const math = parseFragment(doc, el.getAttribute('data-mathml') ?? '').querySelector('math');
    const tex = math ? texOfMathml(math) : '';
    if (!tex) continue;
    const displayBox = el.parentElement?.classList.contains('MathJax_Display')
      ? el.parentElement
      : null;
    (displayBox ?? el).replaceWith(
      placeholder(doc, tex, !!displayBox || (!!math && isDisplayMath(math))),
    );
  }
  for (const math of all(root, 'math')) {
    if (!math.isConnected || math.parentElement?.closest('math')) continue;
    const tex = texOfMathml(math);
    if (tex) math.replaceWith(placeholder(doc, tex, isDisplayMath(math)));
    else math.remove();
  }
  for (const leftover of [
    ...byClass(root, 'MathJax_Preview'),
    ...byClass(root, 'MJX_Assistive_MathML'),
    ...all(root, 'mjx-assistive-mml'),
  ]) {
    if (leftover.isConnected && !leftover.hasAttribute(TEX_ATTR)) leftover.remove();
  }
}
