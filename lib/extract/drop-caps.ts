import { normalizedText } from './dom';

/**
 * A drop cap set apart from its paragraph: `<span class="dropcap">T</span><p>urkey and…</p>`.
 * The page floats the letter into the paragraph with CSS; as markdown it became a paragraph
 * of its own, "T", above "urkey and…". The letter goes back to the start of the paragraph's
 * text. Only a single capital (maybe after an opening quote) right before a paragraph whose
 * text goes on with a small letter, or with a space: "A" and "new study" read as "A new
 * study"; a capital after it means the letter stood alone on purpose.
 */

const DROP_CAP = /^["'“„‘«]?\p{Lu}$/u;
const CONTINUES = /^(\s*)\p{Ll}/u;

/** The paragraph's first text node that holds more than whitespace. */
function firstText(p: Element): Text | null {
  const walker = p.ownerDocument.createTreeWalker(p, 4);
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if ((n.nodeValue ?? '').trim()) return n as Text;
  return null;
}

/** Whether only whitespace stands between two siblings. */
function adjacent(a: Element, b: Element): boolean {
  for (let n = a.nextSibling; n && n !== b; n = n.nextSibling)
    if (n.nodeType !== 3 || (n.nodeValue ?? '').trim()) return false;
  return true;
}

export function joinDropCaps(root: Element): void {
  for (const p of Array.from(root.querySelectorAll('p'))) {
    const cap = p.previousElementSibling;
    if (!cap || cap.firstElementChild || !adjacent(cap, p)) continue;
    const letter = normalizedText(cap);
    if (!DROP_CAP.test(letter)) continue;
    const text = firstText(p);
    const m = text && CONTINUES.exec(text.nodeValue ?? '');
    if (!text || !m) continue;
    const space = m[1] ? ' ' : '';
    text.nodeValue = letter + space + (text.nodeValue ?? '').slice(m[1]!.length);
    cap.remove();
  }
}
