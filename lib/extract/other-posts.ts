import { normalizedText } from './dom';

/**
 * Teasers of the blog's other posts, removed from the snapshot of a WordPress post: WordPress
 * names every post it renders in its classes (`post-86744`), and the page of one post names
 * that post in the body's (`postid-99000`). An element named for another post is that post's
 * card in a related-posts grid, a "more posts" list or a sidebar, whatever the theme calls
 * it: its text is never this article's. Only a card goes, never a block holding posts,
 * the headline or a long text (a theme's template rendered as a post of its own holds the
 * whole article).
 */

/** Where the snapshot's body keeps the page's post id: the body's own classes are not copied. */
export const POST_ATTR = 'data-pageclip-post';
const POST_ID = /(?:^|\s)postid-(\d+)(?:\s|$)/;
const POST_CLASS = /(?:^|\s)post-(\d+)(?:\s|$)/;
// A card's text: a headline, an excerpt, a date and a byline.
const MAX_CARD_CHARS = 1000;

/** The id of the post a WordPress page shows, from its body's classes. */
export function pagePostId(liveBody: Element): string | null {
  return POST_ID.exec(liveBody.getAttribute('class') ?? '')?.[1] ?? null;
}

export function removeOtherPosts(body: Element): void {
  const own = body.getAttribute(POST_ATTR);
  if (!own) return;
  const posts = Array.from(body.querySelectorAll('[class*="post-"]')).filter((el) =>
    POST_CLASS.test(el.getAttribute('class') ?? ''),
  );
  for (let i = 0; i < posts.length; i++) {
    const el = posts[i]!;
    const id = POST_CLASS.exec(el.getAttribute('class') ?? '')?.[1];
    if (!id || id === own || !body.contains(el)) continue;
    // A block holding posts is their grid or the page, not a card. In document order a post
    // inside it comes right after it, so this costs no walk, and posts nested in posts no
    // more than one card each.
    const next = posts[i + 1];
    if ((next && el.contains(next)) || el.querySelector('h1')) continue;
    if (normalizedText(el).length > MAX_CARD_CHARS) continue;
    el.remove();
  }
}
