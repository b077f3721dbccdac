import { elementsByTag, tagName } from './dom';

/**
 * Where a footnote reference points: the addresses that mean this page, the fragment a link
 * names, and the element that fragment finds in the live page (by id or named anchor, with
 * indexes built once per extraction).
 */

// A number is required: `#english` (a language jump link) or `#notes` is no note.
export const NOTE_ID =
  /^(?:fn|footnote|note|endnote|en|cite_note|ftn|sdfootnote|_ftn|easy-footnote-bottom)[-_:.]?[\w.:-]*\d[\w.:-]*$/i;
/** Finds a reference's target in a document: by id, or a named anchor. */
export type Locate = (doc: Document) => Element | null;

/**
 * The URL without its fragment, normalized: Readability resolves `https://host#x` to
 * `https://host/#x`, which is still this page.
 */
function sameDocument(url: string): string {
  try {
    return new URL(url).href.replace(/#.*$/, '');
  } catch {
    return url;
  }
}

function cssString(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

// Indexes of the live page, built once per extraction: an attribute query walks the whole
// page in jsdom, and one ran for every candidate link (most of this step's time in Node).
// Only the live page is indexed: it never changes while we extract, the working copy does.
interface LiveIndex {
  doc: Document;
  names?: Map<string, Element>;
  fragments?: string[];
  /** Lookups so far, and once there are many, every id and anchor name of the page. */
  idLookups: number;
  lookup?: (id: string) => Element | null;
}
// linkedom finds an id by walking the whole page: a long article's hundreds of references
// took seconds (a Wikipedia page: 3 s of its 7). After this many lookups, one walk indexes
// every id; a browser's own lookup is instant, and few pages make it that far.
const INDEX_IDS_AFTER = 32;
let liveIndex: LiveIndex | null = null;

/** Runs `work` with the live page indexed; the index never outlives it nor keeps the page. */
export function withLiveIndex(live: Document, work: () => void): void {
  liveIndex = { doc: live, idLookups: 0 };
  try {
    work();
  } finally {
    liveIndex = null;
  }
}

/**
 * `byIdOrName` within `root` alone, from one walk: for the many lookups of one reading of the
 * article, which nothing changes meanwhile (linkedom walks the whole page for each id).
 */
export function idOrNameIndex(root: Element): (id: string) => Element | null {
  const ids = new Map<string, Element>();
  const names = new Map<string, Element>();
  for (const el of Array.from(root.querySelectorAll('[id], a[name]'))) {
    const id = el.getAttribute('id');
    if (id !== null && !ids.has(id)) ids.set(id, el);
    const name = tagName(el) === 'a' ? el.getAttribute('name') : null;
    if (name !== null && !names.has(name)) names.set(name, el);
  }
  return (id) => ids.get(id) ?? names.get(id) ?? null;
}

export function byIdOrName(doc: Document, id: string): Element | null {
  if (liveIndex?.doc === doc && ++liveIndex.idLookups > INDEX_IDS_AFTER && doc.documentElement)
    return (liveIndex.lookup ??= idOrNameIndex(doc.documentElement))(id);
  const byId = doc.getElementById(id);
  if (byId) return byId;
  if (liveIndex?.doc !== doc) return doc.querySelector(`a[name=${cssString(id)}]`);
  if (!liveIndex.names) {
    liveIndex.names = new Map();
    for (const a of elementsByTag(doc, 'a')) {
      const name = a.getAttribute('name');
      if (name !== null && !liveIndex.names.has(name)) liveIndex.names.set(name, a);
    }
  }
  return liveIndex.names.get(id) ?? null;
}

/** The fragments the live page's links point at, in document order. */
function linkedFragments(live: Document): string[] {
  const index: LiveIndex = liveIndex?.doc === live ? liveIndex : { doc: live, idLookups: 0 };
  if (!index.fragments) {
    index.fragments = [];
    for (const a of elementsByTag(live, 'a')) {
      const href = a.getAttribute('href') ?? '';
      const hash = href.indexOf('#');
      if (hash >= 0) index.fragments.push(href.slice(hash + 1));
    }
  }
  return index.fragments;
}

/**
 * The addresses that mean this page: its URL, its canonical and `og:url` addresses (a saved
 * page links to itself by those), and any other address whose every fragment link (two or
 * more) names an element of this page (arXiv's HTML papers cite `https://arxiv.org/html/…#bib.bib2`).
 */
export function pageAddresses(article: Element, live: Document, pageUrl: string): Set<string> {
  const own = new Set([sameDocument(pageUrl)]);
  for (const el of Array.from(
    // The head only: the selector would otherwise walk the whole page.
    live.head?.querySelectorAll('link[rel="canonical"][href], meta[property="og:url"][content]') ??
      [],
  )) {
    const address = el.getAttribute('href') ?? el.getAttribute('content') ?? '';
    if (/^https?:/i.test(address)) own.add(sameDocument(address));
  }
  const tally = new Map<string, { links: number; found: number }>();
  for (const a of Array.from(article.querySelectorAll('a[href*="#"]'))) {
    const href = a.getAttribute('href') ?? '';
    const hash = href.indexOf('#');
    if (hash <= 0 || !/^https?:/i.test(href)) continue;
    const base = sameDocument(href.slice(0, hash));
    if (own.has(base)) continue;
    const counts = tally.get(base) ?? { links: 0, found: 0 };
    counts.links++;
    if (byIdOrName(live, fragmentOf(href, hash))) counts.found++;
    tally.set(base, counts);
  }
  for (const [base, { links, found }] of tally) if (links >= 2 && found === links) own.add(base);
  return own;
}

function fragmentOf(href: string, hash: number): string {
  try {
    return decodeURIComponent(href.slice(hash + 1));
  } catch {
    return href.slice(hash + 1);
  }
}

/** The fragment a link points at on this page (a `javascript:` link names it in `onclick`). */
export function targetId(a: Element, thisPage: Set<string>): string | null {
  const href = a.getAttribute('href') ?? '';
  if (/^javascript:/i.test(href)) {
    // Wikidot: `onclick="…scrollToReference('footnote-1')"`.
    const named = /\(\s*['"]([\w.:-]+)['"]\s*\)/.exec(a.getAttribute('onclick') ?? '');
    return named?.[1] ?? null;
  }
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return null;
  const before = href.slice(0, hash);
  if (before && !thisPage.has(before) && !thisPage.has(sameDocument(before))) return null;
  return fragmentOf(href, hash);
}

/**
 * Word's HTML export can lose the definitions' anchors (`#_ftn1` leads nowhere); the
 * definition still starts with its backlink to `#_ftnref1`, the same id with "ref" in it.
 */
export function backlinkLocator(live: Document, id: string): Locate | null {
  if (!NOTE_ID.test(id)) return null;
  for (const fragment of linkedFragments(live)) {
    if (fragment !== id && fragment.replace(/[-_]?ref/i, '') === id) {
      const selector = `a[href$=${cssString(`#${fragment}`)}]`;
      return (doc) => doc.querySelector(selector);
    }
  }
  return null;
}
