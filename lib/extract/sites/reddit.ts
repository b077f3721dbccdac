import { absolute, attrOf, el, moveChildren, textOf } from './build';
import { renderThread } from './thread';
import type { SiteExtractor } from './types';

/**
 * Reddit comment pages, both designs: old (`.thing.link` post, `.thing.comment` rows nested in
 * `.child` lists) and new (`<shreddit-post>` and `<shreddit-comment depth="n">` elements).
 */

const COMMENTS_PATH = /^\/r\/[^/]+\/comments\//;

function oldReddit(doc: Document, url: URL) {
  const post = doc.querySelector('.thing.link');
  if (!post) return null;
  const content = el(doc, 'div');
  const link = absolute(attrOf(post, 'a.title', 'href'), url);
  if (link && !new URL(link).pathname.startsWith('/r/')) {
    content.append(el(doc, 'p', {}, el(doc, 'a', { href: link }, link)));
  }
  content.append(...moveChildren(doc, post.querySelector('.usertext-body .md')).childNodes);
  const rows = Array.from(doc.querySelectorAll('.commentarea .thing.comment'));
  if (rows.length) {
    content.append(el(doc, 'h2', {}, 'Comments'));
    content.append(
      renderThread(
        doc,
        rows,
        (row) => {
          let depth = 0;
          for (let p = row.parentElement; p && depth < 50; p = p.parentElement) {
            if (p.classList.contains('commentarea')) break;
            if (p.classList.contains('comment')) depth++;
          }
          const entry = row.querySelector(':scope > .entry');
          return {
            author: row.getAttribute('data-author') ?? (entry ? textOf(entry, '.author') : null),
            date: entry ? attrOf(entry, '.tagline time', 'datetime') : null,
            link: row.getAttribute('data-permalink'),
            body: entry?.querySelector('.usertext-body .md') ?? null,
            depth,
          };
        },
        url,
      ),
    );
  }
  return {
    content,
    title: textOf(post, 'a.title'),
    byline: post.getAttribute('data-author'),
    published: attrOf(post, '.tagline time', 'datetime'),
  };
}

function newReddit(doc: Document, url: URL) {
  const post = doc.querySelector('shreddit-post');
  if (!post) return null;
  const content = el(doc, 'div');
  const link = absolute(post.getAttribute('content-href'), url);
  if (link && !new URL(link).pathname.startsWith('/r/')) {
    content.append(el(doc, 'p', {}, el(doc, 'a', { href: link }, link)));
  }
  content.append(...moveChildren(doc, post.querySelector('[slot="text-body"]')).childNodes);
  const rows = Array.from(doc.querySelectorAll('shreddit-comment'));
  if (rows.length) {
    content.append(el(doc, 'h2', {}, 'Comments'));
    content.append(
      renderThread(
        doc,
        rows,
        (row) => ({
          author: row.getAttribute('author'),
          date:
            attrOf(row, ':scope > [slot="commentMeta"] faceplate-timeago', 'ts') ??
            attrOf(row, ':scope > [slot="commentMeta"] time', 'datetime'),
          link: row.getAttribute('permalink'),
          body: row.querySelector(':scope > [slot="comment"]'),
          depth: Number(row.getAttribute('depth')) || 0,
        }),
        url,
      ),
    );
  }
  return {
    content,
    title: post.getAttribute('post-title') ?? textOf(post, '[slot="title"]'),
    byline: post.getAttribute('author'),
    published: post.getAttribute('created-timestamp'),
  };
}

export const reddit: SiteExtractor = {
  name: 'Reddit',
  matches: (url, doc) =>
    /(^|\.)reddit\.com$/.test(url.hostname) &&
    COMMENTS_PATH.test(url.pathname) &&
    !!doc.querySelector('shreddit-post, .thing.link'),
  extract(doc, url) {
    const page = newReddit(doc, url) ?? oldReddit(doc, url);
    if (!page) return null;
    return { ...page, siteName: 'Reddit' };
  },
};
