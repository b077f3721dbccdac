import { attrOf } from './build';
import { postTitle, renderThreadPosts, type PostMedia, type SocialPost } from './social-post';
import type { SiteExtractor } from './types';

/**
 * X (Twitter) post pages: the post and the author's own thread around it (`article` elements
 * marked `data-testid="tweet"`). Long-form X articles go to the general pipeline.
 */

const STATUS_PATH = /^\/[^/]+\/status\/(\d+)/;

/** X writes "Image" for a picture its author did not describe: no description then. */
function imageAlt(img: Element): string {
  const alt = (img.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
  return alt === 'Image' ? '' : alt;
}

function readTweet(tweet: Element): SocialPost {
  const user = tweet.querySelector('[data-testid="User-Name"]');
  const handle = /@\w+/.exec(user?.textContent ?? '')?.[0] ?? null;
  const time = tweet.querySelector('time[datetime]');
  const text = tweet.querySelector('[data-testid="tweetText"]');
  // Emoji are drawn as images; their alt text is the character.
  for (const emoji of Array.from(text?.querySelectorAll('img[src*="/emoji/"]') ?? [])) {
    emoji.replaceWith(emoji.getAttribute('alt') ?? '');
  }
  const media = Array.from(
    tweet.querySelectorAll('[data-testid="tweetPhoto"] img[src], video[poster], video[src]'),
  ).map((m): PostMedia =>
    m.localName.toLowerCase() === 'video'
      ? { url: m.getAttribute('src') ?? m.getAttribute('poster') ?? '', kind: 'video', alt: '' }
      : { url: m.getAttribute('src') ?? '', kind: 'image', alt: imageAlt(m) },
  );
  return {
    // The display name is the first profile link's text that is not the @handle.
    name:
      Array.from(user?.querySelectorAll('a') ?? [])
        .map((a) => (a.textContent ?? '').replace(/\s+/g, ' ').trim())
        .find((t) => t && !t.startsWith('@')) ?? null,
    handle,
    date: time?.getAttribute('datetime') ?? null,
    link: time?.closest('a')?.getAttribute('href') ?? null,
    text,
    // The page shows small renditions; the link is to the large one.
    media: media
      .filter((m) => m.url)
      .map((m) => ({ ...m, url: m.url.replace(/([?&]name=)\w+/, '$1large') })),
  };
}

export const x: SiteExtractor = {
  name: 'X',
  matches: (url, doc) =>
    /^(?:www\.|mobile\.)?(?:x|twitter)\.com$/.test(url.hostname) &&
    STATUS_PATH.test(url.pathname) &&
    !!doc.querySelector('article[data-testid="tweet"]') &&
    !doc.querySelector('[data-testid="twitterArticleReadView"]'),
  extract(doc, url) {
    const tweets = Array.from(doc.querySelectorAll('article[data-testid="tweet"]'));
    const id = STATUS_PATH.exec(url.pathname)?.[1] ?? '';
    const focusTweet = tweets.findIndex((t) => !!t.querySelector(`a[href*="/status/${id}"] time`));
    const posts = tweets.map(readTweet);
    const focus = Math.max(0, focusTweet);
    const post = posts[focus];
    if (!post?.text) return null;
    const title = postTitle(post);
    const content = renderThreadPosts(doc, posts, focus, url);
    return {
      content,
      title,
      byline: post.name ?? post.handle,
      published: post.date ?? attrOf(doc, 'meta[property="article:published_time"]', 'content'),
      siteName: 'X',
    };
  },
};
