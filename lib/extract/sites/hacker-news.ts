import { absolute, attrOf, el, isoFromEpoch, moveChildren, textOf } from './build';
import { renderThread } from './thread';
import type { SiteExtractor } from './types';

/**
 * Hacker News item pages: the story (its link and any text), then the comment tree. A comment
 * row's depth is its `indent` attribute, or on older markup the spacer image's width (40 px a
 * level).
 */

/** "2025-01-15T09:00:00 1736931600": the ISO part (the site's time is UTC). */
function ageDate(age: Element | null): string | null {
  const title = age?.getAttribute('title')?.trim();
  if (!title) return null;
  const iso = /^\d{4}-\d\d-\d\dT[\d:]+/.exec(title)?.[0];
  return iso ? `${iso}Z` : (isoFromEpoch(title) ?? null);
}

function depthOf(row: Element): number {
  const ind = row.querySelector('td.ind');
  const indent = Number(ind?.getAttribute('indent'));
  if (Number.isInteger(indent) && indent >= 0) return indent;
  const width = Number(ind?.querySelector('img')?.getAttribute('width'));
  return Number.isFinite(width) ? Math.round(width / 40) : 0;
}

export const hackerNews: SiteExtractor = {
  name: 'Hacker News',
  matches: (url, doc) =>
    url.hostname === 'news.ycombinator.com' &&
    url.pathname === '/item' &&
    !!doc.querySelector('.fatitem, tr.comtr'),
  extract(doc, url) {
    const item = doc.querySelector('.fatitem');
    const story = item?.querySelector('.titleline a') ?? null;
    const title = story?.textContent?.trim() || null;
    const author = item ? textOf(item, '.hnuser') : null;
    const published = ageDate(item?.querySelector('.age') ?? null);
    const content = el(doc, 'div');
    const link = absolute(story?.getAttribute('href') ?? null, url);
    if (link && new URL(link).hostname !== url.hostname) {
      content.append(el(doc, 'p', {}, el(doc, 'a', { href: link }, link)));
    }
    const toptext = item?.querySelector('.toptext') ?? null;
    if (toptext) content.append(...moveChildren(doc, toptext).childNodes);
    const rows = Array.from(doc.querySelectorAll('tr.comtr'));
    if (!title && rows.length === 0) return null;
    if (rows.length) {
      content.append(el(doc, 'h2', {}, 'Comments'));
      content.append(
        renderThread(
          doc,
          rows,
          (row) => ({
            author: textOf(row, '.hnuser'),
            date: ageDate(row.querySelector('.age')),
            link: attrOf(row, '.age a', 'href'),
            body: row.querySelector('.commtext'),
            depth: depthOf(row),
          }),
          url,
        ),
      );
    }
    return { content, title, byline: author, published, siteName: 'Hacker News' };
  },
};
