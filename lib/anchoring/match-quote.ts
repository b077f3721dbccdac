/**
 * Finding a stored quote in a page's text again, on plain strings (no DOM): first where the
 * position says when the quote is still there, then the exact quote, then an approximate
 * match (Myers' bit-parallel edit distance, from approx-string-match). Every candidate is
 * ranked by how well the quote, the text before it (prefix), the text after it (suffix) and
 * the stored position agree, so duplicates are told apart by their context. An approximate
 * match is only taken where the prefix or the suffix agrees too.
 */
import search from 'approx-string-match';
import type { HighlightSelectors, TextPositionSelector } from './selectors';

export type AnchorMethod = 'position' | 'quote' | 'fuzzy';

export interface QuoteMatch {
  start: number;
  end: number;
  method: AnchorMethod;
  /** Edits between the stored quote and the text found (0 unless fuzzy). */
  errors: number;
}

/** Quotes shorter than this are only found exactly: a few edits make a short quote anything. */
export const MIN_FUZZY_LENGTH = 16;
/** At most a quarter of a quote may differ, and never more than this many characters. */
const MAX_ERROR_RATIO = 0.25;
const MAX_ERRORS = 256;
/** Candidates ranked at most: a short quote can occur thousands of times. */
const MAX_CANDIDATES = 500;

const WEIGHT = { quote: 50, prefix: 20, suffix: 20, position: 2 };
/**
 * An approximate match must also sit in familiar text: the stored prefix or suffix agrees this
 * well with the text beside it. Without this, a removed passage's quote finds some similar
 * sentence elsewhere (on a page of repetitive vocabulary most sentences are a quarter-edit
 * apart) and the highlight jumps there instead of becoming an orphan.
 */
export const MIN_CONTEXT_AGREEMENT = 0.6;

/** How many edits a fuzzy match of a quote of this length may have. */
export function allowedErrors(length: number): number {
  if (length < MIN_FUZZY_LENGTH) return 0;
  return Math.min(MAX_ERRORS, Math.floor(length * MAX_ERROR_RATIO));
}

/** 1 when `pattern` occurs unchanged in `window`, falling towards 0 with each edit. */
function similarity(window: string, pattern: string): number {
  if (pattern.length === 0) return 1;
  if (window.length === 0) return 0;
  const best = search(window, pattern, pattern.length);
  const errors = best.reduce((min, m) => Math.min(min, m.errors), pattern.length);
  return 1 - errors / pattern.length;
}

interface Candidate {
  start: number;
  end: number;
  errors: number;
}

/** How well the stored prefix and suffix agree with the text either side of a candidate. */
function contextOf(
  text: string,
  c: Candidate,
  selectors: HighlightSelectors,
): { prefix: number; suffix: number } {
  const { prefix, suffix } = selectors.quote;
  // A little slack on the far side lets a context that lost or gained a character still align.
  const before = text.slice(Math.max(0, c.start - prefix.length - 2), c.start);
  const after = text.slice(c.end, c.end + suffix.length + 2);
  return { prefix: similarity(before, prefix), suffix: similarity(after, suffix) };
}

function score(
  text: string,
  c: Candidate,
  selectors: HighlightSelectors,
  hint: TextPositionSelector | undefined,
): number {
  const context = contextOf(text, c, selectors);
  const distance = hint ? Math.abs(c.start - hint.start) / Math.max(1, text.length) : 1;
  return (
    WEIGHT.quote * (1 - c.errors / selectors.quote.exact.length) +
    WEIGHT.prefix * context.prefix +
    WEIGHT.suffix * context.suffix +
    WEIGHT.position * (1 - Math.min(1, distance))
  );
}

/**
 * Whether an approximate candidate's surroundings are recognisably the stored ones: the
 * prefix or the suffix agrees. A quote stored without context (read back from the shown
 * quote alone) has nothing to agree with and is taken on the quote's similarity alone.
 */
function contextAgrees(text: string, c: Candidate, selectors: HighlightSelectors): boolean {
  const { prefix, suffix } = selectors.quote;
  if (prefix.trim() === '' && suffix.trim() === '') return true;
  const context = contextOf(text, c, selectors);
  return (
    (prefix.trim() !== '' && context.prefix >= MIN_CONTEXT_AGREEMENT) ||
    (suffix.trim() !== '' && context.suffix >= MIN_CONTEXT_AGREEMENT)
  );
}

function best(
  text: string,
  candidates: Candidate[],
  selectors: HighlightSelectors,
): Candidate | undefined {
  if (candidates.length <= 1) return candidates[0];
  const hint = selectors.position;
  let top: Candidate | undefined;
  let topScore = -Infinity;
  for (const c of candidates) {
    const s = score(text, c, selectors, hint);
    if (s > topScore) [top, topScore] = [c, s];
  }
  return top;
}

function exactOccurrences(text: string, exact: string): Candidate[] {
  const found: Candidate[] = [];
  for (let at = text.indexOf(exact); at >= 0 && found.length < MAX_CANDIDATES;) {
    found.push({ start: at, end: at + exact.length, errors: 0 });
    at = text.indexOf(exact, at + 1);
  }
  return found;
}

function fuzzyCandidates(text: string, exact: string, maxErrors: number): Candidate[] {
  const matches = search(text, exact, maxErrors);
  if (matches.length <= MAX_CANDIDATES) return matches;
  return [...matches].sort((a, b) => a.errors - b.errors).slice(0, MAX_CANDIDATES);
}

/** A fuzzy match may take in the space beside the passage; the highlight should not. */
function trimmed(text: string, c: Candidate): Candidate {
  let { start, end } = c;
  while (start < end && text[start] === ' ') start++;
  while (end > start && text[end - 1] === ' ') end--;
  return { ...c, start, end };
}

/** Where the highlight's quote is in `text` now, or null: the highlight is an orphan. */
export function matchQuote(text: string, selectors: HighlightSelectors): QuoteMatch | null {
  const { exact } = selectors.quote;
  if (exact.length === 0) return null;
  const hint = selectors.position;
  if (hint && hint.end - hint.start === exact.length && text.startsWith(exact, hint.start)) {
    return { start: hint.start, end: hint.end, method: 'position', errors: 0 };
  }
  const exactFound = best(text, exactOccurrences(text, exact), selectors);
  if (exactFound) return { ...exactFound, method: 'quote' };
  const maxErrors = allowedErrors(exact.length);
  if (maxErrors === 0) return null;
  const familiar = fuzzyCandidates(text, exact, maxErrors).filter((c) =>
    contextAgrees(text, c, selectors),
  );
  const fuzzy = best(text, familiar, selectors);
  if (!fuzzy) return null;
  const placed = trimmed(text, fuzzy);
  return placed.end > placed.start ? { ...placed, method: 'fuzzy' } : null;
}
