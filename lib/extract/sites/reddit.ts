import { absolute, attrOf, el, isoDate, moveChildren, textOf } from './build';
import { renderThread, type ThreadComment } from './thread';
import type { SiteExtractor } from './types';

/**
 * Reddit comment pages, both designs: old (`.thing.link` post, `.thing.comment` rows nested in
 * `.child` lists) and new (`<shreddit-post>` and `<shreddit-comment depth="n">` elements).
 *
 * A removed or deleted post keeps its thread: the clip is its title, a line saying what
 * became of the post, and the comments. It never falls back to the general pipeline, which
 * would take the subreddit's sidebar for the article.
 */

const COMMENTS_PATH = /^\/r\/[^/]+\/comments\/[^/]+(?:\/([^/]+))?/;
// What Reddit shows instead of a removed post's title or text.
const REMOVED_TITLE = /^\[\s*(?:removed|deleted)\b[^\]]*\]$/i;
const REMOVED_TEXT = /^\[\s*(?:removed|deleted)\s*\]$/i;

/** The line a removed post's clip opens with, after what the page shows in its place. */
function removalNote(placeholder: string): string {
  if (/moderator/i.test(placeholder)) return "This post was removed by the subreddit's moderators.";
  if (/reddit/i.test(placeholder)) return 'This post was removed by Reddit.';
  if (/deleted/i.test(placeholder)) return 'This post was deleted by its author.';
  return 'This post was removed.';
}

/** A removed post's own title is gone from the page; the address still holds it as a slug. */
function titleFromSlug(url: URL): string | null {
  const slug = COMMENTS_PATH.exec(url.pathname)?.[1];
  if (!slug) return null;
  let words: string;
  try {
    words = decodeURIComponent(slug).replace(/_+/g, ' ').trim();
  } catch {
    return null;
  }
  return words ? words[0]!.toUpperCase() + words.slice(1) : null;
}

interface Post {
  title: string | null;
  /** The post's link when it is not the thread itself. */
  link: string | null;
  body: Element | null;
  byline: string | null;
  published: string | null;
  comments: Element[];
  read: (row: Element) => ThreadComment;
}

function build(doc: Document, url: URL, post: Post) {
  const content = el(doc, 'div');
  const bodyText = (post.body?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const removedTitle = !!post.title && REMOVED_TITLE.test(post.title);
  const removed = removedTitle || REMOVED_TEXT.test(bodyText);
  if (removed) {
    const placeholder = removedTitle ? (post.title ?? '') : bodyText;
    content.append(el(doc, 'p', {}, el(doc, 'em', {}, removalNote(placeholder))));
  } else {
    const link = absolute(post.link, url);
    if (link && !new URL(link).pathname.startsWith('/r/')) {
      content.append(el(doc, 'p', {}, el(doc, 'a', { href: link }, link)));
    }
    content.append(...moveChildren(doc, post.body).childNodes);
  }
  if (post.comments.length) {
    content.append(el(doc, 'h2', {}, 'Comments'));
    content.append(renderThread(doc, post.comments, post.read, url));
  }
  const byline = post.byline && !REMOVED_TEXT.test(post.byline) ? post.byline : null;
  return {
    content,
    title: removedTitle ? (titleFromSlug(url) ?? post.title) : post.title,
    byline,
    published: isoDate(post.published),
  };
}

function oldReddit(doc: Document, url: URL) {
  const post = doc.querySelector('.thing.link');
  if (!post) return null;
  return build(doc, url, {
    title: textOf(post, 'a.title'),
    link: attrOf(post, 'a.title', 'href'),
    body: post.querySelector('.usertext-body .md'),
    byline: post.getAttribute('data-author'),
    published: attrOf(post, '.tagline time', 'datetime'),
    comments: Array.from(doc.querySelectorAll('.commentarea .thing.comment')),
    read: (row) => {
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
  });
}

function newReddit(doc: Document, url: URL) {
  const post = doc.querySelector('shreddit-post');
  if (!post) return null;
  return build(doc, url, {
    title: post.getAttribute('post-title') ?? textOf(post, '[slot="title"]'),
    link: post.getAttribute('content-href'),
    body: post.querySelector('[slot="text-body"]'),
    byline: post.getAttribute('author'),
    published: post.getAttribute('created-timestamp'),
    comments: Array.from(doc.querySelectorAll('shreddit-comment')),
    read: (row) => ({
      author: row.getAttribute('author'),
      date:
        attrOf(row, ':scope > [slot="commentMeta"] faceplate-timeago', 'ts') ??
        attrOf(row, ':scope > [slot="commentMeta"] time', 'datetime'),
      link: row.getAttribute('permalink'),
      body: row.querySelector(':scope > [slot="comment"]'),
      depth: Number(row.getAttribute('depth')) || 0,
    }),
  });
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
