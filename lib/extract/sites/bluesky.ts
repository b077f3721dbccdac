import { attrOf, el, metaContent } from './build';
import { postTitle, renderThreadPosts, type SocialPost } from './social-post';
import type { SiteExtractor } from './types';

/**
 * Bluesky post pages (bsky.app): the post and the author's own thread around it, from the
 * thread items the app renders (`data-testid="postThreadItem-by-<handle>"`). A page saved
 * before the app ran holds only the post's metadata, which then gives the text.
 */

const POST_PATH = /^\/profile\/([^/]+)\/post\/([^/]+)/;
const ITEM = '[data-testid^="postThreadItem-by-"]';

function readItem(item: Element): SocialPost {
  const handle = item.getAttribute('data-testid')?.slice('postThreadItem-by-'.length) ?? null;
  // The avatar links to the profile too, without text: the name is the first such link with
  // some. Links are compared as strings: page text never becomes part of a selector.
  const profile = `/profile/${handle ?? ''}`;
  const name = Array.from(item.querySelectorAll('a[href^="/profile/"]'))
    .filter((a) => a.getAttribute('href') === profile)
    .map((a) => (a.textContent ?? '').replace(/[\s\u202a\u202c]+/g, ' ').trim())
    .find(Boolean);
  const postLink = item.querySelector('a[href*="/post/"]');
  return {
    name: name && name !== handle ? name : null,
    handle: handle ? `@${handle}` : null,
    // The app writes dates only as text: in the post link's label, or (the focused post, which
    // has no link to itself) in a tooltip.
    date:
      attrOf(item, 'time[datetime]', 'datetime') ??
      postLink?.getAttribute('aria-label') ??
      attrOf(item, '[data-tooltip]', 'data-tooltip'),
    link: postLink?.getAttribute('href') ?? null,
    text: item.querySelector('[data-testid="postText"]'),
    media: Array.from(item.querySelectorAll('img[src*="/img/feed_"]')).map((img) => ({
      url: (img.getAttribute('src') ?? '').replace('/feed_thumbnail/', '/feed_fullsize/'),
      kind: 'image' as const,
      alt: (img.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim(),
    })),
  };
}

export const bluesky: SiteExtractor = {
  name: 'Bluesky',
  matches: (url, doc) =>
    url.hostname === 'bsky.app' &&
    POST_PATH.test(url.pathname) &&
    (!!doc.querySelector(ITEM) || !!metaContent(doc, 'og:description')),
  extract(doc, url) {
    const handle = POST_PATH.exec(url.pathname)?.[1] ?? '';
    const items = Array.from(doc.querySelectorAll(ITEM));
    const posts = items.map(readItem);
    // The focused post is the one without a link to itself; the app links every other.
    // The focused post is the author's one without a link to itself (the app links the others).
    const own = (item: Element) =>
      Array.from(item.querySelectorAll('a[href*="/post/"]')).some(
        (a) => a.getAttribute('href') === url.pathname,
      );
    let focus = items.findIndex((item, i) => posts[i]?.handle === `@${handle}` && !own(item));
    if (focus < 0) focus = posts.findIndex((p) => p.handle === `@${handle}`);
    const published = metaContent(doc, 'article:published_time');
    if (focus < 0) {
      const text = metaContent(doc, 'og:description');
      if (!text) return null;
      const who = metaContent(doc, 'og:title');
      const content = el(doc, 'div', {}, el(doc, 'p', {}, text));
      return {
        content,
        title: postTitle({
          name: who,
          handle: null,
          date: null,
          link: null,
          text: content,
          media: [],
        }),
        byline: who,
        published,
        siteName: 'Bluesky',
      };
    }
    const post = posts[focus];
    if (!post) return null;
    // The metadata's date is exact; the page's own is display text.
    post.date = published ?? post.date;
    const title = postTitle(post);
    return {
      content: renderThreadPosts(doc, posts, focus, url),
      title,
      byline: post.name ?? post.handle,
      published: post.date,
      siteName: 'Bluesky',
    };
  },
};
