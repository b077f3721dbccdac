import { absolute, displayDate, el, moveChildren } from './build';

/**
 * Discussion threads as nested quotes. The sites list comments best first (Hacker News by
 * rank, Reddit by "best"; GitHub and Discourse by time, where the first is the oldest), so
 * keeping the page's order and cutting per level keeps the top comments and their first
 * replies. Caps, documented in docs/architecture.md ("Site extractors"):
 */
export const THREAD_CAPS = {
  /** Top-level comments kept. */
  top: 50,
  /** Replies kept under one comment. */
  replies: 10,
  /** Deepest reply level kept (top level is 0). */
  depth: 5,
  /** Comments kept in all. */
  total: 150,
  /** Comment elements looked at on the page; the rest are only counted. */
  scanned: 5000,
} as const;

/** One comment as a site module reads it; the body is read only for comments kept. */
export interface ThreadComment {
  author: string | null;
  /** ISO date or the page's own text. */
  date: string | null;
  /** Permalink of the comment, as written on the page. */
  link: string | null;
  body: Element | null;
  /** 0 for a top-level comment. */
  depth: number;
}

/** A comment's header line: author, then its date linked to the comment. */
export function byline(
  doc: Document,
  c: Omit<ThreadComment, 'body' | 'depth'>,
  base: URL,
): Element {
  const p = el(doc, 'p');
  p.append(el(doc, 'strong', {}, c.author ?? 'unknown'));
  const date = displayDate(c.date);
  const link = absolute(c.link, base);
  if (date) {
    p.append(' · ');
    p.append(link ? el(doc, 'a', { href: link }, date) : doc.createTextNode(date));
  }
  return p;
}

/**
 * Builds the thread from the page's comment elements in page order; `read` is called for
 * each element looked at, and `read(e).body`'s children are moved only for kept comments.
 */
export function renderThread(
  doc: Document,
  nodes: readonly Element[],
  read: (node: Element) => ThreadComment,
  base: URL,
): Element {
  const root = el(doc, 'div');
  // Per level: the quote the next reply goes into (null when that comment was left out) and
  // how many replies it holds.
  const open: { quote: Element | null; children: number }[] = [];
  let rootChildren = 0;
  let kept = 0;
  const scanned = Math.min(nodes.length, THREAD_CAPS.scanned);
  for (const node of nodes.slice(0, scanned)) {
    const c = read(node);
    const depth = Math.max(0, Math.min(c.depth, open.length));
    open.length = depth;
    const parent = depth === 0 ? null : open[depth - 1];
    const siblings = parent ? parent.children : rootChildren;
    const limit = depth === 0 ? THREAD_CAPS.top : THREAD_CAPS.replies;
    const keep =
      kept < THREAD_CAPS.total &&
      depth <= THREAD_CAPS.depth &&
      (depth === 0 || !!parent?.quote) &&
      siblings < limit;
    if (parent) parent.children++;
    else rootChildren++;
    if (!keep) {
      open.push({ quote: null, children: 0 });
      continue;
    }
    kept++;
    const quote = el(
      doc,
      'blockquote',
      {},
      byline(doc, c, base),
      ...moveChildren(doc, c.body).childNodes,
    );
    (parent?.quote ?? root).append(quote);
    open.push({ quote, children: 0 });
  }
  if (kept < nodes.length) {
    root.append(
      el(
        doc,
        'p',
        {},
        el(doc, 'em', {}, `${kept} of ${nodes.length} comments clipped; the rest are on the page.`),
      ),
    );
  }
  return root;
}
