import {
  inProse,
  linkTextShare,
  opensProse,
  removeWidgetLines,
  shortText,
} from './boilerplate-lines';
import { removeGalleryCounters } from './gallery-counters';
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
// Section labels that introduce teasers, comments or share/rate widgets rather than article
// text, in the languages the corpus shows most (en, de, fr, es, pt, pl, it). Matched on the
// whole text of a heading or a one-line label paragraph ("**Auch interessant:**"), lower-cased
// (no `i` flag: see widgetLineKind in boilerplate-lines.ts).
const RELATED_HEADING = new RegExp(
  '^(?:' +
    [
      'related(?: articles| posts| stories| content| reading| links| topics| news)?',
      'read (?:more|also|next)',
      'more (?:from|on|about|in) .{1,40}',
      'more (?:stories|articles|news|posts)',
      'you (?:might|may) also like',
      '(?:recommended|popular|trending|latest|editor.s picks)(?: for you| now| posts| stories| articles| news| reading)?',
      'most (?:read|popular|viewed|shared|commented)(?: articles| stories)?',
      'see also',
      'further reading on this site',
      'sign up for .{0,60}',
      'subscribe to .{0,60}',
      'share this(?: article| post| story| page)?',
      '(?:leave|post) a (?:comment|reply)',
      // German
      '(?:das|dies|diese[rs]?)(?: \\S+)? k[öo]nnten? (?:sie|dich|euch) (?:auch )?interessieren',
      'auch (?:interessant|lesenswert|lesen|auf .{1,30})',
      '(?:weitere |noch )?mehr (?:zum thema(?: .{1,40})?|themen|dazu|aus .{1,40}|zu .{1,40}|infos .{0,40})',
      'weitere (?:artikel|beitr[äa]ge|nachrichten|news|themen|meldungen|links|informationen|infos)(?: .{1,40})?',
      'weiterf[üu]hrende[rn]? (?:links?|informationen|artikel)',
      '(?:heute )?empfehlen wir',
      'unsere empfehlung(?:en)?(?: f[üu]r (?:sie|dich|euch))?',
      '(?:die )?aktuelle ausgabe',
      'zusatzinformationen',
      'vorschau auf (?:den|die|das) n[äa]chsten? .{1,20}',
      'artikel und videos zum thema',
      '(?:zum )?weiterlesen',
      'mehr lesen',
      '(?:redaktions|lese)tipps?',
      'lesen sie (?:auch|mehr|weiter)(?: .{1,40})?',
      'siehe auch',
      '(?:[äa]hnliche|verwandte|empfohlene|neueste|aktuelle) (?:artikel|beitr[äa]ge|themen|nachrichten|news)',
      'meist(?:-| )?(?:gelesen|diskutiert|kommentiert)e?(?: artikel| beitr[äa]ge)?',
      'viel gelesen(?: in .{1,40})?',
      'schon gelesen',
      'kommentieren sie',
      'kommentare? (?:schreiben|verfassen)',
      'artikel bewerten',
      'entdecken? (?:sie )?(?:jetzt|mehr|weitere .{1,30})',
      // French, Spanish, Portuguese, Italian, Polish
      '(?:[àa] )?lire aussi',
      'vous aimerez aussi',
      '(?:articles?|audios?|vid[ée]os?)(?: et (?:audios?|vid[ée]os?))? sur le (?:m[êe]me )?sujet',
      'sur le m[êe]me sujet',
      'les plus lus',
      'le[ea](?:se)? tambi[ée]n',
      '(?:tambi[ée]n )?(?:te|le) puede interesar',
      'noticias relacionadas',
      'm[áa]s noticias',
      'lo m[áa]s (?:le[íi]do|visto)',
      'visto ahora',
      'deja un comentario',
      'valora esta noticia',
      '(?:veja|leia|ver) tamb[ée]m',
      'mais lidas',
      'leggi anche',
      'czytaj (?:te[żz]|tak[żz]e)',
      'zobacz (?:te[żz]|tak[żz]e)',
      // Dutch, Finnish, Swedish, Danish and Norwegian
      'lees (?:ook|meer)',
      'lue (?:my[öo]s|lis[äa][äa]|seuraavaksi)',
      'l[äa]s (?:ocks[åa]|[äa]ven|mer)',
      'l[æe]s (?:ogs[åa]|mere?)',
    ].join('|') +
    ')\\s*(?:[:.!?…»]|\\.\\.\\.)?$',
  '',
);
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
  removeWidgetLines(byTag(LINE_TAGS), root, lengths);
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
  if (!nav && !named && !isTeaser(el, limit)) return false;
  // A link inside a sentence ("smb-affiliate-link") is part of the text, and so is an
  // agency dateline that opens the lead paragraph ("<span class=dateline>KOBE – </span>A
  // total of…"): news style keeps it with the sentence.
  return !(inProse(el) && (tag === 'a' || (DATELINE.test(names) && opensProse(el))));
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

/** A teaser block: mostly link text (headline lists, "read next" cards) or a bare image link. */
function isTeaser(el: Element, limit: number): boolean {
  if (el.querySelector('pre, [data-pageclip-tex], table')) return false;
  const text = normalizedText(el);
  if (text.length > limit) return false;
  if (!text) return !!el.querySelector('a img, a picture');
  return linkTextShare(el, text) >= 0.6;
}

/** A menu's item that labels the links below it: `<li><a href="#">More on this</a><ul>…`. */
function isSublistLabel(a: Element): boolean {
  const next = a.nextElementSibling;
  return (
    tagName(a.parentElement ?? a) === 'li' &&
    a.parentElement!.firstElementChild === a &&
    !!next &&
    (tagName(next) === 'ul' || tagName(next) === 'ol')
  );
}

/**
 * "Related articles", "Auch interessant", "Lee también…": the label goes, and so do the teaser
 * blocks right after it (link lists, linked headlines, image links), up to the first block
 * of ordinary text. A label alone in its wrapper is followed at the wrapper's level.
 */
function removeLabelledSections(
  labels: Element[],
  root: Element,
  limit: number,
  lengths: Map<Node, number>,
): void {
  for (const label of labels) {
    if (!label.isConnected) continue;
    const text = shortText(label, 80, lengths);
    if (!text || !RELATED_HEADING.test(text.toLowerCase())) continue;
    let el: Element = label;
    while (
      !el.nextElementSibling &&
      el.parentElement &&
      el.parentElement !== root &&
      normalizedText(el.parentElement) === text
    )
      el = el.parentElement;
    let next = el.nextElementSibling;
    while (next && isTeaser(next, limit)) {
      const after = next.nextElementSibling;
      next.remove();
      next = after;
    }
    const item = el.parentElement;
    el.remove();
    // A menu item left empty goes, and its list with it when that was its only item.
    if (item && tagName(item) === 'li' && !item.firstElementChild && !normalizedText(item)) {
      const list = item.parentElement;
      item.remove();
      if (list && list !== root && !list.firstElementChild && !normalizedText(list)) list.remove();
    }
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
