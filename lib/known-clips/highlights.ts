/**
 * Which highlights a page already holds. Text is compared normalised: markdown quote, emphasis
 * and list markers dropped, link targets dropped (the text kept), typographic quotes and dashes
 * folded, whitespace collapsed and case ignored, so a highlight rendered by any template, or
 * re-selected with a slightly different line break, is recognised.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export interface HighlightSplit<T> {
  fresh: T[];
  already: T[];
}

/** Splits highlights into those the page does not hold yet and those it does (or repeats). */
export function splitHighlights<T extends { quote: string }>(
  pageMarkdown: string,
  highlights: readonly T[],
): HighlightSplit<T> {
  const page = normaliseText(pageMarkdown);
  const seen = new Set<string>();
  const fresh: T[] = [];
  const already: T[] = [];
  for (const h of highlights) {
    const text = normaliseText(h.quote);
    if (text === '' || seen.has(text) || page.includes(text)) already.push(h);
    else {
      seen.add(text);
      fresh.push(h);
    }
  }
  return { fresh, already };
}
