/**
 * A link to a passage as a text fragment (`url#:~:text=[prefix-,]start[,end][,-suffix]`, the
 * Text Fragments spec): browsers scroll to the passage and mark it. Terms are whole words, as
 * a browser matches them on word boundaries; a long quote is given by its first and last words.
 */
import { QUOTE_CONTEXT_LENGTH, type TextQuoteSelector } from '../anchoring/selectors';

/** Quotes longer than this many words are linked by their first and last few. */
const WHOLE_QUOTE_WORDS = 10;
const EDGE_WORDS = 4;
const CONTEXT_WORDS = 3;

/**
 * Percent-encodes a term: encodeURIComponent, plus the characters the directive syntax uses
 * (`-` and `,`, `&` already) and the ones a markdown link destination would trip on.
 */
export function encodeFragmentTerm(term: string): string {
  return encodeURIComponent(term).replace(
    /[-!'()*~]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The words of the quote that a browser can match: a selection that starts or ends inside a
 * word (the prefix ends, or the suffix starts, with a letter or digit) loses that partial word.
 */
function quoteWords(quote: TextQuoteSelector): string[] {
  const list = words(quote.exact);
  if (/[\p{L}\p{N}]$/u.test(quote.prefix) && /^[\p{L}\p{N}]/u.test(quote.exact) && list.length > 1)
    list.shift();
  if (/^[\p{L}\p{N}]/u.test(quote.suffix) && /[\p{L}\p{N}]$/u.test(quote.exact) && list.length > 1)
    list.pop();
  return list;
}

/** The `text=` directive's value for a quote, or null when it has no words. */
export function textDirective(quote: TextQuoteSelector): string | null {
  const list = quoteWords(quote);
  if (list.length === 0) return null;
  const terms: string[] = [];
  // Context is only usable as whole words right beside the passage, split from it by a space.
  if (/\s$/.test(quote.prefix)) {
    const before = words(quote.prefix);
    if (quote.prefix.length >= QUOTE_CONTEXT_LENGTH && !/^\s/.test(quote.prefix)) before.shift();
    if (before.length) terms.push(`${encodeFragmentTerm(before.slice(-CONTEXT_WORDS).join(' '))}-`);
  }
  if (list.length > WHOLE_QUOTE_WORDS) {
    terms.push(encodeFragmentTerm(list.slice(0, EDGE_WORDS).join(' ')));
    terms.push(encodeFragmentTerm(list.slice(-EDGE_WORDS).join(' ')));
  } else {
    terms.push(encodeFragmentTerm(list.join(' ')));
  }
  if (/^\s/.test(quote.suffix)) {
    const after = words(quote.suffix);
    if (quote.suffix.length >= QUOTE_CONTEXT_LENGTH && !/\s$/.test(quote.suffix)) after.pop();
    if (after.length) terms.push(`-${encodeFragmentTerm(after.slice(0, CONTEXT_WORDS).join(' '))}`);
  }
  return terms.join(',');
}

/**
 * The page's address with a text directive for the quote, after the page's own fragment
 * (which single-page sites route by); the address alone when the quote has no words.
 */
export function textFragmentUrl(pageUrl: string, quote: TextQuoteSelector): string {
  const directive = textDirective(quote);
  if (!directive) return pageUrl;
  const withoutDirective = pageUrl.replace(/:~:.*$/s, '');
  const hash = withoutDirective.includes('#') ? '' : '#';
  return `${withoutDirective}${hash}:~:text=${directive}`;
}
