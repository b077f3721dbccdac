/**
 * The page's full headline. Readability takes its title from `<title>`, which often shortens
 * the headline ("Outside the web: standalone…" becomes "standalone…" after the colon) or keeps
 * a site name no metadata names ("Mozilla - Wikipedia"). The page's own headlines (its `<h1>`,
 * `og:title`, JSON-LD `headline`) say which part is the article's: one that extends the title,
 * or that the title repeats with a short tail after a separator, is the full headline.
 */

/**
 * The signs that join a title's parts when spaced on both sides ("Post | Site", "Post › Site");
 * "ǀ" (a click letter) and "│" (a box-drawing line) stand in for a bar on some sites. For a
 * character class.
 */
export const SEPARATOR_SIGNS = '|\\-–—:•·»›«‹│ǀ';
// A headline also splits at a slash between spaces ("Politik / Story") and at a colon.
const SEPARATOR = new RegExp(`\\s+[${SEPARATOR_SIGNS}/]\\s+|:\\s+`, 'g');
// A separator-joined tail that can be a site name: a few words, not a sentence.
const MAX_SITE_WORDS = 4;
const MAX_SITE_CHARS = 40;
// A heading much longer than the title is a paragraph styled as a heading, not a headline.
const MAX_GROWTH = 3;

/** Lower case, letters and digits only: how titles, headlines and site names are compared. */
export function norm(s: string): string {
  // Accents folded: "Nestlé Marktplatz" is the site at nestle-marktplatz.de.
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The title without its last separator-joined part when that part is short enough to be a site. */
function withoutShortTail(title: string): string | null {
  const seps = [...title.matchAll(SEPARATOR)];
  const last = seps[seps.length - 1];
  if (!last) return null;
  const tail = title.slice(last.index + last[0].length).trim();
  if (!tail || tail.length > MAX_SITE_CHARS || tail.split(/\s+/).length > MAX_SITE_WORDS) {
    return null;
  }
  return title.slice(0, last.index).trim() || null;
}

/**
 * Whether `headline` is `title` with a part joined at a separator: a kicker before it
 * ("Outside the web: …") or a subtitle after it, but not a short tail such as a site name.
 */
function extendsAtSeparator(headline: string, whole: string): boolean {
  for (const sep of headline.matchAll(SEPARATOR)) {
    const before = headline.slice(0, sep.index);
    const after = headline.slice(sep.index + sep[0].length);
    if (norm(after) === whole && norm(before)) return true;
    if (norm(before) === whole && !withoutShortTail(headline)?.startsWith(before)) return true;
  }
  return false;
}

/**
 * `title` (already cleaned of known site names) replaced by the first of `headlines` that
 * extends it at a separator, or that holds all of it but a short tail it does not repeat.
 */
export function fullHeadline(title: string, headlines: readonly string[]): string {
  const whole = norm(title);
  if (!whole) return title;
  const core = withoutShortTail(title);
  const coreNorm = core ? norm(core) : '';
  const tailNorm = core ? norm(title.slice(core.length)) : '';
  for (const raw of headlines) {
    const headline = raw.replace(/\s+/g, ' ').trim();
    const h = norm(headline);
    if (!h || h === whole || h.length > MAX_GROWTH * Math.max(whole.length, 20)) continue;
    if (extendsAtSeparator(headline, whole)) return headline;
    // The title's short tail is not part of the headline: a site name ("Mozilla - Wikipedia").
    if (coreNorm && h.endsWith(coreNorm) && !h.includes(tailNorm)) {
      const lead = h.slice(0, h.length - coreNorm.length);
      if (!lead || extendsAtSeparator(headline, coreNorm)) return headline;
    }
  }
  return title;
}
