import { elementsByTag, normalizedText, tagName } from './dom';

/**
 * A blog's calendar widget: a month as a table of day numbers under the weekdays' initials
 * ("Dezember 2008 / M D M D F S S / 1 2 3 …"), each day with a post linked. It sits in the
 * sidebar, and comes into a clip when the sidebar does (a page whose post the extractor could
 * not find). It is told by what it holds, not by a theme's class: seven columns, the days of
 * a month in order, and nothing else. A timetable or a table of figures has words or numbers
 * outside 1–31, or not in order, and stays.
 */

const WEEKDAYS = 7;
// A weekday's heading: an initial or short name ("M", "Mo", "Mon", "Lun.", "月").
const WEEKDAY_HEADING = /^[\p{L}]{1,3}\.?$/u;
// Four weeks at least hold the days 1–28.
const MIN_DAYS = 28;

function cellsOf(row: Element): Element[] {
  return Array.from(row.children).filter((c) => /^t[dh]$/.test(tagName(c)));
}

/** The day numbers of a month, in order from 1, with empty cells only before and after. */
function isMonthGrid(cells: string[]): boolean {
  let next = 1;
  for (const text of cells) {
    if (!text) continue;
    if (text !== String(next)) return false;
    next++;
  }
  return next - 1 >= MIN_DAYS;
}

function isCalendar(table: Element): boolean {
  const rows = elementsByTag(table, 'tr').filter((r) => r.closest('table') === table);
  const header = rows[0];
  if (!header) return false;
  const names = cellsOf(header).map(normalizedText);
  if (names.length !== WEEKDAYS || !names.every((n) => WEEKDAY_HEADING.test(n))) return false;
  // A footer row of links to the months before and after ("« Nov") is not part of the grid.
  const days = rows
    .slice(1)
    .filter((r) => !r.closest('tfoot'))
    .flatMap((r) => cellsOf(r).map(normalizedText));
  return isMonthGrid(days);
}

export function removeCalendars(root: Element): void {
  for (const table of elementsByTag(root, 'table')) {
    if (table.isConnected && isCalendar(table)) table.remove();
  }
}
