import { attrOf, el, isoFromEpoch, metaContent, moveChildren, textOf } from './build';
import { byline, renderThread } from './thread';
import type { SiteExtractor } from './types';

/**
 * Discourse topics, on any host: the app's markup (`.topic-post` with `.cooked` bodies) or the
 * server-rendered one it sends to readers without scripts (`.crawler-post`). The first post is
 * the topic's; replies follow in order, flat, as Discourse shows them.
 */

const POST = '.topic-post, .crawler-post';

function readPost(post: Element) {
  // Avatars in quote titles would become images before each quoted name.
  for (const avatar of Array.from(post.querySelectorAll('img.avatar'))) avatar.remove();
  const epoch = attrOf(post, '.post-date [data-time], .relative-date[data-time]', 'data-time');
  return {
    author:
      textOf(post, '.creator [itemprop="name"], .creator a, .names .first a, .names .username a') ??
      null,
    date: attrOf(post, 'time[datetime]', 'datetime') ?? isoFromEpoch(epoch),
    link: attrOf(post, '.post-date a, a.post-date, .crawler-post-infos a', 'href'),
    body: post.querySelector('.cooked, [itemprop="text"]'),
  };
}

export const discourse: SiteExtractor = {
  name: 'Discourse',
  matches: (url, doc) =>
    /^\/t\//.test(url.pathname) &&
    (/discourse/i.test(metaContent(doc, 'generator') ?? '') ||
      !!doc.querySelector('#main-outlet')) &&
    !!doc.querySelector(POST),
  extract(doc, url) {
    // A post nested in another (an embedded quote) is part of that post.
    const posts = Array.from(doc.querySelectorAll(POST)).filter(
      (p) => !p.parentElement?.closest(POST),
    );
    const [first, ...rest] = posts;
    if (!first) return null;
    const head = readPost(first);
    const content = el(
      doc,
      'div',
      {},
      byline(doc, head, url),
      ...moveChildren(doc, head.body).childNodes,
    );
    if (rest.length) {
      content.append(el(doc, 'h2', {}, 'Replies'));
      content.append(renderThread(doc, rest, (p) => ({ ...readPost(p), depth: 0 }), url));
    }
    return {
      content,
      title: textOf(doc, '#topic-title h1, .fancy-title, h1') ?? metaContent(doc, 'og:title'),
      byline: head.author,
      published: head.date,
      siteName: metaContent(doc, 'og:site_name'),
    };
  },
};
