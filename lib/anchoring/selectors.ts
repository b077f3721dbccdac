/**
 * The W3C Web Annotation selectors a highlight is anchored by: a text quote (the passage with
 * a little of the text around it) and a text position. Both count characters of the page's
 * text model (`text-model.ts`): the document's text with every run of white space folded to
 * one space, so a page re-rendered with other line breaks or indentation reads the same.
 */

/** How many characters of context a quote keeps on each side. */
export const QUOTE_CONTEXT_LENGTH = 32;

export interface TextQuoteSelector {
  type: 'TextQuoteSelector';
  exact: string;
  prefix: string;
  suffix: string;
}

export interface TextPositionSelector {
  type: 'TextPositionSelector';
  start: number;
  end: number;
}

/** What is stored for a highlight: the quote always, the position as a hint when known. */
export interface HighlightSelectors {
  quote: TextQuoteSelector;
  position?: TextPositionSelector;
}

export function quoteSelector(exact: string, prefix = '', suffix = ''): TextQuoteSelector {
  return { type: 'TextQuoteSelector', exact, prefix, suffix };
}

export function positionSelector(start: number, end: number): TextPositionSelector {
  return { type: 'TextPositionSelector', start, end };
}

/** The selectors of the span [start, end) of a text. */
export function describeSpan(text: string, start: number, end: number): HighlightSelectors {
  return {
    quote: quoteSelector(
      text.slice(start, end),
      text.slice(Math.max(0, start - QUOTE_CONTEXT_LENGTH), start),
      text.slice(end, end + QUOTE_CONTEXT_LENGTH),
    ),
    position: positionSelector(start, end),
  };
}
