/**
 * Which highlights a page already holds. Text is compared normalised: markdown quote, emphasis
 * and list markers and escapes dropped, link targets dropped (the text kept), the highlighter's
 * `↗` link dropped, typographic quotes and dashes folded, whitespace collapsed and case
 * ignored, so a highlight rendered by any template, or re-selected with a slightly different
 * line break, is recognised.
 *
 * Only what the page holds as a quote counts, never any text of it: a highlight is already
 * there when its normalised text is a whole block quote, one of its paragraphs or lines, or a
 * whole line or paragraph of the page (a template without `>`); or, from
 * `MIN_CONTAINED_CHARS` characters on, when it is part of a block quote (a template that puts
 * the credit on the quote's line, a re-selection of part of an earlier quote). A one-word
 * highlight is therefore not "already there" just because the word occurs in the page.
 */
export const MIN_CONTAINED_CHARS = 20;

export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\u2197/g, '')
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

interface PageQuotes {
  /** Whole units: block quotes, their paragraphs and lines, the page's lines and paragraphs. */
  whole: Set<string>;
  /** Each block quote's text. */
  quotes: string[];
}

const QUOTE_LINE = /^[ \t]*>/;
const QUOTE_MARKERS = /^[ \t]*(?:>[ \t]?)+/;

function pageQuotes(markdown: string): PageQuotes {
  const whole = new Set<string>();
  const quotes: string[] = [];
  const add = (text: string): string => {
    const normal = normaliseText(text);
    if (normal !== '') whole.add(normal);
    return normal;
  };
  let block: string[] = [];
  let paragraph: string[] = [];
  const endBlock = (): void => {
    if (block.length === 0) return;
    const text = block.join('\n');
    quotes.push(add(text));
    for (const part of text.split(/\n[ \t]*\n/)) add(part);
    block = [];
  };
  const endParagraph = (): void => {
    if (paragraph.length > 0) add(paragraph.join('\n'));
    paragraph = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    add(line);
    if (QUOTE_LINE.test(line)) block.push(line.replace(QUOTE_MARKERS, ''));
    else endBlock();
    if (line.trim() === '') endParagraph();
    else paragraph.push(line);
  }
  endBlock();
  endParagraph();
  return { whole, quotes };
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
  const page = pageQuotes(pageMarkdown);
  const held = (text: string): boolean =>
    page.whole.has(text) ||
    (text.length >= MIN_CONTAINED_CHARS && page.quotes.some((q) => q.includes(text)));
  const seen = new Set<string>();
  const fresh: T[] = [];
  const already: T[] = [];
  for (const h of highlights) {
    const text = normaliseText(h.quote);
    if (text === '' || seen.has(text) || held(text)) already.push(h);
    else {
      seen.add(text);
      fresh.push(h);
    }
  }
  return { fresh, already };
}
