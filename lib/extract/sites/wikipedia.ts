import { el, metaContent, moveChildren, textOf } from './build';
import type { SiteExtractor } from './types';

/**
 * Wikipedia articles: the parsed article body without edit links, navigation boxes, tables of
 * contents, hatnotes or maintenance banners; the infobox as a two-column table (label, value);
 * references stay where they are and become footnotes in the pipeline's footnote step.
 */

const FURNITURE = [
  '.mw-editsection',
  '.navbox',
  '.navbox-styles',
  '.vertical-navbox',
  '.sidebar',
  '.hatnote',
  '.ambox',
  '.metadata',
  '.sistersitebox',
  '.portalbox',
  '.shortdescription',
  '.noprint',
  '.mw-empty-elt',
  '#toc',
  '.toc',
  '.catlinks',
  '.printfooter',
  '.mw-jump-link',
  '[role="navigation"]',
  'style',
].join(', ');

/** Cells and rows an infobox is read into at most. */
const MAX_INFOBOX_ROWS = 80;

/** A cell's content with its lists flattened to one line, so the table stays one row a field. */
function cell(doc: Document, tag: string, from: Element | null): Element {
  const box = el(doc, tag);
  if (!from) return box;
  for (const list of Array.from(from.querySelectorAll('ul, ol'))) {
    const lines = el(doc, 'span');
    Array.from(list.children).forEach((li, i) => {
      if (i > 0) lines.append(', ');
      lines.append(...moveChildren(doc, li).childNodes);
    });
    list.replaceWith(lines);
  }
  box.append(...moveChildren(doc, from).childNodes);
  return box;
}

/** The infobox as a plain label/value table; its title, if any, heads the table. */
function infoboxTable(doc: Document, box: Element, fallbackTitle: string | null): Element {
  const caption = box.querySelector('caption, .infobox-above, .infobox-title');
  const title =
    (caption?.textContent ?? '').replace(/\s+/g, ' ').trim() || fallbackTitle || 'Infobox';
  const body = el(doc, 'tbody');
  const rows = Array.from(box.querySelectorAll('tr')).slice(0, MAX_INFOBOX_ROWS);
  for (const tr of rows) {
    if (tr.closest('table') !== box) continue;
    const label = tr.querySelector(':scope > th.infobox-label, :scope > th[scope="row"]');
    const data = tr.querySelector(':scope > td');
    const header = tr.querySelector(':scope > th.infobox-header, :scope > th[colspan]');
    if (label) {
      body.append(el(doc, 'tr', {}, cell(doc, 'td', label), cell(doc, 'td', data)));
    } else if (header && header !== caption) {
      body.append(
        el(
          doc,
          'tr',
          {},
          el(doc, 'td', {}, el(doc, 'strong', {}, header.textContent?.trim() ?? '')),
          el(doc, 'td'),
        ),
      );
    } else if (data && data !== caption && !data.closest('.infobox-above')) {
      body.append(el(doc, 'tr', {}, cell(doc, 'td', data), el(doc, 'td')));
    }
  }
  const head = el(doc, 'thead', {}, el(doc, 'tr', {}, el(doc, 'th', {}, title), el(doc, 'th')));
  return el(doc, 'table', {}, head, body);
}

export const wikipedia: SiteExtractor = {
  name: 'Wikipedia',
  matches: (url, doc) =>
    /(^|\.)wikipedia\.org$/.test(url.hostname) &&
    url.pathname.startsWith('/wiki/') &&
    !!doc.querySelector('#mw-content-text .mw-parser-output, .mw-parser-output'),
  extract(doc) {
    const article =
      doc.querySelector('#mw-content-text .mw-parser-output') ??
      doc.querySelector('.mw-parser-output');
    if (!article) return null;
    const title = textOf(doc, '#firstHeading') ?? metaContent(doc, 'og:title');
    for (const junk of Array.from(article.querySelectorAll(FURNITURE))) junk.remove();
    for (const box of Array.from(article.querySelectorAll('table.infobox'))) {
      if (box.parentElement?.closest('table.infobox')) continue;
      box.replaceWith(infoboxTable(doc, box, title));
    }
    const content = el(doc, 'div', {}, ...moveChildren(doc, article).childNodes);
    return { content, title, byline: null, published: null, siteName: 'Wikipedia' };
  },
};
