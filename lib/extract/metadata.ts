import { decodeEntities, htmlText } from './dom';
import { declaredAuthorNotes } from './declared-author-notes';
import { readRecipe, type Recipe } from './recipe-card';

/**
 * Page metadata read from the snapshot's head and JSON-LD: the fallbacks for what
 * Readability does not report, and the only source for bookmark, selection and full-page
 * clips. Also the word count and date normalising; the title and the author are chosen in
 * title.ts and byline.ts.
 */

export interface PageMetadata {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  published: string | null;
  excerpt: string | null;
  /** The recipe the page declares in JSON-LD (recipe-card.ts). */
  recipe: Recipe | null;
  lang: string | null;
  /** The page's own headlines, best first: JSON-LD `headline`, `og:title`, its `<h1>`s. */
  headlines: string[];
  /**
   * The headlines that name the page for sure: JSON-LD's, `og:title`, and an `<h1>` only when
   * it is the page's one (several are a template's headings: "Sections", a grid of cards).
   */
  ownHeadlines: string[];
  /** The notes about the article's authors the JSON-LD declares (declared-author-notes.ts). */
  authorNotes: string[];
}

type MetaMap = Map<string, string>;

/** All `<meta>` values by lowercased property / name / itemprop (first one wins), in one pass. */
function metaMap(doc: Document): MetaMap {
  const map: MetaMap = new Map();
  for (const el of Array.from(doc.getElementsByTagName('meta'))) {
    const content = el.getAttribute('content')?.trim();
    if (!content) continue;
    for (const attr of ['property', 'name', 'itemprop']) {
      const key = el.getAttribute(attr)?.trim().toLowerCase();
      if (key && !map.has(key)) map.set(key, content);
    }
  }
  return map;
}

function meta(map: MetaMap, ...keys: string[]): string | null {
  for (const key of keys) {
    const v = map.get(key.toLowerCase());
    if (v) return v;
  }
  return null;
}

type Json = Record<string, unknown>;

export function jsonLdObjects(doc: Document): Json[] {
  const out: Json[] = [];
  for (const script of Array.from(doc.getElementsByTagName('script'))) {
    if ((script.getAttribute('type') ?? '').toLowerCase() !== 'application/ld+json') continue;
    const text = script.textContent ?? '';
    if (text.length > 500_000) continue;
    let data: unknown;
    try {
      data = JSON.parse(text.replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, ''));
    } catch {
      continue;
    }
    const queue: unknown[] = [data];
    while (queue.length && out.length < 50) {
      const item = queue.shift();
      if (Array.isArray(item)) queue.push(...item);
      else if (item && typeof item === 'object') {
        out.push(item as Json);
        const graph = (item as Json)['@graph'];
        if (Array.isArray(graph)) queue.push(...graph);
      }
    }
  }
  return out;
}

function nameOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    const names = value.map(nameOf).filter((s): s is string => !!s);
    return names.length ? names.join(', ') : null;
  }
  if (value && typeof value === 'object') return nameOf((value as Json).name);
  return null;
}

const ARTICLE_TYPES = /Article|BlogPosting|NewsArticle|Report|WebPage|Posting|Review/;

/** The first `<time datetime>` (only looked up when no meta tag or JSON-LD gives a date). */
function firstTimeDatetime(doc: Document): string | null {
  for (const time of Array.from(doc.getElementsByTagName('time'))) {
    const v = time.getAttribute('datetime')?.trim();
    if (v) return v;
  }
  return null;
}

/** The first few `<h1>`s, not one that is only a link home or a logo. */
function pageHeadings(h1s: readonly Element[]): string[] {
  const out: string[] = [];
  for (const h1 of h1s.slice(0, 3)) {
    // A permalink sign the heading ends with is not part of it ("History¶").
    const text = clean(h1.textContent).replace(/\s*[#¶§🔗]+$/u, '');
    if (text && text.length <= 300) out.push(text);
  }
  return out;
}

export function readMetadata(doc: Document): PageMetadata {
  const m = metaMap(doc);
  const objects = jsonLdObjects(doc);
  const ld = objects.find((o) => ARTICLE_TYPES.test(String(o['@type'] ?? ''))) ?? null;
  const ldDate = ld && typeof ld.datePublished === 'string' ? ld.datePublished : null;
  const declared = [
    ld && typeof ld.headline === 'string' ? clean(decodeEntities(doc, ld.headline)) : '',
    clean(meta(m, 'og:title', 'twitter:title')),
  ];
  const h1s = Array.from(doc.getElementsByTagName('h1'));
  const headings = pageHeadings(h1s);
  const lang =
    doc.documentElement.getAttribute('lang')?.trim() ||
    meta(m, 'og:locale', 'language', 'content-language');
  return {
    title: meta(m, 'og:title', 'twitter:title') ?? (clean(doc.title) || null),
    byline:
      meta(m, 'author', 'article:author', 'parsely-author', 'sailthru.author', 'dc.creator') ??
      (ld ? htmlText(doc, nameOf(ld.author)) : null),
    siteName:
      meta(m, 'og:site_name', 'application-name') ??
      (ld ? htmlText(doc, nameOf(ld.publisher)) : null),
    published:
      meta(
        m,
        'article:published_time',
        'og:article:published_time',
        'datePublished',
        'parsely-pub-date',
        'sailthru.date',
        'dc.date',
        'dc.date.issued',
        'date',
      ) ??
      ldDate ??
      firstTimeDatetime(doc),
    excerpt: meta(m, 'description', 'og:description', 'twitter:description'),
    recipe: readRecipe(doc, objects),
    lang: lang ? lang.replace('_', '-') : null,
    headlines: [...declared, ...headings].filter(Boolean),
    ownHeadlines: [...declared, ...(h1s.length === 1 ? headings : [])].filter(Boolean),
    authorNotes: declaredAuthorNotes(doc, ld, objects),
  };
}

export function clean(s: string | null | undefined): string {
  return (s ?? '').replace(/\s+/g, ' ').trim();
}

/** Normalizes a published date: ISO strings are kept as written, other parseable dates become ISO. */
export function normalizeDate(raw: string | null): string | null {
  const v = clean(raw);
  if (!v) return null;
  if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return v;
  const t = Date.parse(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}
