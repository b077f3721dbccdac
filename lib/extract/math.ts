import { parseFragment, tagName } from './dom';
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

export function convertMath(root: Element): void {
  const doc = root.ownerDocument;
  // KaTeX: .katex holds .katex-mathml (MathML + TeX annotation) and .katex-html (visual).
  for (const katex of Array.from(root.querySelectorAll('.katex'))) {
    if (!katex.isConnected) continue;
    const math = katex.querySelector('math');
    const annotation = katex.querySelector('annotation[encoding="application/x-tex"]');
    const tex = annotation?.textContent?.trim() || (math ? texOfMathml(math) : '');
    if (!tex) continue;
    const displayBox = katex.closest('.katex-display');
    const target = displayBox ?? katex;
    target.replaceWith(placeholder(doc, tex, !!displayBox || (!!math && isDisplayMath(math))));
  }
  // MathJax v2: the TeX source stays in a script next to the rendered frame.
  for (const script of Array.from(root.querySelectorAll('script[type]'))) {
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
  // MathJax v3: <mjx-container> with <mjx-assistive-mml><math>…
  for (const box of Array.from(root.querySelectorAll('mjx-container'))) {
    if (!box.isConnected) continue;
    const math = box.querySelector('math');
    const tex = math ? texOfMathml(math) : '';
    if (!tex) continue;
    const display = box.getAttribute('display') === 'true' || (!!math && isDisplayMath(math));
    box.replaceWith(placeholder(doc, tex, display));
  }
  // MathJax v2 frames whose script is gone, with the MathML in data-mathml.
  for (const el of Array.from(root.querySelectorAll('[data-mathml]'))) {
    if (!el.isConnected) continue;
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
  for (const math of Array.from(root.querySelectorAll('math'))) {
    if (!math.isConnected || math.parentElement?.closest('math')) continue;
    const tex = texOfMathml(math);
    if (tex) math.replaceWith(placeholder(doc, tex, isDisplayMath(math)));
    else math.remove();
  }
  for (const leftover of Array.from(
    root.querySelectorAll('.MathJax_Preview, .MJX_Assistive_MathML, mjx-assistive-mml'),
  )) {
    if (tagName(leftover) !== 'span' || !leftover.hasAttribute(TEX_ATTR)) leftover.remove();
  }
}
