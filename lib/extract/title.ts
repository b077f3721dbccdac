import { fullHeadline, norm, SEPARATOR_SIGNS } from './headline';
import { clean } from './metadata';
import { withoutPortalTail } from './portal-tail';
import { siteOf, tryUrl } from './urls';

/**
 * The clip's title: chosen from Readability's, the metadata's and the first heading, without
 * the site's name around the headline, completed from the page's own headlines.
 */

const SEPARATOR = new RegExp(`\\s+[${SEPARATOR_SIGNS}]\\s+`, 'g');
// A bar left at the end once the site's name was not filled in ("Post |"); never a dash or a
// guillemet, which can be the title's own ("git switch -", "« Les privatisations … »").
const DANGLING_SEPARATOR = /\s+[|•·│ǀ]+$/;
// A part that names nothing: signs only (a rating's "☆☆☆☆☆"), or a date alone ("08.11.2021 |
// Post", "Post | 23.05.2011").
const NO_WORDS = /^[^\p{L}\p{N}]*$/u;
const DATE_ONLY =
  /^(?:\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})$/;
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
  return hostWords(tail, host) > 0;
}

/** How many of the words of `tail` (a few, short) spell a label of the host; 0 when none do. */
function hostWords(tail: string, host: string): number {
  // "Krimiblog-Archiv" holds the label "krimiblog" as a word of its own.
  const words = tail.split(/[\s-]+/).filter(Boolean);
  if (!words.length || words.length > MAX_SITE_WORDS || tail.length > MAX_SITE_CHARS) return 0;
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
      if (labels.has(run)) return j - i + 1;
    }
  }
  return 0;
}

/**
 * Whether a whole title is the site's name: the name or host itself, or mostly words that
 * spell the host ("Four Years Remaining" on fouryears.eu, "ICON Magazine" on iconmagazine.de;
 * not "SibenLab privacy policy", which names a page of the site).
 */
function isSiteName(title: string, isSite: (part: string) => boolean, host: string): boolean {
  if (isSite(title)) return true;
  const words = title.split(/[\s-]+/).filter(Boolean).length;
  return hostWords(title, host) * 2 >= words;
}

// WordPress's old default title, "Site » Blog Archive » Post": the words name no page.
const BLOG_ARCHIVE = /^blog ?archiv(?:e)?$/;

/** The page's host without `www.`, in lower case; '' when `url` is not a URL. */
export function siteHost(url: string): string {
  const parsed = tryUrl(url);
  return parsed ? siteOf(parsed) : '';
}

/**
 * Whether a part of a title is the site rather than the page: the site's name or host, a
 * WordPress "Blog Archive", or a part that names nothing (a rating's stars, a date alone).
 */
function siteMatcher(siteName: string | null, url: string): (part: string) => boolean {
  const host = siteHost(url);
  const site = siteName ? norm(siteName) : '';
  const hostCore = norm(host.split('.').slice(0, -1).join('.') || host);
  return (part) => {
    const p = norm(part);
    const words = clean(part);
    if (words && (NO_WORDS.test(words) || DATE_ONLY.test(words))) return true;
    return (
      !!p &&
      (BLOG_ARCHIVE.test(words.toLowerCase()) ||
        p === site ||
        p === norm(host) ||
        p === hostCore ||
        (site.length > 3 && p.includes(site) && p.length <= site.length + 6))
    );
  };
}

// Separators written without spaces, as Chinese and Japanese titles join their parts
// ("NEWS WEB EASY|子ども…"), fullwidth forms and the underscore among them. Not a hyphen: it
// joins a site's name into a compound ("GdP-Vize", "adac-kindersitztest").
const GLUED_SEPARATOR = /[|｜_–—：•·»›│]/g;

/**
 * The title without the declared site name (`og:site_name`, JSON-LD's publisher) joined to its
 * start or end with no spaces around the separator. Without a declared name a glued part
 * stays: it may be the title's own ("Spider-Man", "2020-21").
 */
function withoutGluedSite(title: string, siteName: string | null): string {
  const site = siteName ? norm(siteName) : '';
  if (!site) return title;
  for (const sep of title.matchAll(GLUED_SEPARATOR)) {
    // Spaced separators are cleanTitle's, with its own rules for a repeated site name.
    if (/\s/.test(title[sep.index - 1] ?? ' ') || /\s/.test(title[sep.index + 1] ?? ' ')) continue;
    const before = title.slice(0, sep.index).trim();
    const after = title.slice(sep.index + 1).trim();
    if (norm(before) === site && norm(after)) return after;
    if (norm(after) === site && norm(before)) return before;
  }
  return title;
}

/**
 * Removes a site-name prefix or suffix ("Title | Site", "Site: Title") only when that part
 * matches the site name or the host, so a real colon or dash in a headline stays. A part after
 * the headline that is the site takes the site's slogan after it too ("Post – LimeSpace – IT",
 * "Post : Krimiblog-Archiv | Ermittlungen zum Verfall eines Genres | Gegründet 2005").
 */
export function cleanTitle(title: string, siteName: string | null, url: string): string {
  const t = withoutGluedSite(
    withoutPortalTail(clean(title).replace(DANGLING_SEPARATOR, '')),
    siteName,
  );
  const host = siteHost(url);
  const isSite = siteMatcher(siteName, url);
  const seps = [...t.matchAll(SEPARATOR)];
  // The headline starts after the leading parts that are the site ("Site » Blog Archive »
  // Post"), unless every part is (a site name that repeats the headline, "Post | Site" with
  // og:site_name "Post").
  let start = 0;
  for (const sep of seps) {
    if (!isSite(t.slice(start, sep.index))) break;
    start = sep.index + sep[0].length;
  }
  // Whatever stands before "Blog Archive" is the site, whether or not it is named so.
  for (let i = 0; i + 1 < seps.length; i++) {
    const end = seps[i + 1]!;
    const after = seps[i]!.index + seps[i]![0].length;
    if (BLOG_ARCHIVE.test(clean(t.slice(after, end.index)).toLowerCase()))
      start = Math.max(start, end.index + end[0].length);
  }
  if (isSite(t.slice(start))) start = 0;
  // It ends before the first part after it that is the site.
  for (let i = 0; i < seps.length; i++) {
    const sep = seps[i]!;
    if (sep.index < start) continue;
    const part = t.slice(sep.index + sep[0].length, seps[i + 1]?.index ?? t.length);
    if ((isSite(part) || namesHost(part, host)) && clean(t.slice(start, sep.index)))
      return clean(t.slice(start, sep.index));
  }
  return clean(t.slice(start)) || t;
}

/**
 * Readability's title, unless it is one word that neither the head's title nor the first
 * heading shows: Readability prefers JSON-LD's `headline` or `name`, which some publishing
 * systems fill with an id ("d-161500790") or their own name ("escenic"), and a `<title>` can
 * name only the section ("Aktuelles") where `og:title` names the page.
 */
function shownTitle(
  articleTitle: string,
  metaTitle: string | null,
  firstHeading: () => Element | null,
): string {
  if (!articleTitle || /\s/.test(articleTitle)) return articleTitle;
  const word = norm(articleTitle);
  const shows = (text: string | null | undefined) => !!text && norm(text).includes(word);
  return !word || shows(metaTitle) || shows(firstHeading()?.textContent) ? articleTitle : '';
}

/** What the page offers as its title, for `chooseTitle`. */
export interface TitleSources {
  /** Readability's title. */
  article: string | null;
  /** The head's title (metadata.ts). */
  meta: string | null;
  /** The page's first `<h1>`, read only when needed (from the live page or its capture). */
  firstHeading: () => Element | null;
  /** The page's headlines (metadata.ts `headlines`), which may complete a shortened title. */
  headlines?: readonly string[];
  /** Those of them that surely name the page (metadata.ts `ownHeadlines`); `headlines` if unset. */
  ownHeadlines?: readonly string[];
}

/**
 * The clip's title: Readability's, else the page's metadata, else its first `<h1>`; then
 * cleaned of site-name decorations (`siteName`, `url`'s host) and completed from the page's own
 * headlines (headline.ts). A title that is only the site's name gives way to the first of
 * `ownHeadlines` that is not. A page with none of these has no title: '' (as Readability
 * reports it), not an invented one such as the host; the consumers that need a label fall back
 * to the URL themselves (menus.ts `pageTitle`).
 */
export function chooseTitle(sources: TitleSources, siteName: string | null, url: string): string {
  const { article: articleTitle, meta: metaTitle, firstHeading } = sources;
  const headlines = sources.headlines ?? [];
  const ownHeadlines = sources.ownHeadlines ?? headlines;
  const raw =
    shownTitle(clean(articleTitle), metaTitle, firstHeading) ||
    clean(metaTitle) ||
    clean(firstHeading()?.textContent);
  if (!raw) return raw;
  const title = cleanTitle(raw, siteName, url);
  // A title that is only the site's name ("ICON Magazine" on iconmagazine.de, "Four Years
  // Remaining" on fouryears.eu, an og:title equal to og:site_name) names no page: the page's
  // own headline does.
  const isSite = siteMatcher(siteName, url);
  const host = siteHost(url);
  const namesOnlySite = (t: string) => isSiteName(t, isSite, host);
  if (namesOnlySite(title)) {
    // The head's title first: Readability shortens "Site » Blog Archive » Post" to its start.
    for (const own of [clean(metaTitle), ...ownHeadlines]) {
      const headline = cleanTitle(own, siteName, url);
      if (headline && !namesOnlySite(headline)) return headline;
    }
  }
  return fullHeadline(
    title,
    headlines.map((h) => cleanTitle(h, siteName, url)),
  );
}
