import { attrOf, el, metaContent, moveChildren, textOf } from './build';
import { byline, renderThread } from './thread';
import type { SiteExtractor } from './types';

/**
 * GitHub issues and pull requests (the opening post, then the conversation's comments in
 * order, review comments included), and repository home pages (the README). Both the older
 * server-rendered markup (`.comment-body`, `a.author`) and the newer one (`data-testid`
 * attributes) are read.
 */

const BODY = '.comment-body.markdown-body, [data-testid="markdown-body"]';
const AUTHOR = 'a.author, [data-testid="issue-body-header-author"], [data-testid="avatar-link"]';
// How far up from a comment's body its header is looked for.
const HEADER_LEVELS = 8;

/** The smallest ancestor of a comment body that also holds its author and time. */
function commentBox(body: Element): Element | null {
  let box = body.parentElement;
  for (let i = 0; box && i < HEADER_LEVELS; i++, box = box.parentElement) {
    if (box.querySelector(AUTHOR) && box.querySelector('relative-time')) return box;
  }
  return null;
}

/** Comment bodies, without one nested in another (a quoted reply is part of its comment). */
function bodies(doc: Document): Element[] {
  return Array.from(doc.querySelectorAll(BODY)).filter(
    (b) => !b.parentElement?.closest(BODY) && !b.closest('#readme'),
  );
}

const THREAD_PATH = /^\/[^/]+\/[^/]+\/(issues|pull)\/\d+/;
// A repository's home page, or a branch's tree.
const REPO_PATH = /^\/[^/]+\/[^/]+\/?(?:$|tree\/)/;

function pageTitle(doc: Document): string | null {
  return (
    textOf(doc, '[data-testid="issue-title"], .js-issue-title, h1 bdi') ??
    metaContent(doc, 'og:title')
  );
}

export const githubThread: SiteExtractor = {
  name: 'GitHub issue or pull request',
  matches: (url, doc) =>
    url.hostname === 'github.com' && THREAD_PATH.test(url.pathname) && !!doc.querySelector(BODY),
  extract(doc, url) {
    const [first, ...rest] = bodies(doc);
    if (!first) return null;
    const head = (body: Element) => {
      const box = commentBox(body);
      return {
        author: box ? textOf(box, AUTHOR) : null,
        date: box ? attrOf(box, 'relative-time', 'datetime') : null,
        link: box ? attrOf(box, 'a[href*="#issue"], a.js-timestamp', 'href') : null,
      };
    };
    const post = head(first);
    const content = el(
      doc,
      'div',
      {},
      byline(doc, post, url),
      ...moveChildren(doc, first).childNodes,
    );
    if (rest.length) {
      content.append(el(doc, 'h2', {}, 'Comments'));
      content.append(renderThread(doc, rest, (body) => ({ ...head(body), body, depth: 0 }), url));
    }
    return {
      content,
      title: pageTitle(doc),
      byline: post.author,
      published: post.date,
      siteName: 'GitHub',
    };
  },
};

export const githubRepo: SiteExtractor = {
  name: 'GitHub repository',
  matches: (url, doc) =>
    url.hostname === 'github.com' &&
    REPO_PATH.test(url.pathname) &&
    !!doc.querySelector('#readme article, article.markdown-body'),
  extract(doc, url) {
    const readme =
      doc.querySelector('#readme article') ?? doc.querySelector('article.markdown-body');
    const [owner, repo] = url.pathname.split('/').filter(Boolean);
    const about = textOf(doc, '.BorderGrid-cell p.f4, [data-testid="repository-description"]');
    const content = el(doc, 'div');
    if (about) content.append(el(doc, 'p', {}, el(doc, 'em', {}, about)));
    content.append(...moveChildren(doc, readme).childNodes);
    return {
      content,
      title: `${owner}/${repo}`,
      byline: owner ?? null,
      published: null,
      siteName: 'GitHub',
    };
  },
};
