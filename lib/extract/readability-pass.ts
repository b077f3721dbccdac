import { QuickReadability } from './quick-readability';
import { decodeEntities, elementsByTag, htmlText, normalizedText, tagName } from './dom';
import { restoreOwnFragments, shortenOwnFragments } from './fragment-links';
import { markIngredientTables, unmarkIngredientTables } from './ingredient-tables';
import { recordHeadlines, restoreLede } from './lede';
import { recordHeadings, restoreSectionHeading } from './section-headings';

/**
 * Readability, and the page's own article element when Readability finds too little: under
 * MIN_CHARS, or a small share of the page's text. (Under its `charThreshold`, 500 characters,
 * Readability has already re-run itself with its flags off, unlikely candidates kept, class
 * weights and conditional cleaning off, and kept its longest attempt, so a second Readability
 * pass with other settings finds nothing new: a retry with a higher threshold and more top
 * candidates ran on 32 pages of the extraction benchmark, returned the same text on every one,
 * and took up to 166 ms.)
 */

export interface ArticleOutcome {
  content: Element;
  title: string | null;
  byline: string | null;
  siteName: string | null;
  published: string | null;
  excerpt: string | null;
  lang: string | null;
  length: number;
}

const MIN_CHARS = 500;
const MIN_SHARE = 0.15;
// The least text the page's own article needs to replace a pick from its footer or a form,
// and how much of the pick such an element must hold to count as holding it.
const MIN_ESCAPE_CHARS = 100;
const PICK_IN_JUNK_SHARE = 0.8;
// The share of a result's text in forms that makes it a form, not an article (a comment
// form with its heading and login choices around it).
const FORM_SHARE = 0.5;
const FORMS = 'form, [action]';
const READER_INPUTS = 'input[type="email" i], input[type="password" i], textarea';
// Readability's cleaning of the page's own article element must keep this share of its prose.
const KEEP_AFTER_CLEANING = 0.8;
const JUNK = 'nav, aside, footer, header > nav, form';

function parse(doc: Document, pageUrl: string): ArticleOutcome | null {
  const reader = new QuickReadability<Element>(doc, {
    serializer: (node) => node as Element,
    // Classes stay: the boilerplate and footnote steps after Readability match on them,
    // and skipping Readability's class-cleaning pass is cheaper.
    keepClasses: true,
  });
  const headings = recordHeadings(doc);
  const headlines = recordHeadlines(doc);
  shortenOwnFragments(doc, pageUrl);
  markIngredientTables(doc);
  const r = reader.parse();
  if (!r || !r.content) return null;
  restoreOwnFragments(r.content);
  unmarkIngredientTables(r.content);
  restoreSectionHeading(headings, r.content, r.title ?? null);
  restoreLede(headlines, r.content, r.title ?? null);
  return {
    content: r.content,
    title: decodeEntities(doc, r.title ?? null),
    byline: htmlText(doc, r.byline ?? null),
    siteName: htmlText(doc, r.siteName ?? null),
    published: r.publishedTime ?? null,
    excerpt: r.excerpt ?? null,
    lang: r.lang ?? null,
    length: r.length ?? (r.textContent ?? '').length,
  };
}

function emptyMeta(): Omit<ArticleOutcome, 'content' | 'length'> {
  return { title: null, byline: null, siteName: null, published: null, excerpt: null, lang: null };
}

/**
 * The page's own declarations of where its article is, each kind the page uses exactly once,
 * in this order: HTML's `<article>` and `<main>`, schema.org's `articleBody` (microdata) and
 * hAtom's `hentry` (the post's container in most WordPress themes). They are the fallback
 * when Readability's scoring picks a fragment (it favours a single long block on short pages)
 * or a block that is not the article (a comment form under a short post).
 */
const DECLARATIONS = ['article', 'main, [role="main"]', '[itemprop~="articleBody"]', '.hentry'];

function semanticElements(doc: Document): Element[] {
  const found: Element[] = [];
  for (const selector of DECLARATIONS) {
    const all = doc.querySelectorAll(selector);
    if (all.length === 1) found.push(all[0]!);
  }
  return found;
}

/**
 * A `<main>` often holds the article and other articles beside it (an issue's teaser, a
 * product card): the one that holds the start of what Readability found is the article.
 * Articles that are siblings are parts of one whole (a recipe's header, ingredients and
 * method), so the `<main>` stays.
 */
function articleWithin(main: Element, probe: string): Element {
  if (!probe) return main;
  let found = main;
  for (const article of elementsByTag(main, 'article'))
    if (found.contains(article) && normalizedText(article).includes(probe)) found = article;
  return found === main || hasSiblingArticle(found) ? main : found;
}

function hasSiblingArticle(el: Element): boolean {
  for (let s = el.parentElement?.firstElementChild ?? null; s; s = s.nextElementSibling)
    if (s !== el && s.localName === 'article') return true;
  return false;
}

/**
 * The first declared element (semanticElements) whose copy, without navigation, asides,
 * footers and forms, holds MIN_ESCAPE_CHARS of prose, text outside links (a `<main>` may hold
 * only teaser links and an aside that wraps the article), with its text. `pickInJunk`: whether
 * Readability's pick (starting with `probe`, `pickLength` characters long) lies in one of
 * those, in the element or outside it, by the page's own markup not the article's content (a
 * newsletter box in the article's footer, its prose longer than a short news item's; the
 * site's footer under a short post). A form around the element (a page that is one big
 * form) is not junk.
 */
function semanticMain(
  doc: Document,
  probe: string,
  pickLength: number,
): { content: Element; text: string; length: number; pickInJunk: boolean } | null {
  for (const declared of semanticElements(doc)) {
    const el = articleWithin(declared, probe);
    const content = el.cloneNode(true) as Element;
    const inside = Array.from(content.querySelectorAll(JUNK));
    for (const j of inside) j.remove();
    if (proseLength(content) < MIN_ESCAPE_CHARS) continue;
    const text = normalizedText(content);
    // Outside the element, a form is junk when it asks for the reader's details (isReaderForm).
    const outside = Array.from(doc.querySelectorAll(JUNK)).filter(
      (j) =>
        !j.contains(el) &&
        !el.contains(j) &&
        (tagName(j) !== 'form' || !!j.querySelector(READER_INPUTS)),
    );
    // Inside, not only starting there: Readability's pick may open with a breadcrumb's `<nav>`.
    const pickInJunk =
      !!probe &&
      [...inside, ...outside].some((j) => {
        const junkText = normalizedText(j);
        return junkText.length >= pickLength * PICK_IN_JUNK_SHARE && junkText.includes(probe);
      });
    return { content, text, length: text.length, pickInJunk };
  }
  return null;
}

/**
 * `first` is the prepared snapshot (consumed: Readability mutates it); `fresh` builds
 * another prepared snapshot, only called when the first result is too small and the page
 * marks its own article element; `pageTextLength` measures the page's text, only when the
 * result is short; `pageUrl` is the page's address, which its in-page links start with
 * (fragment-links.ts).
 *
 * The fallback: the article the page declares (semanticMain; in a `<main>`, the article
 * holding Readability's find), when it holds clearly more text and contains what
 * Readability found, unless that was Readability's last resort; and whatever its length
 * when what Readability found lies in a footer, aside, navigation or form, the element's own
 * or the page's, or is mostly a form (the comment form under a short post, a sign-in dialog):
 * such a result is looked at however long it is, as a form may hold more text than the post.
 * Whether the page has one is asked before Readability changes `first`: a fresh snapshot
 * copies and prepares the whole page again (up to 96 ms on the benchmark's pages in Node),
 * wasted on the third of short results that have no such element.
 */
export function readArticle(
  first: Document,
  fresh: () => Document,
  pageTextLength: () => number,
  pageUrl = '',
): ArticleOutcome | null {
  const marksArticle = semanticElements(first).length > 0;
  const a = parse(first, pageUrl);
  const aLen = a?.length ?? 0;
  if (!marksArticle) return a;
  // Long results are kept without measuring the page (that costs a full text walk), unless
  // they are a form.
  const long = aLen >= MIN_CHARS * 4 || (aLen >= MIN_CHARS && aLen >= pageTextLength() * MIN_SHARE);
  const formPick = !!a && isMostlyForm(a.content);
  if (long && !formPick) return a;
  const doc = fresh();
  const readerForm = formPick && isReaderForm(doc, normalizedText(a!.content));
  if (long && !readerForm) return a;
  const probe = startOf(a);
  const semantic = semanticMain(doc, probe, aLen);
  if (semantic && (semantic.pickInJunk || readerForm) && semantic.length >= MIN_ESCAPE_CHARS)
    return { ...(a ?? emptyMeta()), ...cleanedSemantic(doc, semantic, pageUrl) };
  if (
    semantic &&
    semantic.length > aLen * 1.15 &&
    semantic.length - aLen > 40 &&
    // Under Readability's own threshold its pick is a last resort (a newsletter box on a
    // short post), not evidence of where the article is.
    (aLen < MIN_CHARS || semantic.text.includes(probe))
  ) {
    return { ...(a ?? emptyMeta()), ...cleanedSemantic(doc, semantic, pageUrl) };
  }
  return a;
}

/**
 * The page's own article element, cleaned as Readability cleans what it picks (conditional
 * cleaning by link density, unlikely classes): in-article teaser cards, donation boxes and
 * print menus otherwise stay. Readability runs on a document holding only that element
 * (`doc`, consumed); its result is kept unless it dropped much of the text.
 */
function cleanedSemantic(
  doc: Document,
  semantic: { content: Element; length: number },
  pageUrl: string,
): { content: Element; length: number } {
  doc.body.replaceChildren(semantic.content.cloneNode(true));
  const cleaned = parse(doc, pageUrl);
  // Measured against the prose (text outside links): link lists are what cleaning removes.
  if (cleaned && cleaned.length >= proseLength(semantic.content) * KEEP_AFTER_CLEANING)
    return { content: cleaned.content, length: cleaned.length };
  return semantic;
}

function proseLength(el: Element): number {
  let links = 0;
  for (const a of elementsByTag(el, 'a')) links += normalizedText(a).length;
  return normalizedText(el).length - links;
}

/**
 * Whether the pick (`pickText`) holds a form of the page's that asks for the reader's own
 * details (an e-mail address, a password, a message): a comment, sign-in or sign-up form. A
 * shop's form for choosing a product's size and colour holds the product's description.
 */
function isReaderForm(doc: Document, pickText: string): boolean {
  for (const form of elementsByTag(doc.body, 'form')) {
    if (!form.querySelector(READER_INPUTS)) continue;
    const start = normalizedText(form).slice(0, 60);
    if (start && pickText.includes(start)) return true;
  }
  return false;
}

/**
 * Whether forms hold FORM_SHARE of the text. Readability turns a form it picked into a `<div>`
 * that keeps the form's attributes, `action` among them.
 */
function isMostlyForm(content: Element): boolean {
  let inForms = 0;
  for (const form of Array.from(content.querySelectorAll(FORMS)))
    if (!form.parentElement?.closest(FORMS)) inForms += normalizedText(form).length;
  return inForms > 0 && inForms >= normalizedText(content).length * FORM_SHARE;
}

/** The start of what Readability found ('' when it found nothing): the fallback must hold it. */
function startOf(a: ArticleOutcome | null): string {
  return a ? normalizedText(a.content).slice(0, 60) : '';
}
