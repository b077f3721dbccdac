/**
 * Ruby readings (`<rt>`) that the page gives no fallback for go; the text they annotate stays.
 * Japanese pages set readings over their kanji (`<ruby>子<rt>こ</rt></ruby>ども`), which a
 * browser draws above the line; markdown has no ruby, and as text the reading runs into the
 * word it reads ("子こども"). A ruby with `<rp>` parentheses keeps its reading: they are the
 * page's own rendering for where ruby cannot be shown ("知（し）る", as a learners' blog writes
 * it). HTML, "The ruby element" and "The rp element".
 */
export function dropRubyText(root: Element): void {
  for (const rt of Array.from(root.querySelectorAll('rt'))) {
    if (!rt.closest('ruby')?.querySelector('rp')) rt.remove();
  }
}
