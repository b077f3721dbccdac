import { JSDOM } from 'jsdom';
import { collapseWhitespace, htmlToText, type CodeFence } from './markdown-analysis.ts';

/**
 * Scoring functions, each pure: snippet matching (trafilatura-eval), token overlap and metadata
 * matching (readability), code-block survival (all sets) and timing quantiles.
 */

/** Snippet form used on both sides of a substring test (corpus README, "How to use the labels"). */
/**
 * Soft hyphens (U+00AD) go: they are invisible, a page's hyphenation hints. A label copied
 * from such a page carries them, and a clip without them (`whitespace.ts` removes them) would
 * not be found to hold its text.
 */
export function normaliseSnippet(text: string): string {
  return collapseWhitespace(text.normalize('NFC').replace(/\u00ad/g, ''));
}

export interface SnippetScore {
  withTotal: number;
  withFound: number;
  withoutTotal: number;
  withoutAbsent: number;
  /** `without` snippets that occur in the page's own text (the stricter variant). */
  withoutInPage: number;
  withoutInPageAbsent: number;
  missing: string[];
  leaked: string[];
}

export function scoreSnippets(
  plainText: string,
  pageText: string,
  withSnippets: string[],
  withoutSnippets: string[],
): SnippetScore {
  const output = normaliseSnippet(plainText);
  const page = normaliseSnippet(pageText);
  const score: SnippetScore = {
    withTotal: withSnippets.length,
    withFound: 0,
    withoutTotal: withoutSnippets.length,
    withoutAbsent: 0,
    withoutInPage: 0,
    withoutInPageAbsent: 0,
    missing: [],
    leaked: [],
  };
  for (const snippet of withSnippets.map(normaliseSnippet)) {
    if (output.includes(snippet)) score.withFound++;
    else score.missing.push(snippet);
  }
  for (const snippet of withoutSnippets.map(normaliseSnippet)) {
    const absent = !output.includes(snippet);
    const inPage = page.includes(snippet);
    if (absent) score.withoutAbsent++;
    else score.leaked.push(snippet);
    if (inPage) {
      score.withoutInPage++;
      if (absent) score.withoutInPageAbsent++;
    }
  }
  return score;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export function prf(truePositives: number, falsePositives: number, falseNegatives: number): Prf {
  const precision =
    truePositives + falsePositives ? truePositives / (truePositives + falsePositives) : 0;
  const recall =
    truePositives + falseNegatives ? truePositives / (truePositives + falseNegatives) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/**
 * Word tokens for text overlap, lower-cased. Han and kana characters count one each, since
 * Chinese and Japanese pages have no spaces to split on.
 */
export function wordTokens(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}]+/gu) ?? []
  );
}

/** Token-level precision/recall/F1 of `candidate` against `reference` (bag of words). */
export function tokenOverlap(candidate: string, reference: string): Prf {
  const expected = new Map<string, number>();
  const referenceTokens = wordTokens(reference);
  for (const token of referenceTokens) expected.set(token, (expected.get(token) ?? 0) + 1);
  const candidateTokens = wordTokens(candidate);
  let shared = 0;
  for (const token of candidateTokens) {
    const left = expected.get(token) ?? 0;
    if (left > 0) {
      shared++;
      expected.set(token, left - 1);
    }
  }
  if (candidateTokens.length === 0 && referenceTokens.length === 0) {
    return { precision: 1, recall: 1, f1: 1 };
  }
  return prf(shared, candidateTokens.length - shared, referenceTokens.length - shared);
}

/** Title/byline comparison form: Unicode-normalised, case-folded, dashes and quotes unified. */
export function normaliseMeta(value: string | null | undefined): string {
  return collapseWhitespace(
    (value ?? '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
      .replace(/[\u201c\u201d\u201e\u201f]/g, '"'),
  );
}

/** Bylines: a leading "By" is presentation, not the name (Readability keeps it, we may not). */
export function bylineMatches(actual: string | null, expected: string | null): boolean {
  const strip = (value: string | null) => normaliseMeta(value).replace(/^by\s+/, '');
  return strip(actual) === strip(expected);
}

/**
 * Bylines where Readability's own carries more than the name: the date or a counter printed
 * after it ("By Jane Doe March 25, 2015", "Lucas Nolan22 Dec 2016651"), or the label before
 * it in another language ("Par Jane Doe", "Written by Jane Doe"). We keep only the name on
 * purpose; this compares the name part alone. Null when Readability's byline holds no name
 * (none, a date alone, "Last Updated: …", a "Follow Author" link label): there is nothing to
 * agree with, and ours may take the author from the page's metadata instead.
 */
export function bylineMatchesIgnoringDate(
  actual: string | null,
  expected: string | null,
): boolean | null {
  const strip = (value: string | null) =>
    normaliseMeta(value).replace(/^(?:(?:written )?by|par|por|von)\s+/, '');
  let e = strip(expected);
  const date = /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d/.exec(e);
  if (date) e = e.slice(0, date.index).replace(/[\s,|·•-]*(?:[\p{L} ]+:)?\s*$/u, '');
  if (!/\p{L}/u.test(e) || /^(?:follow|more (?:by|from)|view all|see all)\b/.test(e)) return null;
  return strip(actual) === e;
}

export function titleMatches(actual: string | null, expected: string | null): boolean {
  return normaliseMeta(actual) === normaliseMeta(expected);
}

const TITLE_SEPARATOR = /^\s*[-|–—·:»/_]\s*\S/;

/**
 * Titles that differ only by a site name joined with a separator ("Story - Breitbart" vs
 * "Story"): removing it is a deliberate improvement over Readability, not a mismatch. The
 * same holds when the site name goes and the start Readability cut at a colon comes back
 * ("Kicker: Story" vs "Story · Site"). Chinese portals join theirs with underscores
 * ("Story_科技_腾讯网").
 */
export function titleMatchesIgnoringSite(actual: string | null, expected: string | null): boolean {
  if (sameButSite(normaliseMeta(actual), normaliseMeta(expected))) return true;
  const e = normaliseMeta(expected);
  const tail = /\s[-|–—·»/]\s((?:\S+\s?){1,4})$/.exec(e);
  return !!tail && sameButSite(normaliseMeta(actual), e.slice(0, tail.index));
}

function sameButSite(a: string, e: string): boolean {
  if (a === e) return true;
  const [short, long] = a.length < e.length ? [a, e] : [e, a];
  if (!short) return false;
  if (long.startsWith(short)) return TITLE_SEPARATOR.test(long.slice(short.length));
  if (long.endsWith(short)) {
    const head = long.slice(0, long.length - short.length);
    return /\S\s*[-|–—·:»/]\s*$/.test(head);
  }
  return false;
}

/** Text of an HTML fragment as a reader sees it (scripts and styles excluded). */
export function htmlFragmentText(html: string): string {
  const fragment = JSDOM.fragment(html);
  fragment.querySelectorAll('script, style, template').forEach((node) => node.remove());
  return collapseWhitespace(fragment.textContent ?? '');
}

/**
 * Everything a page's source holds as text, the README's "simple check": scripts, styles and
 * comments removed, tags stripped, entities decoded. Read from the source, not the DOM, so
 * neither extractor's document is touched (a tree walk warms jsdom's caches for one side).
 */
export function pageSourceText(html: string): string {
  return collapseWhitespace(
    htmlToText(
      html.replace(/<!--[^]*?-->/g, ' ').replace(/<(script|style|template)\b[^]*?<\/\1\s*>/gi, ' '),
    ),
  );
}

const MIN_CODE_CHARS = 10;
const CODE_KEPT_SHARE = 0.9;

/**
 * Code compared token by token, with leading digits cut from every token on both sides:
 * line-number gutters are meant to go, and in inline gutters (`<span>1</span>import`) the
 * number sticks to the first token of its line.
 */
function codeTokens(text: string): string[] {
  return text
    .split(/\s+/)
    .map((token) => token.replace(/^\d+/, ''))
    .filter((token) => token !== '');
}

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);

/**
 * Text of a code block as it renders, roughly `innerText`: `<br>` and block elements break
 * lines, cells are tab-separated. `textContent` would glue `int main()` to the previous line
 * in `<br>`-separated code, and a line-number gutter to its line, and then no correct output
 * could ever match it.
 */
function renderedText(node: Node): string {
  if (node.nodeType === 3 /* TEXT_NODE */) return node.nodeValue ?? '';
  if (node.nodeType !== 1 /* ELEMENT_NODE */) return '';
  const name = (node as Element).localName;
  if (name === 'br') return '\n';
  let text = '';
  for (const child of Array.from(node.childNodes)) text += renderedText(child);
  if (BLOCK_TAGS.has(name)) return `\n${text}\n`;
  if (name === 'td' || name === 'th') return `${text}\t`;
  return text;
}

/** The non-trivial `<pre>` blocks of an article: reference code for the lost-code check. */
export function referenceCode(articleHtml: string | null): string[] {
  if (!articleHtml?.includes('<pre')) return [];
  const fragment = JSDOM.fragment(articleHtml);
  const blocks: string[] = [];
  fragment.querySelectorAll('pre').forEach((pre) => {
    if (pre.parentElement?.closest('pre')) return; // nested: counted with the outer one
    const text = renderedText(pre);
    if (codeTokens(text).join('').length >= MIN_CODE_CHARS) blocks.push(text);
  });
  return blocks;
}

/**
 * Reference code blocks whose text did not survive into a fenced block. A block survives when
 * at least 90% of its whitespace-separated tokens (numbers aside) are found in the fences,
 * each fence token used once.
 */
export function lostCodeBlocks(reference: string[], fences: CodeFence[]): string[] {
  const available = new Map<string, number>();
  for (const fence of fences) {
    for (const token of codeTokens(fence.content)) {
      available.set(token, (available.get(token) ?? 0) + 1);
    }
  }
  const lost: string[] = [];
  for (const block of reference) {
    const tokens = codeTokens(block);
    const taken: string[] = [];
    for (const token of tokens) {
      const left = available.get(token) ?? 0;
      if (left > 0) {
        available.set(token, left - 1);
        taken.push(token);
      }
    }
    if (taken.length < CODE_KEPT_SHARE * tokens.length) {
      // Give the tokens back so one lost block cannot starve the next.
      for (const token of taken) available.set(token, (available.get(token) ?? 0) + 1);
      lost.push(collapseWhitespace(block).slice(0, 80));
    }
  }
  return lost;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest-rank: the smallest value with at least q of the data at or below it.
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1] ?? NaN;
}
