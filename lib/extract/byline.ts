import { norm } from './headline';
import { clean } from './metadata';
import { siteHost } from './title';

/** The clip's author, as a name: what the page prints around it taken off. */

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
// element ("Posted on", "Veröffentlicht am", "Article by", "Datum:", "Publicado hace"), in
// English, German, French and Spanish, and an author box's "Alle Artikel" link.
const LABEL =
  '(?:(?:last\\s)?(?:updated|modified)|published|posted|veröffentlicht|publiziert|aktualisiert|geschrieben|publié|publicado)(?:\\s(?:on|at|am|um|le|hace))?|(?:article|story|words|text)\\sby|by|von|par|date|datum|hace|alle\\s(?:artikel|beitr[äa]ge)|all\\s(?:articles|posts)';
// Words that only go with a date once one was removed: a name can end with them ("Joe
// Friday"). Not the French "le", a common surname ("Minh Le").
const DATE_WORD =
  'on|at|am|um|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:mon|diens|donners|frei|sams|sonn)tag|mittwoch';
// One separator character or word per repetition, so the repetition cannot backtrack over a
// long run of separators.
const SEP = '[\\s,;:|·•–—-]';
// A weekday written short before the date, with its comma ("Jane Doe Fr, 18. Oktober 2019");
// without the comma it may end a name ("Minh Do").
const SHORT_WEEKDAY = /\b(?:mo|di|mi|do|fr|sa|so|mon|tue|wed|thu|fri|sat|sun)\.?,\s*$/i;
const LABEL_TAIL = new RegExp(`(?:${SEP}|\\b(?:${LABEL})\\b)+$`, 'i');
const DATE_TAIL = new RegExp(`(?:${SEP}|\\b(?:${LABEL}|${DATE_WORD})\\b)+$`, 'i');

// What a page prints in front of the name ("Autor: Petra Ruland", "Artikel von: hausinfo",
// "Zeige alle Beiträge von Simon Dückert →", "About the Author - Jane Doe", "Text und
// Interview: Jane Doe"), in English, German, French and Spanish. Not "de": it starts names;
// "Author", "Text" and "Interview" only before a colon or a spaced dash, as they start
// names too ("Interview Magazine", a handle "author-one").
const LEAD_LABEL =
  /^(?:(?:zeige )?alle beitr[äa]ge von|view all posts by|about the author|[üu]ber (?:den|die) autor(?:in)?|(?:ein )?(?:artikel|beitrag|text|fotos?|interview|written|posted|geschrieben|verfasst|erstellt)\s+(?:von|by)|von|par|por)(?:\s*:\s*|\s+[–—-]\s+|\s+)(?=\p{L})|^(?:autor(?:in)?|author|text(?: und (?:interview|fotos?))?|interview)(?:\s*:\s*|\s+[–—-]\s+)/iu;
// Placeholders a theme prints where no author is set, and the account a site was set up with
// ("admin", "wordpressadmin"): names of no one.
const NO_AUTHOR =
  /^(?:no author|unknown author|alle beitr[äa]ge|all posts|[a-z]*admin|administrator|webmaster)$/i;
// A comment form's field label, which Readability takes for a byline by its "author" class.
const FORM_LABEL = /\((?:required|erforderlich|obligatoire|obligatorio|requis)\)/i;

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
  if (NO_AUTHOR.test(v) || FORM_LABEL.test(v)) return null;
  // A name with its date is short (Readability keeps bylines under 100 characters); longer
  // text is a blurb, and the searches below are quadratic in the length.
  if (v.length > 200) return null;
  // Link labels that Readability sometimes takes for a byline.
  if (
    /^(?:more (?:by|from)|follow|view all|see all|all posts|posts by|written by\s*$)/i.test(v) ||
    // "Archiv anzeigen", "Profil ansehen": an author box's link to the author's page.
    /\s(?:anzeigen|ansehen)$/i.test(v)
  )
    return null;
  const date = DATE_START.exec(v);
  if (date) {
    // The name after the date when none comes before it ("Posted on May 2, 2020 by Jane Doe").
    const after = /\b(?:by|von|par)\s+(\p{L}[^\d|·•,;:]*)/iu.exec(v.slice(date.index));
    v =
      v
        .slice(0, date.index)
        .replace(SHORT_WEEKDAY, '')
        .replace(DATE_TAIL, '')
        // French "le" and Spanish "el" before a date, in lower case: the surname is "Le".
        .replace(/\s(?:le|el)$/, '') ||
      (after?.[1] ?? '');
  }
  v = v.replace(LABEL_TAIL, '');
  // A separator the page's markup left in front ("| Jane Doe"), or the author's home page
  // printed after the name ("Jane Doe - https://jane.example/").
  v = v.replace(/^[\s,;|·•–—-]+/, '').replace(/\s+[-|–—]\s+https?:\/\/\S+$/i, '');
  // No letter at all: a placeholder (". .") or a stray counter.
  if (!/\p{L}/u.test(v) || /^https?:\/\//i.test(v) || v.length > 100 || NO_AUTHOR.test(v))
    return null;
  return v;
}

/**
 * Whether an author is the site's own name ("National Geographic" beside og:site_name
 * "National Geographic"): a publication's meta tag names itself where the page prints the
 * writer. A blog named after its author is such a case too, so the name is only passed over
 * for one the page's markup gives.
 */
export function namesSite(byline: string, siteName: string | null): boolean {
  if (!siteName) return false;
  const b = norm(byline);
  const s = norm(siteName);
  // The name with a short label around it ("GESE - La Estrella de Panamá"), not a list of
  // people that ends with the company ("Sebastian Held, Daniel Hentschel ebrosia").
  return (
    !!b &&
    (b === s ||
      (b.length > 3 && s.includes(b)) ||
      (s.length > 3 && b.includes(s) && b.length <= s.length + 8))
  );
}

/**
 * The clip's author: the first of `candidates` (Readability's byline, the metadata's author,
 * the body's author markup) that looks like a name. The page's own address is no author
 * ("tagesschau.de", "MesOpinions.com" in the author meta tag): the frontmatter names the site
 * apart.
 */
export function chooseByline(candidates: readonly (string | null)[], url = ''): string | null {
  const host = norm(siteHost(url));
  for (const raw of candidates) {
    const v = cleanByline(raw);
    if (v && (!host || norm(v) !== host)) return v;
  }
  return null;
}
