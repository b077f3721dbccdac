import { inProse, opensProse, removeWidgetLines } from './boilerplate-lines';
import { removeGalleryCounters } from './gallery-counters';
import { isSublistLabel, isTeaser, removeLabelledSections } from './labelled-sections';
import { classAndId, normalizedText, tagName } from './dom';
import { removePhpErrors } from './php-errors';

/**
 * Boilerplate left inside the article: share and follow buttons, "related" / "read more"
 * lists, newsletter boxes, comment counts, author hover cards, form controls, empty links.
 * One pass over class/id-bearing elements plus a few targeted selectors; an element is
 * only removed when it holds a small share of the article text, so a wrapper that happens
 * to carry a matching class never takes the article with it. One-line widgets, credits and
 * datelines are boilerplate-lines.ts; a slideshow's counters, gallery-counters.ts; PHP's error
 * messages, php-errors.ts.
 */

// A modifier saying what an element has or lacks (`fig--has-shares`: Guardian's figures with
// share buttons) names the element, not a box of such things: skipped.
// "related" names a related-posts box, except in `h2-related`, with which documentation
// generators (JetBrains Writerside) tie a paragraph to its section's heading; "read more" a
// link to the rest, except a script's hook (`js_readmore`) on text it folds away.
const BOILERPLATE =
  /(?<!(?:has|with|no))(?:^|[\s_-])(?:share|shares|sharing|sharebar|share-?buttons?|social|social-?links|follow-?us|follow-?buttons?|(?<!h[1-6]-)related|related-?(?:posts|articles|stories|content)|(?<!js[_-])read-?more|more-?stories|recommended|recirculation|newsletter|subscribe|subscription|signup|sign-?up|comment-?count|comments-?count|hovercard|hover-?card|author-?card|author-?popup|author-?tooltip|popover|promo|advert|advertisement|ad-?slot|ad-?container|sponsored|outbrain|taboola|print-?button|toolbar|byline|dateline|author-?(?:box|bio|info|meta|desc|description)|saboxplugin-?wrap|post-?meta|entry-?meta|article-?meta|postmetadata|(?:post|entry)-?(?:footer|utility|tags)|entryfooter|akismet|breadcrumbs?|tags|tag-?list|reading-?time|affiliate|cta|next-?(?:post|story)|nextstory|prev(?:ious)?-?post|post-?navigation|footer-?menu|table-?of-?contents|ez-toc-container|copyright|(?:photo|image|media)-?credits?|post-?author|disclaimer|news-?letter|comments|comment-(?:list|item|form|respond|section)|respond|post-?ratings?|subcaption|caption-*source|flyout|read-?speaker|rsbtn|print-?menu|menu-?print|wprm-recipe-(?:print|pin|jump)[\w-]*|shariff)(?:[\s_-]|$)/;
// WordPress sidebar widgets ("widget widget_rss"); not "elementor-widget-…", which wraps text.
const SIDEBAR_WIDGET = /(?:^|\s)(?:widget_[\w-]+|sidebar-widget)(?:\s|$)/;
// Teaser cards ("teaser", "sz-teaser__title"): removed only when mostly links, because some
// sites also call the article's lead paragraph a teaser.
const TEASER = /(?:^|[\s_-])teaser/;
// Share intents of the common networks, matched on link targets.
const SHARE_HREF =
  /(?:twitter\.com\/(?:intent|share\b)|x\.com\/intent|facebook\.com\/share(?:r|\.php)|linkedin\.com\/shareArticle|xing\.com\/(?:spi\/shares|social\/share)|pinterest\.com\/pin\/create|reddit\.com\/submit|getpocket\.com\/(?:edit|save)|api\.whatsapp\.com\/send|wa\.me\/\?text|t\.me\/share|news\.ycombinator\.com\/submitlink|bsky\.app\/intent|^mailto:\?)/i;
const CONTROLS =
  'button, input, select, textarea, form, dialog, [role="button"]:not(a), [role="dialog"]';
const COMMENT_COUNT =
  /^\d[\d,.]*\s+comments?$|^comments?\s*\(\d+\)$|^no comments$|^leave a comment$/i;
const KEEP = 'pre, [data-pageclip-tex], table, figure';

export function removeBoilerplate(root: Element): void {
  const total = Math.max(1, normalizedText(root).length);
  const limit = Math.min(total * 0.25, 3000);
  // One static list of every element, filtered by tag below: jsdom's querySelectorAll with
  // a selector list costs far more than one '*' walk (profiled on the trafilatura corpus).
  const all = Array.from(root.querySelectorAll('*'));
  const byTag = (tags: ReadonlySet<string>) =>
    all.filter((el) => el.isConnected && tags.has(tagName(el)));
  for (const el of all) {
    if (
      !el.isConnected ||
      !(
        el.hasAttribute('class') ||
        el.hasAttribute('id') ||
        el.hasAttribute('role') ||
        tagName(el) === 'nav' ||
        tagName(el).includes('-')
      )
    )
      continue;
    if (isBoilerplateContainer(el, limit)) el.remove();
  }
  for (const a of byTag(A)) {
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
  removePhpErrors(byTag(B));
  const lengths = rawTextLengths(all);
  removeLabelledSections(
    [...byTag(LABEL_TAGS), ...byTag(A).filter(isSublistLabel)],
    root,
    limit,
    lengths,
  );
  removeWidgetLines(byTag(WIDGET_LINE_TAGS), root, lengths);
  // After the widget lines, which trim a counter's credit ("2/28 photos © Agency").
  removeGalleryCounters(byTag(LINE_TAGS), lengths);
  for (const a of byTag(A)) {
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
  for (const el of byTag(COUNT_TAGS)) {
    if (el.children.length > 1 || (el.textContent ?? '').length > 40) continue;
    if (el.isConnected && COMMENT_COUNT.test(normalizedText(el))) el.remove();
  }
}

/**
 * A container the class/id rules mark as boilerplate (or a `<nav>`: navigation inside the
 * article container, such as breadcrumbs, tag bars and pagers, is never text), small enough
 * that it cannot be the article itself.
 */
function isBoilerplateContainer(el: Element, limit: number): boolean {
  const tag = tagName(el);
  if (tag === 'pre' || tag === 'code' || el.hasAttribute('data-pageclip-tex')) return false;
  // A custom element's name says what it is as a class would (`<pp-inline-teaser>`,
  // `<related-articles>`).
  const names = tag.includes('-') ? `${classAndId(el)} ${tag}` : classAndId(el);
  const nav = tag === 'nav' || el.getAttribute('role') === 'navigation';
  const teaser = TEASER.test(names);
  const named = BOILERPLATE.test(names) || SIDEBAR_WIDGET.test(names);
  if (!nav && !teaser && !named) return false;
  if (el.querySelector(KEEP)) return false;
  const text = normalizedText(el);
  if (text.length > limit) return false;
  if (!nav && !named && !isTeaser(el, limit) && !(teaser && linksHeadline(el))) return false;
  // A link inside a sentence ("smb-affiliate-link") is part of the text, and so is an
  // agency dateline that opens the lead paragraph ("<span class=dateline>KOBE – </span>A
  // total of…"): news style keeps it with the sentence.
  return !(inProse(el) && (tag === 'a' || (DATELINE.test(names) && opensProse(el))));
}

/**
 * A teaser box drawn with web components links its headline with a component of its own
 * (`<pp-link href="…"><h3>FAQs …</h3></pp-link>`), not an `<a>`, so its text does not count
 * as link text; a headline inside such a link says the box leads elsewhere.
 */
function linksHeadline(el: Element): boolean {
  for (const link of Array.from(el.querySelectorAll('[href]')))
    if (tagName(link).includes('-') && link.querySelector('h2, h3, h4, h5, h6')) return true;
  return false;
}

const A: ReadonlySet<string> = new Set(['a']);
const B: ReadonlySet<string> = new Set(['b']);
const DATELINE = /(?:^|[\s_-])dateline(?:[\s_-]|$)/;
const COUNT_TAGS: ReadonlySet<string> = new Set(['li', 'p', 'span']);
// Elements that can hold one label line; whole containers are left to the class rules.
const LABEL_TAGS: ReadonlySet<string> = new Set(
  'h2 h3 h4 h5 h6 p div span strong b em dt'.split(' '),
);
const LINE_TAGS: ReadonlySet<string> = new Set(
  'h2 h3 h4 h5 h6 p div span strong b em i small li dt dd figcaption cite a blockquote time'.split(
    ' ',
  ),
);
// Also a layout table's cells, the blocks of a page laid out in a table, and a table that
// holds nothing but one such line (a comment counter's row beside an empty cell).
const WIDGET_LINE_TAGS: ReadonlySet<string> = new Set([...LINE_TAGS, 'td', 'table']);
/**
 * Raw text length of every element under `root`, children before parents in one pass, so
 * the line rules skip long containers without reading their text (reading it for every
 * nested element costs time quadratic in the depth). Lengths only shrink as elements are
 * removed, so stale values err towards skipping.
 */
function rawTextLengths(all: Element[]): Map<Node, number> {
  const lengths = new Map<Node, number>();
  for (let i = all.length - 1; i >= 0; i--) {
    const el = all[i]!;
    let n = 0;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 1) n += lengths.get(c) ?? 0;
      else if (c.nodeType === 3) n += c.nodeValue?.length ?? 0;
    }
    lengths.set(el, n);
  }
  return lengths;
}

/** Lighter cleaning for full-page clips: controls and empty links only. */
export function removeControls(root: Element): void {
  for (const el of Array.from(root.querySelectorAll(CONTROLS))) el.remove();
  for (const a of Array.from(root.querySelectorAll('a'))) {
    if (!normalizedText(a) && !a.querySelector('img, [data-pageclip-tex], svg, picture, video'))
      a.remove();
  }
}
