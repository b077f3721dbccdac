import { elementsByTag, INLINE_TAGS, normalizedText, normalizedTextUpTo, tagName } from './dom';
import { removeAboutSite } from './about-site';
import { removeClosingAddress } from './closing-address';
import { removeFollowCards } from './follow-cards';
import { removeAppeals } from './appeals';
import { removeSubscriptionOffers } from './subscription-offers';
import { removeSiteMenus } from './site-menus';
import { removeCalendars } from './calendar-widgets';
import { removeLookalikeText } from './lookalike-text';
import { removeClosingAuthorBio } from './author-bio';
import { removeMediaTabs } from './media-tabs';
import { removeTrailingHeadings } from './trailing';
import { removeTrailingLinkLines } from './trailing-links';
import { removeTeaserLists } from './teaser-lists';

/**
 * Page furniture that sits inside the article's own markup, so the class rules of
 * boilerplate.ts cannot tell it from text: heading permalinks, screen-reader labels ("Photo",
 * "Continue reading the main story"), tables of contents and breadcrumb trails. Each rule
 * looks at what the element is (a link to the heading's own anchor, a list of links to this
 * page's fragments, links joined by `›`), not at how a site names it.
 */

// The text of a permalink: a sign, a word saying so, or nothing (an icon).
const PERMALINK_TEXT = /^(?:[#¶§🔗⚓]|permalink|link|anchor|direct link(?: to .*)?|)$/iu;
const EDIT_LINK = /^\[?\s*(?:edit(?: source)?|bearbeiten|modifier)\s*\]?$/i;
const PERMALINK_CLASS = /(?:^|[\s_-])(?:anchor|headerlink|hash-?link|permalink|heading-?link)/i;
// Screen-reader text a reader never sees: the label before a photo, a skip link.
const SR_ONLY =
  /(?:^|\s)(?:visually-?hidden|sr-only|screen-reader-(?:text|only)|a11y-hidden)(?:\s|$)/i;
const MEDIA_LABEL = /^(?:photo|image|video|foto|bild|imagen|graphic)$/i;
// A caption or line that only credits the photographer.
const PHOTO_BY = /^(?:photo(?:graph)?s?|images?|pictures?)\s+(?:by|courtesy(?: of)?)\s+\S.{0,80}$/i;
// The label or credit of an embedded video ("VIDEO: Symptoms to watch for", "Video: Jane Doe"):
// clips hold no players, so the line names something the reader will not find. A line that
// links somewhere (to the video itself) keeps its link and loses only the label.
const VIDEO_LABEL = /^vid[eé]o\s*:\s*\S.{0,100}$/i;
const VIDEO_LABEL_TEXT = /^\s*vid[eé]o\s*:\s*$/i;
const CONTINUE_READING = /^continue reading(?: the main story| below| the story)?\s*[.…]*$/i;
// How long a broadcaster keeps a programme online ("Video verfügbar bis 28.02.2021",
// "Available until 3 March 2025"): a note about the player, which a clip does not hold. Only
// with a date, so an offer's "available until stocks last" is left to the text.
const AVAILABLE_UNTIL =
  /^(?:(?:video|audio|podcast|sendung|programme|episode)\s+)?(?:verf[üu]gbar|abrufbar|available|disponible)\s+(?:bis|until|till|jusqu[’']au|hasta)\s+(?=[^\d]{0,20}\d)\S.{0,40}$/i;
// Breadcrumb joiners: unambiguous arrows, or a slash with space on both sides.
const CRUMB_JOIN = /[›»→>]|\s\/\s/;
const CRUMB_GAP = /^[\s›»→>/|•·]*$/;
const MAX_CRUMB_CHARS = 160;

/** Whether `href` names a fragment of this page (fragment links were made absolute already). */
function isOwnFragment(href: string, pageNoHash: string): boolean {
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return false;
  return hash === 0 || href.slice(0, hash) === pageNoHash;
}

/**
 * `## Setting up [#](…#setting-up)`, `Setting up¶`, `History[edit]`: the heading keeps its
 * words only.
 */
export function removeHeadingPermalinks(root: Element): void {
  for (const heading of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const text = normalizedText(heading);
    for (const el of Array.from(heading.querySelectorAll('a, span'))) {
      if (!el.isConnected) continue;
      const own = normalizedText(el);
      // A link around the whole heading is the heading, not a permalink beside it.
      if (own === text && own !== '' && !/^[#¶§🔗⚓]$/u.test(own)) continue;
      const isLink = tagName(el) === 'a' && (el.getAttribute('href') ?? '').includes('#');
      const named = PERMALINK_CLASS.test(el.getAttribute('class') ?? '');
      if ((isLink || named) && PERMALINK_TEXT.test(own)) el.remove();
      // A wiki's "[edit]" link beside the heading.
      else if (EDIT_LINK.test(own) && (tagName(el) === 'a' || el.querySelector('a'))) el.remove();
    }
    // A bare sign left as text at either end; "C#" keeps its sign (no space before it).
    const first = heading.firstChild;
    if (first?.nodeType === 3)
      first.nodeValue = (first.nodeValue ?? '').replace(/^\s*[#¶§🔗]\s+/u, '');
    const last = heading.lastChild;
    if (last?.nodeType === 3) {
      last.nodeValue = (last.nodeValue ?? '').replace(/(?:^|\s+)#\s*$|\s*[¶§🔗]\s*$/u, '');
    }
  }
}

/**
 * Screen-reader labels and skip links ("Photo" before an image, "Continue reading…"), lines
 * that only credit a photographer and a programme's "available until" line.
 */
function removeReaderOnlyLines(root: Element): void {
  for (const el of Array.from(
    root.querySelectorAll('span, a, p, div, figcaption, small, dt, dd'),
  )) {
    if (!el.isConnected) continue;
    const text = normalizedTextUpTo(el, 100);
    if (!text) continue;
    if (
      CONTINUE_READING.test(text) ||
      PHOTO_BY.test(text) ||
      (AVAILABLE_UNTIL.test(text) && !isInlineInText(el))
    ) {
      el.remove();
      continue;
    }
    if (VIDEO_LABEL.test(text) && !isInlineInText(el)) {
      if (!el.querySelector('a')) el.remove();
      else dropLeadingLabel(el, VIDEO_LABEL_TEXT);
      continue;
    }
    // A screen reader's name for a control drawn beside it: the "▢" of a recipe card's
    // ingredient checkbox. Text without a letter or digit says nothing to a reader.
    if (!/[\p{L}\p{N}]/u.test(text) && SR_ONLY.test(el.getAttribute('class') ?? '')) {
      el.remove();
      continue;
    }
    if (!MEDIA_LABEL.test(text)) continue;
    // The bare word as its own element: hidden for screen readers, or the label of a figure.
    if (SR_ONLY.test(el.getAttribute('class') ?? '') || el.closest('figure')) el.remove();
  }
}

/**
 * `Video: <a>The festival</a>`: the label text before the element's only link goes, the link
 * stays. Any other shape (a label inside the link, text after it) is left alone.
 */
function dropLeadingLabel(el: Element, label: RegExp): void {
  const first = el.firstChild;
  const links = elementsByTag(el, 'a');
  if (first?.nodeType !== 3 || !label.test(first.nodeValue ?? '') || links.length !== 1) return;
  const rest = normalizedText(el).slice(normalizedText(first).length).trim();
  if (rest === normalizedText(links[0]!)) first.remove();
}

/** An inline element with text of its own beside it: part of a sentence, not a line. */
function isInlineInText(el: Element): boolean {
  if (!/^(?:span|a|small)$/.test(tagName(el))) return false;
  const parentText = normalizedText(el.parentElement ?? el);
  return parentText !== normalizedText(el);
}

/**
 * A list of three or more items, at least 80% of them nothing but a link to a fragment of
 * this page (nested lists counted), goes; so does a wrapper left holding only its label.
 */
function removeTablesOfContents(root: Element, pageNoHash: string): void {
  for (const list of Array.from(root.querySelectorAll('ul, ol'))) {
    if (!list.isConnected || list.parentElement?.closest('ul, ol')) continue;
    const items = Array.from(list.querySelectorAll('li'));
    if (items.length < 3) continue;
    let fragmentItems = 0;
    for (const li of items) {
      const own = Array.from(li.querySelectorAll('a')).filter((a) => a.closest('li') === li);
      if (own.length !== 1) continue;
      const a = own[0]!;
      if (!isOwnFragment(a.getAttribute('href') ?? '', pageNoHash)) continue;
      // Nothing but the link (and a section number) in the item's own line.
      const ownText = Array.from(li.childNodes)
        .filter(
          (n) =>
            n.nodeType === 3 || (n.nodeType === 1 && !/^(?:ul|ol)$/.test(tagName(n as Element))),
        )
        .map((n) => n.textContent ?? '')
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      const linkText = normalizedText(a);
      if (ownText.replace(linkText, '').replace(/[\d.\s]+/g, '') === '') fragmentItems++;
    }
    if (fragmentItems < 0.8 * items.length) continue;
    let gone: Element = list;
    // Climb wrappers that hold nothing else but a short label ("Contents", "[hide]").
    while (
      gone.parentElement &&
      gone.parentElement !== root &&
      normalizedText(gone.parentElement).length - normalizedText(gone).length <= 40
    ) {
      gone = gone.parentElement;
    }
    gone.remove();
  }
}

/**
 * Whether `nodes` read as a breadcrumb trail: two or more links joined by arrows (or a
 * spaced slash) and nothing else, maybe ending in the page's own name of a few words.
 */
function isCrumbTrail(nodes: Node[]): boolean {
  let links = 0;
  let between = '';
  let tail = '';
  let text = '';
  // Every wrapper with two links is asked, the article's too: the walk stops once the text
  // read so far is too long for a trail, whitespace collapsed (collapsing a text's start
  // never makes it longer than the collapsed whole), checked each time the text doubles.
  let checkAt = MAX_CRUMB_CHARS;
  let tooLong = false;
  const visit = (n: Node) => {
    if (n.nodeType === 3) {
      const value = n.nodeValue ?? '';
      text += value;
      if ((n.parentElement as Element | null)?.closest('a')) {
        between += tail;
        tail = '';
      } else tail += value;
      if (text.length > checkAt) {
        tooLong = text.replace(/\s+/g, ' ').trim().length > MAX_CRUMB_CHARS;
        checkAt = 2 * text.length;
      }
      return;
    }
    if (n.nodeType !== 1) return;
    if (tagName(n as Element) === 'a') links++;
    for (let c = n.firstChild; c && !tooLong; c = c.nextSibling) visit(c);
  };
  for (const n of nodes) if (!tooLong) visit(n);
  if (tooLong || links < 2) return false;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length > MAX_CRUMB_CHARS || !CRUMB_JOIN.test(flat)) return false;
  const joinsOnly = CRUMB_GAP.test(between.replace(/\s+/g, ' '));
  const joined = CRUMB_JOIN.test(between) || /^\s*[›»→>/]/.test(tail);
  const lastCrumb = tail.replace(/^[\s›»→>/|•·]+/, '').trim();
  return joinsOnly && joined && lastCrumb.split(/\s+/).length <= 12;
}

/**
 * The runs of inline content between an element's block children and line breaks: a line
 * the reader sees even when no element of its own holds it (a trail written straight into
 * the cell that also holds the article).
 */
function inlineRuns(el: Element): Node[][] {
  const runs: Node[][] = [[]];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    const inline = c.nodeType === 3 || (c.nodeType === 1 && INLINE_TAGS.has(tagName(c as Element)));
    if (inline) runs[runs.length - 1]!.push(c);
    else if (runs[runs.length - 1]!.length) runs.push([]);
  }
  return runs.filter((run) => run.length > 1);
}

/** `Home › Docs › Guide`: two or more links joined by arrows, maybe ending in the page's name. */
function removeBreadcrumbs(root: Element): void {
  for (const el of Array.from(
    root.querySelectorAll('p, div, nav, ol, ul, td, span, h2, h3, h4, h5, h6'),
  )) {
    if (!el.isConnected || elementsByTag(el, 'a').length < 2) continue;
    if (isCrumbTrail([el])) {
      el.remove();
      continue;
    }
    // A trail that is one line among others in a container with block children.
    if (!el.firstElementChild || !Array.from(el.children).some((c) => !INLINE_TAGS.has(tagName(c))))
      continue;
    for (const run of inlineRuns(el))
      if (isCrumbTrail(run)) for (const n of run) (n as ChildNode).remove();
  }
}

/**
 * All of the above, for article clips; `pageUrl` tells this page's fragments apart. Then the
 * article's tail: media tab switchers (media-tabs.ts), a paywall's subscription plans
 * (subscription-offers.ts), support appeals (appeals.ts), a closing list of the site's other
 * articles (teaser-lists.ts), closing link-only lines (trailing-links.ts), text in look-alike
 * letters (lookalike-text.ts), a closing note about the author (author-bio.ts) and headings
 * left with nothing under them (trailing.ts).
 */
export function removeClutter(root: Element, pageUrl: string): void {
  const pageNoHash = pageUrl.replace(/#.*$/, '');
  removeHeadingPermalinks(root);
  removeReaderOnlyLines(root);
  removeTablesOfContents(root, pageNoHash);
  removeBreadcrumbs(root);
  removeSiteMenus(root);
  removeCalendars(root);
  removeMediaTabs(root, pageUrl);
  removeSubscriptionOffers(root);
  removeAppeals(root);
  removeFollowCards(root);
  removeAboutSite(root);
  removeTeaserLists(root, pageNoHash);
  removeTrailingLinkLines(root);
  removeLookalikeText(root);
  removeClosingAuthorBio(root);
  removeClosingAddress(root);
  removeTrailingHeadings(root);
}
