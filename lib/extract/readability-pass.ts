import { Readability } from '@mozilla/readability';

/**
 * Readability, with one relaxed retry when the first pass finds too little: under
 * MIN_CHARS, or a small share of the page's text. A high `charThreshold` makes Readability
 * run its own fallbacks (unlikely candidates kept, class weights and conditional cleaning
 * off) and keep its longest attempt; more top candidates let it merge siblings. The better
 * (clearly longer) result wins.
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

function parse(doc: Document, relaxed: { charThreshold: number } | null): ArticleOutcome | null {
  const reader = new Readability<Element>(doc, {
    serializer: (node) => node as Element,
    // Classes stay: the boilerplate and footnote steps after Readability match on them,
    // and skipping Readability's class-cleaning pass is cheaper.
    keepClasses: true,
    ...(relaxed ? { charThreshold: relaxed.charThreshold, nbTopCandidates: 10 } : {}),
  });
  const r = reader.parse();
  if (!r || !r.content) return null;
  return {
    content: r.content,
    title: r.title ?? null,
    byline: r.byline ?? null,
    siteName: r.siteName ?? null,
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
 * The page's own main-content element, when it marks exactly one: the last fallback when
 * Readability's scoring picks a fragment (it favours a single long block on short pages).
 * Cloned before Readability mutates the document.
 */
function semanticMain(doc: Document): { content: Element; length: number } | null {
  const articles = doc.querySelectorAll('article');
  let el: Element | null = articles.length === 1 ? articles[0]! : null;
  if (!el) {
    const mains = doc.querySelectorAll('main, [role="main"]');
    el = mains.length === 1 ? mains[0]! : null;
  }
  if (!el) return null;
  const content = el.cloneNode(true) as Element;
  for (const junk of Array.from(content.querySelectorAll('nav, aside, footer, header > nav, form')))
    junk.remove();
  return { content, length: (content.textContent ?? '').replace(/\s+/g, ' ').trim().length };
}

/**
 * `first` is the prepared snapshot (consumed: Readability mutates it); `fresh` builds
 * another prepared snapshot, only called when a retry is needed. `pageTextLength` is
 * the visible text length of the page body.
 */
export function readArticle(
  first: Document,
  fresh: () => Document,
  pageTextLength: number,
): ArticleOutcome | null {
  const a = parse(first, null);
  const aLen = a?.length ?? 0;
  if (aLen >= MIN_CHARS && aLen >= pageTextLength * MIN_SHARE) return a;
  if (pageTextLength <= aLen) return a;
  const doc = fresh();
  const semantic = semanticMain(doc);
  const b = parse(doc, { charThreshold: Math.max(MIN_CHARS, Math.round(pageTextLength * 0.3)) });
  const bLen = b?.length ?? 0;
  let best = a;
  if (b && (!best || (bLen > aLen * 1.5 && bLen - aLen > 100))) best = b;
  const bestLen = best?.length ?? 0;
  if (semantic && semantic.length > bestLen * 1.5 && semantic.length - bestLen > 100) {
    return { ...(best ?? emptyMeta()), content: semantic.content, length: semantic.length };
  }
  return best;
}
