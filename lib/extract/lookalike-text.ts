import { normalizedText } from './dom';

/**
 * Text spelled with look-alike letters: Latin words with Cyrillic or Greek letters that look
 * the same put in ("Yоur соntеnt іѕ dеlіvеrеd", where о, с, е, і and ѕ are Cyrillic). It is
 * written so that filters matching words let it through: advertisements and spam pasted into a
 * page's template. No language writes its words so, so a block where many words mix the
 * scripts goes. A Russian text writing a brand with a Cyrillic ending ("iPhoneом") has a few
 * such words among many plain ones, and stays.
 */

const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const ANY_LOOKALIKE = /[\u0370-\u03ff\u0400-\u04ff]/;
const BLOCKS = 'p, li, blockquote, h2, h3, h4, h5, h6, td, div';
const MIN_MIXED_WORDS = 3;
const MIN_MIXED_SHARE = 0.4;

function isLookalikeText(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const mixed = words.filter((w) => LATIN.test(w) && LOOKALIKE.test(w)).length;
  return mixed >= MIN_MIXED_WORDS && mixed >= words.length * MIN_MIXED_SHARE;
}

export function removeLookalikeText(root: Element): void {
  // Most articles hold no Cyrillic or Greek letter at all: one test of the text spares the walk.
  if (!ANY_LOOKALIKE.test(root.textContent ?? '')) return;
  // Innermost first: the smallest block holding such text is what goes.
  for (const el of Array.from(root.querySelectorAll(BLOCKS)).reverse()) {
    if (!el.isConnected || !ANY_LOOKALIKE.test(el.textContent ?? '')) continue;
    if (isLookalikeText(normalizedText(el))) el.remove();
  }
}
