import { describe, expect, it } from 'vitest';
import { POST_ATTR, removeOtherPosts } from '../../lib/extract/other-posts';
import { rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A WordPress post with a grid of related posts under it, modelled on common themes' markup
// (written for these tests): every post rendered carries its id as a class.
const URL = 'https://blog.example/2019/remote-support-with-smart-glasses/';
const PARAS = [
  'Remote support with smart glasses lets a technician see what the customer sees, and guide ' +
    'the repair step by step without travelling to the site at all.',
  'Several manufacturers already use the glasses for maintenance, and the first results show ' +
    'shorter repairs and far fewer second visits than with support by telephone.',
  'Whether customers will one day solve their own technical problems this way is open, but ' +
    'the trials so far suggest that many of them would be glad to try.',
];
const card = (id: number, title: string, excerpt: string) =>
  `<article class="grid-entry col post-${id} post type-post status-publish">` +
  `<a href="https://blog.example/?p=${id}"><img src="https://blog.example/${id}.jpg" alt=""></a>` +
  `<h3><a href="https://blog.example/?p=${id}">${title}</a></h3><p>${excerpt}</p></article>`;
const GRID =
  '<div class="entries-grid">' +
  card(
    105,
    'Five trends you should know',
    'Five developments will turn the way we work upside down.',
  ) +
  card(
    104,
    'Augmented reality at work',
    'Where the technology already pays off, and where not yet.',
  ) +
  '</div>';

describe.each(Object.entries(rootDoms(URL)))('removeOtherPosts (%s)', (_, parse) => {
  const clean = (html: string, own: string | null) => {
    const doc = parse(html);
    if (own) doc.body.setAttribute(POST_ATTR, own);
    removeOtherPosts(doc.body);
    return doc.getElementById('root')!;
  };

  it("drops the cards of the blog's other posts, keeps the page's own post", () => {
    const root = clean(`<article class="post-99 post">${PARAS[0]}</article>${GRID}`, '99');
    expect(root.querySelector('.post-99')).not.toBeNull();
    expect(root.querySelector('.post-105, .post-104')).toBeNull();
  });

  it('keeps them on a page that names no post, and keeps a block holding the headline', () => {
    expect(clean(GRID, null).querySelectorAll('article')).toHaveLength(2);
    const template = `<article class="post-7 type-tdb_templates"><h1>Gas transit halted</h1><p>${PARAS[1]}</p></article>`;
    expect(clean(template, '99').querySelector('h1')).not.toBeNull();
  });
});

describe('the related-posts grid under a WordPress post', () => {
  it.each(EXTRACT_WAYS)('is not in the clip (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>Remote support with smart glasses</title></head>' +
      '<body class="post-template-default single single-post postid-99000">' +
      '<article class="post-99000 post type-post"><h1>Remote support with smart glasses</h1>' +
      `<div class="entry-content">${PARAS.map((p) => `<p>${p}</p>`).join('')}` +
      `<div class="wpb_wrapper">${card(86744, 'These developments you should know', 'Five trends at a glance, to download.')}</div>` +
      `</div>${GRID}</article></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('glad to try');
    expect(r.body).not.toMatch(
      /developments you should know|Five trends|Augmented reality at work/,
    );
  });
});
