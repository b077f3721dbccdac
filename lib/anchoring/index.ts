/**
 * Anchoring highlights to a web page with W3C Web Annotation selectors (a text quote with its
 * prefix and suffix, and a text position), re-anchored when the page changed: position, then
 * exact quote, then approximate match; what cannot be placed is an orphan. Pure: it reads the
 * DOM it is given and never changes it. docs/architecture.md, "Highlights in a page".
 */
export { anchor, anchorAll, describeRange, type Anchored } from './describe';
export { allowedErrors, matchQuote, type AnchorMethod, type QuoteMatch } from './match-quote';
export {
  describeSpan,
  positionSelector,
  quoteSelector,
  QUOTE_CONTEXT_LENGTH,
  type HighlightSelectors,
  type TextPositionSelector,
  type TextQuoteSelector,
} from './selectors';
export { textModel, type TextModel } from './text-model';
