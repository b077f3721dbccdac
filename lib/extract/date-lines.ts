import { tagName } from './dom';

/**
 * Lines that are only a date or a post's meta (when and where it was filed, by whom, its
 * views): furniture the metadata step reads, not article text. Part of the one-line widget
 * rules (boilerplate-lines.ts); the patterns are lower case, as there.
 */

// Month and weekday names, each standing for one private-use sign in a line tested for a
// date (`dateShape`): the date patterns stay small. A pattern holding the alternation of
// these names took 1.4–5.6 ms at its first use in Chromium 156, once per pattern holding it
// and once per page, as the injected script is new to every page.
const MONTHS = new Set(
  'jan feb mär mar apr mai may jun jul aug sep oct okt nov dec dez januar februar märz juni juli august september oktober november dezember january february march april june july october december enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre janvier février mars avril juin juillet août septembre octobre novembre décembre stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia'.split(
    ' ',
  ),
);
const WEEKDAYS = new Set(
  'montag dienstag mittwoch donnerstag freitag samstag sonntag monday tuesday wednesday thursday friday saturday sunday lunes martes miércoles jueves viernes sábado domingo'.split(
    ' ',
  ),
);
const MONTH = '\\ue000\\.?';
const WEEKDAY = '\\ue001';
const WORD = /\p{L}+/gu;

/** `lower` with each month name as U+E000 and each weekday as U+E001. */
function dateShape(lower: string): string {
  return lower.replace(WORD, (w) => (MONTHS.has(w) ? '\ue000' : WEEKDAYS.has(w) ? '\ue001' : w));
}
const DATE_LABEL =
  '(?:ver[öo]ffentlicht|publiziert|aktualisiert|erstellt|stand|datum|date|fecha|data|ver[öo]ffentlichung|published|updated|last updated|posted|release date|publicado|actualizado|publi[ée]|mis [àa] jour|publikacja|opublikowano|aktualizacja)(?: am| on| le| el)?';
// A line holding only a date, maybe labelled ("Publiziert: 03.04.2020, 12:35").
const DATE_LINE = new RegExp(
  `^(?:${DATE_LABEL}\\s*:?\\s*)?` +
    `(?:${WEEKDAY},?\\s*)?` +
    '(?:\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{2,4}|\\d{4}-\\d{2}-\\d{2}(?:[t ]\\d{2}:\\d{2}(?::\\d{2})?\\S*)?|' +
    `\\d{1,2}\\.?\\s+(?:de\\s+)?${MONTH},?\\s+(?:de\\s+)?\\d{4}|${MONTH}\\s+\\d{1,2},?\\s+\\d{4})` +
    '(?:,?\\s*(?:um\\s+|at\\s+|[-–|]\\s*)?\\d{1,2}:\\d{2}(?:\\s*(?:uhr|h|am|pm))?)?\\.?$',
  '',
);
// The label of a date field whose value sits in a block of its own ("Release Date:").
const DATE_LABEL_ALONE = new RegExp(`^${DATE_LABEL}\\s*:$`);
// The same date after a label saying it is the page's own ("Publiziert: …", "opublikowano: …").
const LABELLED_DATE = new RegExp(`^${DATE_LABEL}\\s*:?\\s*\\d`);
// A post's meta line: when and where it was filed, by whom, its views and comments
// ("Erstellt am 6. Mai 2014 und abgelegt unter [Linux]", "12. Juni 2019 | 15:49 VON Jane IN
// [Mode] | 0 COMMENTS", "Aufrufe: 120 | Hinzugefügt von: Jo | Tags: …"). A date or time with
// a label only such lines carry, two labelled fields, a date with one short tag after a bar
// or in brackets ("14. Juni 2013 at 20:51 ([Spezifisch])"), a bare time of day, or a
// question site's "asked …".
const ANY_DATE =
  '(?:\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{2,4}|\\d{1,2}\\/\\d{1,2}\\/\\d{2,4}|\\d{4}-\\d{2}-\\d{2}|' +
  `\\d{1,2}\\.?\\s+${MONTH},?\\s+\\d{4}|${MONTH}\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}:\\d{2})`;
const META_LABEL =
  /\b(?:abgelegt unter|filed under|posted in|hinzugef[üu]gt von|kategorien?\s*:|categor(?:y|ies)\s*:|tags?\s*:|schlagw[öo]rter\s*:|\d+\s+(?:comments?|kommentare?)\b)/;
const META_FIELD =
  /\b(?:aufrufe|views|hinzugef[üu]gt von|autor|author|datum|date|kategorien?|categor(?:y|ies)|tags?|schlagw[öo]rter)\s*:/g;
const DATED = new RegExp(ANY_DATE);
const DATE_TAG = new RegExp(
  `^${ANY_DATE}(?:,?\\s*(?:at\\s+|um\\s+)?\\d{1,2}:\\d{2}(?:\\s*(?:uhr|am|pm))?)?` +
    '\\s*(?:\\|\\s*[^|\\d]{1,30}|\\([^()\\d]{1,30}\\))$',
);
const TIME_ONLY = /^\d{1,2}:\d{2}(?::\d{2})?\s*(?:uhr|h|am|pm)?$/;
const ASKED = new RegExp(`^(?:asked|answered|edited|modified)\\s+.{0,20}${ANY_DATE}`);

// How long the article takes to read ("Oct 18, 2019 · 8 min read", "Lesezeit: ca. 3 Minuten"),
// standing alone or set off by separators, never inside a sentence ("a 5 min read, and …").
const READING_TIME = new RegExp(
  '(?:^|[·•|,–-]\\s*)(?:\\d+\\s*(?:min(?:ute)?s?|minuten|minutos?)\\.?\\s*(?:read|lesezeit|lesedauer|de lecture|de lectura)' +
    '|(?:lesezeit|lesedauer|reading time|temps de lecture|tiempo de lectura|czas czytania)\\s*:?\\s*(?:ca\\.|etwa|about|approx\\.|~)?\\s*\\d+\\s*(?:min(?:ute)?s?|minuten|minutos?|minut)\\.?)' +
    '\\s*(?:$|[·•|,–-])',
);

// A date alone in a list item or definition is a schedule's or a fact sheet's; in <time> it
// may be the article's own dateline.
const DATE_LIST_TAGS: ReadonlySet<string> = new Set(['time', 'li', 'dd', 'dt']);

/**
 * `text` in lower case, as the patterns are written (see widgetLineKind); `dated` the same in
 * its date shape, or null when it holds no digit (no date then).
 */
function isMetaLine(el: Element, text: string, dated: string | null): boolean {
  if (text.length > 300) return false;
  // A time alone in a list item or definition is a schedule's; a linked one, a video's
  // chapter mark.
  if (TIME_ONLY.test(text))
    return !DATE_LIST_TAGS.has(tagName(el)) && !el.closest('a') && !el.querySelector('a');
  if (dated && (DATE_TAG.test(dated) || ASKED.test(dated))) return true;
  if ((text.match(META_FIELD)?.length ?? 0) >= 2) return true;
  return !!dated && META_LABEL.test(text) && DATED.test(dated);
}

// A section's name: a few words, no digits or sentence marks ("A-Frauen", "Artikel").
const SECTION_NAME = /^\p{L}[\p{L}&/ -]{0,29}$/u;

/**
 * A date in an element of its own and a section's name in another, nothing else: where the
 * post is filed ("<span class=date>02.02.2022</span> <span class=category>A-Frauen</span>").
 * Written as one run of text, the same words may open a sentence.
 */
function isDateAndSection(el: Element, text: string): boolean {
  if (text.length > 60 || el.children.length !== 2) return false;
  const date = (el.children[0]!.textContent ?? '').replace(/\s+/g, ' ').trim();
  const section = (el.children[1]!.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!date || !section || text !== `${date} ${section}`) return false;
  if (section.split(' ').length > 3 || !SECTION_NAME.test(section)) return false;
  // A bare date: a labelled one ("Last updated September 14, 2016") beside a button ("Save")
  // is left to the labelled-date rules.
  const shape = dateShape(date.toLowerCase());
  return /^[\d\ue000\ue001]/.test(shape) && DATE_LINE.test(shape);
}

/**
 * A date line or a post's meta line; `lower` is `text` in lower case. A bare date inside
 * <time> may be the article's own dateline, which readers keep; a date alone in a list item or
 * definition is a schedule or a fact sheet. A date labelled as the page's publication or
 * update is furniture wherever it sits.
 */
export function isDateOrMetaLine(el: Element, text: string, lower: string): boolean {
  if (text.length <= 120 && DATE_LABEL_ALONE.test(lower)) return true;
  // A linked line ("[Design] 6 min read March 1") is an entry of a blog's index, kept there.
  if (text.length <= 120 && READING_TIME.test(lower) && !el.closest('a') && !el.querySelector('a'))
    return true;
  const dated = /\d/.test(lower) ? dateShape(lower) : null;
  if (
    text.length <= 80 &&
    dated &&
    DATE_LINE.test(dated) &&
    (LABELLED_DATE.test(lower) || (!DATE_LIST_TAGS.has(tagName(el)) && !el.querySelector('time')))
  )
    return true;
  if (dated && isDateAndSection(el, text)) return true;
  return isMetaLine(el, lower, dated);
}
