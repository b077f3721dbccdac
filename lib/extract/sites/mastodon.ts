import { attrOf, metaContent, textOf } from './build';
import { postTitle, renderThreadPosts, type PostMedia, type SocialPost } from './social-post';
import type { SiteExtractor } from './types';

/**
 * Mastodon post pages, on any server (recognised by the address and the app's
 * `.detailed-status`): the post and the author's own thread around it.
 */

const STATUS = '.detailed-status, .status';

/** A picture links to its original; a player holds its file. */
function media(status: Element): PostMedia[] {
  return Array.from(
    status.querySelectorAll(
      '.media-gallery__item-thumbnail[href], .video-player video[src], .audio-player audio[src]',
    ),
  )
    .map((m): PostMedia => {
      const tag = m.localName.toLowerCase();
      if (tag === 'video' || tag === 'audio')
        return { url: m.getAttribute('src') ?? '', kind: tag, alt: '' };
      const alt = m.querySelector('img')?.getAttribute('alt') ?? '';
      return { url: m.getAttribute('href') ?? '', kind: 'image', alt: alt.trim() };
    })
    .filter((m) => m.url);
}

function readStatus(status: Element): SocialPost {
  return {
    name: textOf(status, '.display-name__html, .display-name strong'),
    handle: textOf(status, '.display-name__account'),
    date: attrOf(status, 'time[datetime]', 'datetime'),
    link: attrOf(status, '.detailed-status__datetime, a.status__relative-time', 'href'),
    text:
      status.querySelector('.status__content__text') ?? status.querySelector('.status__content'),
    media: media(status),
    // The focused post writes the handle in full (@alice@host), the others often short: the
    // account's link tells whose post it is.
    account: attrOf(status, '.detailed-status__display-name, .status__display-name', 'href'),
  };
}

export const mastodon: SiteExtractor = {
  name: 'Mastodon',
  matches: (url, doc) =>
    /^\/@[^/]+\/\d+/.test(url.pathname) && !!doc.querySelector('.detailed-status .status__content'),
  extract(doc, url) {
    const statuses = Array.from(doc.querySelectorAll(STATUS)).filter(
      (s) => !s.parentElement?.closest(STATUS),
    );
    const focus = statuses.findIndex((s) => s.classList.contains('detailed-status'));
    if (focus < 0) return null;
    const posts = statuses.map(readStatus);
    const post = posts[focus];
    if (!post) return null;
    post.date ??=
      metaContent(doc, 'og:published_time') ?? metaContent(doc, 'article:published_time');
    const title = postTitle(post);
    return {
      content: renderThreadPosts(doc, posts, focus, url),
      title,
      byline: post.name ?? post.handle,
      published: post.date,
      siteName: metaContent(doc, 'og:site_name') ?? 'Mastodon',
    };
  },
};
