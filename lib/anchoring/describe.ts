/** Describing a selection, and placing stored highlights in a page again. */
import { matchQuote, type AnchorMethod } from './match-quote';
import { describeSpan, type HighlightSelectors } from './selectors';
import { textModel, type TextModel } from './text-model';

/** The selectors of a DOM range under `root`, or null when it covers no text. */
export function describeRange(
  root: Node,
  range: Range,
  model = textModel(root),
): HighlightSelectors | null {
  const span = model.spanOf(range);
  return span ? describeSpan(model.text, span.start, span.end) : null;
}

export interface Anchored {
  range: Range;
  start: number;
  end: number;
  method: AnchorMethod;
}

/** Where a highlight is in the page now, or null: an orphan, to be listed and never dropped. */
export function anchor(model: TextModel, selectors: HighlightSelectors): Anchored | null {
  const match = matchQuote(model.text, selectors);
  const range = match && model.rangeOf(match.start, match.end);
  return match && range
    ? { range, start: match.start, end: match.end, method: match.method }
    : null;
}

/** Places many highlights over one reading of the page's text. */
export function anchorAll(root: Node, list: readonly HighlightSelectors[]): (Anchored | null)[] {
  const model = textModel(root);
  return list.map((selectors) => anchor(model, selectors));
}
