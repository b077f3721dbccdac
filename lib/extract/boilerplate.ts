import { classAndId, normalizedText, tagName } from './dom';

/**
 * Boilerplate left inside the article: share and follow buttons, "related" / "read more"
 * lists, newsletter boxes, comment counts, author hover cards, form controls, empty links.
 * One pass over class/id-bearing elements plus a few targeted selectors; an element is
 * only removed when it holds a small share of the article text, so a wrapper that happens
 * to carry a matching class never takes the article with it.
 */

const BOILERPLATE =
  /(?:^|[\s_-])(?:share|shares|sharing|sharebar|share-?buttons?|social|social-?links|follow-?us|follow-?buttons?|related|related-?(?:posts|articles|stories|content)|read-?more|more-?stories|recommended|recirculation|newsletter|subscribe|subscription|signup|sign-?up|comment-?count|comments-?count|hovercard|hover-?card|author-?card|author-?popup|author-?tooltip|popover|promo|advert|advertisement|ad-?slot|ad-?container|sponsored|outbrain|taboola|print-?button|toolbar|byline|dateline|author-?(?:box|bio|info|meta)|post-?meta|entry-?meta|article-?meta)(?:[\s_-]|$)/;
// Share intents of the common networks, matched on link targets.
const SHARE_HREF =
  /(?:twitter\.com\/intent|x\.com\/intent|facebook\.com\/sharer|linkedin\.com\/shareArticle|pinterest\.com\/pin\/create|reddit\.com\/submit|api\.whatsapp\.com\/send|wa\.me\/\?text|t\.me\/share|news\.ycombinator\.com\/submitlink|bsky\.app\/intent|^mailto:\?)/i;
const CONTROLS =
  'button, input, select, textarea, form, dialog, [role="button"]:not(a), [role="dialog"]';
const RELATED_HEADING =
  /^(?:related(?: articles| posts| stories| content| reading)?|read more|more from .{0,40}|more stories|you (?:might|may) also like|recommended(?: for you)?|see also|further reading on this site|popular(?: posts| stories)?|trending|most read|sign up for .{0,60}|subscribe to .{0,60}|share this(?: article| post| story)?)[:.!]?$/i;
const COMMENT_COUNT =
  /^\d[\d,.]*\s+comments?$|^comments?\s*\(\d+\)$|^no comments$|^leave a comment$/i;
const KEEP = 'pre, [data-pageclip-tex], table, figure';

export function removeBoilerplate(root: Element): void {
  const total = Math.max(1, normalizedText(root).length);
  const limit = Math.min(total * 0.25, 3000);
  for (const el of Array.from(root.querySelectorAll('[class], [id]'))) {
    if (!el.isConnected || el === root) continue;
    const tag = tagName(el);
    if (tag === 'pre' || tag === 'code' || el.hasAttribute('data-pageclip-tex')) continue;
    if (!BOILERPLATE.test(classAndId(el))) continue;
    if (el.querySelector(KEEP)) continue;
    if (normalizedText(el).length > limit) continue;
    el.remove();
  }
  for (const a of Array.from(root.getElementsByTagName('a'))) {
    if (!SHARE_HREF.test(a.getAttribute('href') ?? '')) continue;
    const li = a.closest('li');
    a.remove();
    if (li && !normalizedText(li)) li.remove();
  }
  for (const el of Array.from(root.querySelectorAll(CONTROLS))) {
    // A form may wrap the article on some CMSs; keep its content then.
    if (tagName(el) === 'form' && normalizedText(el).length > 200) continue;
    el.remove();
  }
  for (const h of Array.from(root.querySelectorAll('h2, h3, h4, h5, h6'))) {
    if (!h.isConnected || !RELATED_HEADING.test(normalizedText(h))) continue;
    const next = h.nextElementSibling;
    if (
      next &&
      (tagName(next) === 'ul' || tagName(next) === 'ol') &&
      next.querySelectorAll('a').length >= 1
    ) {
      next.remove();
      h.remove();
    } else if (!next) {
      h.remove();
    }
  }
  for (const a of Array.from(root.querySelectorAll('a'))) {
    if (!a.isConnected) continue;
    const text = normalizedText(a);
    if (!text && !a.querySelector('img, [data-pageclip-tex], svg, picture, video')) {
      a.remove();
      continue;
    }
    if (
      COMMENT_COUNT.test(text) &&
      /#comments?|#respond|#disqus/i.test(a.getAttribute('href') ?? '')
    )
      a.remove();
  }
  for (const el of Array.from(root.querySelectorAll('li, p, span'))) {
    if (el.children.length > 1 || (el.textContent ?? '').length > 40) continue;
    if (el.isConnected && COMMENT_COUNT.test(normalizedText(el))) el.remove();
  }
}

/** Lighter cleaning for full-page clips: controls and empty links only. */
export function removeControls(root: Element): void {
  for (const el of Array.from(root.querySelectorAll(CONTROLS))) el.remove();
  for (const a of Array.from(root.querySelectorAll('a'))) {
    if (!normalizedText(a) && !a.querySelector('img, [data-pageclip-tex], svg, picture, video'))
      a.remove();
  }
}
