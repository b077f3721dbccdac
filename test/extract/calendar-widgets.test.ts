import { describe, expect, it } from 'vitest';
import { removeCalendars } from '../../lib/extract/calendar-widgets';
import { rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A blog's calendar widget, modelled on the markup of a common blog theme (written for these
// tests): a month's days under the weekdays' initials, one day linked to its posts.
const URL = 'https://diary.example/2008/12/31/advice';
const PARA =
  '<p>Giving advice is easy; taking it is the hard part, as anyone who has been told to ' +
  'sleep on a decision at two in the morning knows.</p>';

function month(days: number, firstWeekday: number, heads = ['M', 'D', 'M', 'D', 'F', 'S', 'S']) {
  const cells = [
    ...Array.from({ length: firstWeekday }, () => '<td class="pad">&nbsp;</td>'),
    ...Array.from({ length: days }, (_, i) =>
      i === days - 1 ? `<td><a href="${URL}">${i + 1}</a></td>` : `<td>${i + 1}</td>`,
    ),
  ];
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(`<tr>${cells.slice(i, i + 7).join('')}</tr>`);
  return (
    `<table id="calendar"><caption>Dezember 2008</caption><thead><tr>${heads.map((h) => `<th>${h}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.join('')}</tbody><tfoot><tr><td colspan="3"><a href="/2008/11/">« Nov</a></td></tr></tfoot></table>`
  );
}

describe.each(Object.entries(rootDoms(URL)))('removeCalendars (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeCalendars(root);
    return root;
  };

  it('drops a month of day numbers under the weekdays, with its caption and footer', () => {
    const root = clean(
      `${PARA}${month(31, 0)}${month(30, 3, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])}`,
    );
    expect(root.querySelector('table')).toBeNull();
    expect(root.textContent).not.toContain('Dezember 2008');
    expect(root.textContent).toContain('Giving advice is easy');
  });

  it('keeps tables that only look like one: a timetable, figures, a short week', () => {
    const timetable =
      '<table><tr><th>Mo</th><th>Di</th><th>Mi</th><th>Do</th><th>Fr</th><th>Sa</th><th>So</th></tr>' +
      '<tr><td>9</td><td>9</td><td>10</td><td>9</td><td>8</td><td>12</td><td>–</td></tr></table>';
    const figures =
      '<table><tr><th>A</th><th>B</th><th>C</th><th>D</th><th>E</th><th>F</th><th>G</th></tr>' +
      Array.from(
        { length: 5 },
        (_, r) =>
          `<tr>${Array.from({ length: 7 }, (_, c) => `<td>${(r * 7 + c) * 3 + 1}</td>`).join('')}</tr>`,
      ).join('') +
      '</table>';
    const root = clean(`${PARA}${timetable}${figures}`);
    expect(root.querySelectorAll('table')).toHaveLength(2);
  });
});

describe('a calendar widget beside a post', () => {
  it.each(EXTRACT_WAYS)('is not in the clip (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>Advice</title></head><body><article>' +
      `<h1>Advice</h1>${PARA.repeat(5)}<div class="widget"><h3>Kalender</h3>${month(31, 0)}</div>` +
      '</article></body></html>';
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('Giving advice is easy');
    expect(r.body).not.toContain('Dezember 2008');
    expect(r.body).not.toMatch(/\|\s*29\s*\|/);
    expect(r.body).not.toContain('<td>');
  });
});
