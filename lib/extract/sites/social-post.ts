import { absolute, displayDate, el, moveChildren } from './build';

/** One post of a social site as its module reads it. */
export interface SocialPost {
  name: string | null;
  handle: string | null;
  date: string | null;
  link: string | null;
  text: Element | null;
  /** Its pictures, videos and sounds, addresses as written on the page. */
  media: PostMedia[];
  /** Who wrote it, to tell the author's own posts from replies; the handle when absent. */
  account?: string | null;
}

/** A post's attachment: a picture with the description its author gave, or a player's file. */
export interface PostMedia {
  url: string;
  kind: 'image' | 'video' | 'audio';
  alt: string;
}

/** Posts in one thread kept at most. */
export const MAX_THREAD_POSTS = 25;

/**
 * A post: header (name, handle, date linked to the post), its text, then its pictures as
 * pictures (with their descriptions, which screen-reader users and search need) and its videos
 * and sounds as links (a note holds no player).
 */
export function renderPost(doc: Document, post: SocialPost, base: URL): Element {
  const head = el(doc, 'p', {}, el(doc, 'strong', {}, post.name ?? post.handle ?? 'unknown'));
  if (post.handle && post.name) head.append(` (${post.handle})`);
  const date = displayDate(post.date);
  const link = absolute(post.link, base);
  if (date || link) {
    head.append(' · ');
    head.append(
      link ? el(doc, 'a', { href: link }, date ?? 'post') : doc.createTextNode(date ?? ''),
    );
  }
  const box = el(doc, 'div', {}, head, ...moveChildren(doc, post.text).childNodes);
  const seen = new Set<string>();
  const links: Element[] = [];
  const counts: Partial<Record<PostMedia['kind'], number>> = {};
  for (const m of post.media) {
    const url = absolute(m.url, base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    if (m.kind === 'image') box.append(el(doc, 'p', {}, el(doc, 'img', { src: url, alt: m.alt })));
    else {
      // Numbered per kind: "Video 1", "Video 2", "Audio 1".
      const label = m.kind === 'video' ? 'Video' : 'Audio';
      const n = (counts[m.kind] = (counts[m.kind] ?? 0) + 1);
      links.push(el(doc, 'li', {}, el(doc, 'a', { href: url }, `${label} ${n}`)));
    }
  }
  if (links.length) box.append(el(doc, 'ul', {}, ...links));
  return box;
}

/**
 * A thread: the posts next to the `focus` one (by index) written by the same author, in
 * order, capped; others' replies are not the author's post and are left out.
 */
export function renderThreadPosts(
  doc: Document,
  posts: SocialPost[],
  focus: number,
  base: URL,
): Element {
  const who = (i: number) => posts[i]?.account ?? posts[i]?.handle;
  const author = who(focus);
  let from = focus;
  while (from > 0 && who(from - 1) === author) from--;
  let to = focus;
  while (to + 1 < posts.length && who(to + 1) === author) to++;
  const kept = posts.slice(from, Math.min(to + 1, from + MAX_THREAD_POSTS));
  const content = el(doc, 'div');
  kept.forEach((post, i) => {
    if (i > 0) content.append(el(doc, 'hr'));
    content.append(renderPost(doc, post, base));
  });
  return content;
}

/** "Alice: the post's first words…", a title for a post that has none. */
export function postTitle(post: SocialPost | undefined): string | null {
  if (!post) return null;
  const words = (post.text?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const short = words.length > 80 ? `${words.slice(0, 80).replace(/\s\S*$/, '')}…` : words;
  const who = post.name ?? post.handle;
  return who && short ? `${who}: ${short}` : who || short || null;
}
