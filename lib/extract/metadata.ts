import { fullHeadline, norm } from './headline';

/**
 * Page metadata read from the snapshot's head and JSON-LD: the fallbacks for what
 * Readability does not report, and the only source for bookmark, selection and full-page
 * clips. Also title cleaning and the word count.
 */

export interface PageMetadata {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  published: string | null;
  excerpt: string | null;
  lang: string | null;
  /** The page's own headlines, best first: JSON-LD `headline`, `og:title`, its `<h1>`s. */
  headlines: string[];
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
function pageHeadings(doc: Document): string[] {
  const out: string[] = [];
  for (const h1 of Array.from(doc.getElementsByTagName('h1')).slice(0, 3)) {
    // A permalink sign the heading ends with is not part of it ("History¶").
    const text = clean(h1.textContent).replace(/\s*[#¶§🔗]+$/u, '');
    if (text && text.length <= 300) out.push(text);
  }
  return out;
}

export function readMetadata(doc: Document): PageMetadata {
  const m = metaMap(doc);
  const ld = jsonLdObjects(doc).find((o) => ARTICLE_TYPES.test(String(o['@type'] ?? ''))) ?? null;
  const ldDate = ld && typeof ld.datePublished === 'string' ? ld.datePublished : null;
  const lang =
    doc.documentElement.getAttribute('lang')?.trim() ||
    meta(m, 'og:locale', 'language', 'content-language');
  return {
    title: meta(m, 'og:title', 'twitter:title') ?? (clean(doc.title) || null),
    byline:
      meta(m, 'author', 'article:author', 'parsely-author', 'sailthru.author', 'dc.creator') ??
      (ld ? nameOf(ld.author) : null),
    siteName: meta(m, 'og:site_name', 'application-name') ?? (ld ? nameOf(ld.publisher) : null),
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
    lang: lang ? lang.replace('_', '-') : null,
    headlines: [
      ld && typeof ld.headline === 'string' ? clean(ld.headline) : '',
      clean(meta(m, 'og:title', 'twitter:title')),
      ...pageHeadings(doc),
    ].filter(Boolean),
  };
}

export function clean(s: string | null | undefined): string {
  return (s ?? '').replace(/\s+/g, ' ').trim();
}

const SEPARATOR = /\s+[|\-–—:•·»]\s+/g;
// A tail this short can be a site's name; a longer one is a headline's second half.
const MAX_SITE_WORDS = 4;
const MAX_SITE_CHARS = 40;
// Host labels that say what kind of site it is, not which.
const GENERIC_LABELS = new Set(['www', 'com', 'org', 'net', 'gov', 'edu']);

/**
 * Whether a title's short tail names the site in words: one of its words, or a run of them,
 * spells a label of the host ("Bohnenviertel - Stadt Stuttgart" on stuttgart.de, "… - Python
 * Wiki" on wiki.python.org, "… - brand eins online" on brandeins.de). A word that merely
 * contains the host is the site's address in a headline ("… auf Gipfelbuch.ch"), not its name.
 */
function namesHost(tail: string, host: string): boolean {
  const words = tail.split(/\s+/).filter(Boolean);
  if (!words.length || words.length > MAX_SITE_WORDS || tail.length > MAX_SITE_CHARS) return false;
  const labels = new Set(
    host
      .split('.')
      .slice(0, -1)
      .map(norm)
      .filter((l) => l.length >= 3 && !GENERIC_LABELS.has(l)),
  );
  for (let i = 0; i < words.length; i++) {
    let run = '';
    for (let j = i; j < words.length; j++) {
      run += norm(words[j]!);
      if (labels.has(run)) return true;
    }
  }
  return false;
}

/**
 * Removes a site-name prefix or suffix ("Title | Site", "Site: Title") only when that part
 * matches the site name or the host, so a real colon or dash in a headline stays.
 */
export function cleanTitle(title: string, siteName: string | null, url: string): string {
  const t = clean(title);
  let host = '';
  try {
    host = new URL(url).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    // not a URL: no host to compare with
  }
  const site = siteName ? norm(siteName) : '';
  const hostCore = norm(host.split('.').slice(0, -1).join('.') || host);
  const isSite = (part: string): boolean => {
    const p = norm(part);
    return (
      !!p &&
      (p === site ||
        p === norm(host) ||
        p === hostCore ||
        (site.length > 3 && p.includes(site) && p.length <= site.length + 6))
    );
  };
  const seps = [...t.matchAll(SEPARATOR)];
  const lastSep = seps[seps.length - 1];
  const firstSep = seps[0];
  if (!lastSep || !firstSep) return t;
  const suffix = t.slice(lastSep.index + lastSep[0].length);
  if (isSite(suffix) || namesHost(suffix, host)) {
    const rest = clean(t.slice(0, lastSep.index));
    if (rest) return rest;
  }
  if (isSite(t.slice(0, firstSep.index))) {
    const rest = clean(t.slice(firstSep.index + firstSep[0].length));
    if (rest) return rest;
  }
  return t;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/** Words in text; CJK characters count one each (those scripts do not separate words). */
export function countWords(text: string): number {
  let cjk = 0;
  const rest = text.replace(CJK, () => {
    cjk++;
    return ' ';
  });
  let words = 0;
  for (const _ of rest.matchAll(WORD)) words++;
  return cjk + words;
}

/** Normalizes a published date: ISO strings are kept as written, other parseable dates become ISO. */
export function normalizeDate(raw: string | null): string | null {
  const v = clean(raw);
  if (!v) return null;
  if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return v;
  const t = Date.parse(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

const MONTH =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
// Where a date or counter starts: any digit (names do not hold digits), or an English month
// written before its day and year ("March 25, 2015", "Jan 2020"). The month needs a day with
// a comma or a year after it, so a name such as "April Jones" or "Theresa May" stays whole.
const DATE_START = new RegExp(
  `\\d|\\b(?:${MONTH})\\.?\\s+(?:\\d{1,2}(?:st|nd|rd|th)?,|\\d{1,2}(?:st|nd|rd|th)?\\s+\\d{4}|\\d{4})`,
  'i',
);
// Labels that end no name, left at the end when the date they introduce sat in another
// element ("Posted on", "Veröffentlicht am", "Article by", "Datum:"), in English, German
// and French.
const LABEL =
  '(?:(?:last\\s)?(?:updated|modified)|published|posted|veröffentlicht|publiziert|aktualisiert|geschrieben|publié)(?:\\s(?:on|at|am|um|le))?|(?:article|story|words|text)\\sby|by|von|par|date|datum';
// Words that only go with a date once one was removed: a name can end with them ("Joe
// Friday"). Not the French "le", a common surname ("Minh Le").
const DATE_WORD =
  'on|at|am|um|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:mon|diens|donners|frei|sams|sonn)tag|mittwoch';
// One separator character or word per repetition, so the repetition cannot backtrack over a
// long run of separators.
const SEP = '[\\s,;:|·•–—-]';
const LABEL_TAIL = new RegExp(`(?:${SEP}|\\b(?:${LABEL})\\b)+$`, 'i');
const DATE_TAIL = new RegExp(`(?:${SEP}|\\b(?:${LABEL}|${DATE_WORD})\\b)+$`, 'i');

// What a page prints in front of the name ("Autor: Petra Ruland", "Artikel von: hausinfo",
// "Zeige alle Beiträge von Simon Dückert →", "About the Author - Jane Doe", "Text und
// Interview: Jane Doe"), in English, German, French and Spanish. Not "de": it starts names;
// "Author", "Text" and "Interview" only before a colon or a spaced dash, as they start
// names too ("Interview Magazine", a handle "author-one").
const LEAD_LABEL =
  /^(?:(?:zeige )?alle beitr[äa]ge von|view all posts by|about the author|[üu]ber (?:den|die) autor(?:in)?|(?:ein )?(?:artikel|beitrag|text|fotos?|interview|written|posted|geschrieben|verfasst)\s+(?:von|by)|von|par|por)(?:\s*:\s*|\s+[–—-]\s+|\s+)(?=\p{L})|^(?:autor(?:in)?|author|text(?: und (?:interview|fotos?))?|interview)(?:\s*:\s*|\s+[–—-]\s+)/iu;
// Placeholders a theme prints where no author is set.
const NO_AUTHOR = /^(?:no author|unknown author|alle beitr[äa]ge|all posts)$/i;

/**
 * Readability's byline, or the metadata author, as a name: without the "By" prefix and
 * without a date, time or counter the page prints next to the name ("By Jane Doe\n March 25,
 * 2015", "Lucas Nolan22 Dec 2016651"). Null for what is not a name at all: link labels
 * ("Follow Author"), URLs, placeholders, and a date alone ("Last Updated: January 7, 2025"),
 * so the caller falls back to the metadata's author.
 */
export function cleanByline(raw: string | null): string | null {
  let v = clean(raw).replace(/^by[:\s]+/i, '');
  // After a separator the page's markup left in front ("| Autor: Jane Doe"); twice, for
  // "Autor: von Jane Doe".
  v = v.replace(/^[\s,;|·•–—-]+/, '');
  for (let i = 0; i < 2; i++) v = v.replace(LEAD_LABEL, '');
  v = v.replace(/\s*[→»›]+$/, '');
  if (NO_AUTHOR.test(v)) return null;
  // A name with its date is short (Readability keeps bylines under 100 characters); longer
  // text is a blurb, and the searches below are quadratic in the length.
  if (v.length > 200) return null;
  // Link labels that Readability sometimes takes for a byline.
  if (/^(?:more (?:by|from)|follow|view all|see all|all posts|posts by|written by\s*$)/i.test(v))
    return null;
  const date = DATE_START.exec(v);
  if (date) {
    // The name after the date when none comes before it ("Posted on May 2, 2020 by Jane Doe").
    const after = /\b(?:by|von|par)\s+(\p{L}[^\d|·•,;:]*)/iu.exec(v.slice(date.index));
    v = v.slice(0, date.index).replace(DATE_TAIL, '') || (after?.[1] ?? '');
  }
  v = v.replace(LABEL_TAIL, '');
  // A separator the page's markup left in front ("| Jane Doe"), or the author's home page
  // printed after the name ("Jane Doe - https://jane.example/").
  v = v.replace(/^[\s,;|·•–—-]+/, '').replace(/\s+[-|–—]\s+https?:\/\/\S+$/i, '');
  // No letter at all: a placeholder (". .") or a stray counter.
  if (!/\p{L}/u.test(v) || /^https?:\/\//i.test(v) || v.length > 100) return null;
  return v;
}

/**
 * The clip's title: Readability's, else the page's metadata, else its first `<h1>` (read
 * lazily from the live page); then cleaned of site-name decorations and completed from the
 * page's own headlines (headline.ts). A page with none of
 * these has no title: '' (as Readability reports it), not an invented one such as the host;
 * the consumers that need a label fall back to the URL themselves (menus.ts `pageTitle`).
 */
export function chooseTitle(
  articleTitle: string | null,
  metaTitle: string | null,
  firstHeading: () => Element | null,
  siteName: string | null,
  url: string,
  headlines: readonly string[] = [],
): string {
  const raw = clean(articleTitle) || clean(metaTitle) || clean(firstHeading()?.textContent);
  if (!raw) return raw;
  const title = cleanTitle(raw, siteName, url);
  return fullHeadline(
    title,
    headlines.map((h) => cleanTitle(h, siteName, url)),
  );
}

/** The clip's author: Readability's byline when it looks like a name, else the metadata's. */
export function chooseByline(
  articleByline: string | null,
  metaByline: string | null,
): string | null {
  return cleanByline(articleByline) ?? cleanByline(metaByline);
}
