import { holdsProse } from './aria-hidden-prose';
import { elementsByTag, tagName } from './dom';

/**
 * Hidden content: what the reader cannot see is not clipped. Decided on the live DOM (the
 * only place computed styles exist) while the snapshot is cloned; see snapshot.ts.
 */

/**
 * Marks, in the page's copy, an element the reader cannot see (copy-visible.ts). The mark
 * travels with the copy when it is serialized for the extension's extraction document; the
 * walk removes the attribute from every element it keeps, so a page cannot set it itself.
 */
export const HIDDEN_MARK = 'data-pageclip-hidden';

const INLINE_HIDDEN =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!important\s*)?(?:;|$)/i;
// Elements that never have a box of their own but matter for the clip.
const NO_BOX = new Set([
  'source',
  'track',
  'script',
  'noscript',
  'template',
  'wbr',
  'br',
  'area',
  'map',
  'param',
  'col',
  'colgroup',
  'head',
  'title',
  'meta',
  'link',
  'style',
  'base',
]);
// Inside these, rendering is special (closed <details>, MathML annotations, SVG defs):
// descendants are kept whatever the engine reports.
const OPAQUE = new Set(['details', 'math', 'svg', 'mjx-assistive-mml']);

function isMathish(el: Element): boolean {
  const tag = tagName(el);
  if (tag === 'math' || tag.startsWith('mjx-')) return true;
  const cls = el.getAttribute('class') ?? '';
  if (/katex-mathml|MJX_Assistive_MathML|MathJax/.test(cls)) return true;
  return !!el.querySelector('math, script[type^="math/"]');
}

/** An element's `hidden` and `aria-hidden` attributes, read once by the snapshot's walk. */
export interface HidingAttributes {
  hidden: string | null;
  ariaHidden: string | null;
}

/**
 * Hidden by attributes alone: `hidden`, `aria-hidden="true"` (not math, not paragraphs of
 * prose), inline display/visibility.
 */
export function isHiddenByMarkup(el: Element, { hidden, ariaHidden }: HidingAttributes): boolean {
  if (hidden !== null && hidden !== 'until-found') return true;
  if (ariaHidden === 'true' && !isMathish(el) && !holdsProse(el)) return true;
  const style = el.getAttribute('style');
  return !!style && INLINE_HIDDEN.test(style);
}

/** `tag` is `tagName(el)`, which the snapshot's walk has already read. */
export function isOpaque(tag: string): boolean {
  return OPAQUE.has(tag);
}

/**
 * Hidden on the live page by its layout (markup is checked by `isHiddenByMarkup`).
 * `checkVisibility()` (Chrome 105+, Firefox 106+) answers from the computed style of the
 * element and its ancestors in one cheap call; `display: contents` elements have no box yet
 * show their children, so they are kept.
 */
export function isHiddenByLayout(el: Element, tag: string): boolean {
  if (NO_BOX.has(tag)) return false;
  const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
  if (typeof check !== 'function') return false;
  if (check.call(el, { visibilityProperty: true })) return false;
  const view = el.ownerDocument.defaultView;
  if (view && view.getComputedStyle(el).display === 'contents') return false;
  return true;
}

export function canCheckVisibility(doc: Document): boolean {
  return (
    typeof (doc.documentElement as Element & { checkVisibility?: unknown }).checkVisibility ===
    'function'
  );
}

type Visibility = 'hides' | 'shows' | null;

/** Whether a style rule hides (display none, visibility hidden) or shows its elements. */
function ruleVisibility(rule: CSSStyleRule): Visibility {
  const display = rule.style.getPropertyValue('display').trim();
  const visibility = rule.style.getPropertyValue('visibility').trim();
  if (display === 'none' || visibility === 'hidden') return 'hides';
  if ((display && display !== 'none') || visibility === 'visible') return 'shows';
  return null;
}

function cssRules(sheet: CSSStyleSheet | CSSMediaRule): CSSRule[] {
  try {
    return Array.from(sheet.cssRules);
  } catch {
    return []; // cross-origin sheet
  }
}

// Pseudo-elements and state selectors never match real elements in a static copy.
const NEVER_STATIC =
  /::?(?:before|after|hover|focus|active|visited|placeholder|selection|-webkit|-moz)|:not\(\.js|html\.|\.no-js|\.js\b/;

/**
 * Selectors of top-level style rules that hide elements, for engines without layout
 * (jsdom): the page's own `.hidden { display: none }` and the like. A selector that a
 * `min-width` media rule shows again is left out: the hiding rule is the mobile layout, and
 * a desktop browser, where clips are made, shows the element (NYT bylines).
 */
export function hidingSelectors(doc: Document): string[] {
  let sheets: StyleSheetList | null;
  try {
    sheets = doc.styleSheets;
  } catch {
    return [];
  }
  if (!sheets) return [];
  const hiding: string[] = [];
  const shownOnDesktop = new Set<string>();
  // A browser running scripts, where clips are made, reads `<noscript>` as text: its style
  // sheets ("hide everything but the no-script notice") never apply there.
  const noScript = new Set<unknown>(
    Array.from(doc.querySelectorAll('noscript style')).map((el) => (el as HTMLStyleElement).sheet),
  );
  for (const sheet of Array.from(sheets)) {
    if (noScript.has(sheet)) continue;
    for (const rule of cssRules(sheet as CSSStyleSheet)) {
      if (rule.type === 4 && /min-width/i.test((rule as CSSMediaRule).media?.mediaText ?? '')) {
        for (const inner of cssRules(rule as CSSMediaRule)) {
          const r = inner as CSSStyleRule;
          if (inner.type === 1 && r.selectorText && ruleVisibility(r) === 'shows')
            shownOnDesktop.add(r.selectorText);
        }
        continue;
      }
      const r = rule as CSSStyleRule;
      if (rule.type !== 1 || !r.style || !r.selectorText || r.style.length === 0) continue;
      if (ruleVisibility(r) !== 'hides' || NEVER_STATIC.test(r.selectorText)) continue;
      // Enough for the page's own utility classes; huge lists only slow the query.
      if (hiding.length < 200) hiding.push(r.selectorText);
    }
  }
  return hiding.filter((selector) => !shownOnDesktop.has(selector));
}

const INLINE_SHOWN = /(?:^|;)\s*(?:display\s*:\s*(?!none)[a-z-]+|visibility\s*:\s*visible)/i;

/** An inline style that shows the element wins over any style sheet rule hiding it. */
export function isShownInline(el: Element): boolean {
  const style = el.getAttribute('style');
  return !!style && INLINE_SHOWN.test(style);
}

/** Removes markup-hidden elements under root (used on selection fragments). */
export function removeHidden(root: Element): void {
  for (const el of elementsByTag(root, '*')) {
    if (!el.isConnected) continue;
    const markup = {
      hidden: el.getAttribute('hidden'),
      ariaHidden: el.getAttribute('aria-hidden'),
    };
    if (isHiddenByMarkup(el, markup)) el.remove();
    else {
      if (markup.ariaHidden !== null) el.removeAttribute('aria-hidden');
      if (markup.hidden !== null) el.removeAttribute('hidden');
    }
  }
}

/** Elements under `root` matched by any of `selectors` (one combined query when it parses). */
export function matchingSelectors(root: ParentNode, selectors: string[]): Element[] {
  if (selectors.length === 0) return [];
  try {
    return Array.from(root.querySelectorAll(selectors.join(',')));
  } catch {
    const matched: Element[] = [];
    for (const sel of selectors) {
      try {
        matched.push(...Array.from(root.querySelectorAll(sel)));
      } catch {
        // An engine-specific selector this DOM cannot parse.
      }
    }
    return matched;
  }
}

/** Elements without a box of their own (they cannot be "hidden"). */
export function hasNoBox(tag: string): boolean {
  return NO_BOX.has(tag);
}

// A sheet-hidden element holding more than this share of the page's text is shown anyway.
const REVEALED_SHARE = 0.5;

/**
 * Elements hidden by the page's style sheets, for engines without `checkVisibility`. An
 * element holding most of the page's text is not hidden from its reader: the page's scripts
 * reveal it (a wrapper that fades in once loaded, an article body a script unfolds), and
 * only an engine that runs none sees it hidden. The same holds for the elements one rule
 * hides together when they hold most of the text between them: a slideshow article whose
 * slides after the first are `.ssr-hide { display: none }` until its script runs.
 */
export function sheetHidden(live: Document): Set<Element> {
  const hidden = new Set<Element>();
  const selectors = hidingSelectors(live);
  let total = -1;
  for (const el of matchingSelectors(live, selectors)) {
    const tag = tagName(el);
    if (tag === 'body' || tag === 'html' || tag === 'main' || tag === 'article') continue;
    if (hasNoBox(tag) || isShownInline(el) || el.closest('math, details')) continue;
    if (total < 0) total = visibleTextLength(live.body);
    if (total > 0 && visibleTextLength(el) > total * REVEALED_SHARE) continue;
    hidden.add(el);
  }
  if (total > 0 && outermostTextLength(hidden) > total * REVEALED_SHARE)
    for (const group of revealedGroups(live, selectors, total))
      for (const el of group) hidden.delete(el);
  return hidden;
}

/**
 * The elements of each hiding rule that, between them, hold most of the page's text. Rare
 * (only when what is hidden outweighs what is shown), so each rule is queried on its own.
 */
function revealedGroups(live: Document, selectors: string[], total: number): Element[][] {
  const groups: Element[][] = [];
  for (const selector of selectors) {
    const matched = matchingSelectors(live, [selector]);
    if (outermostTextLength(new Set(matched)) > total * REVEALED_SHARE) groups.push(matched);
  }
  return groups;
}

/** Text of the elements of `set` that are not inside another of them. */
function outermostTextLength(set: Set<Element>): number {
  let n = 0;
  for (const el of set) {
    let nested = false;
    for (let p = el.parentElement; p && !nested; p = p.parentElement) nested = set.has(p);
    if (!nested) n += visibleTextLength(el);
  }
  return n;
}

/** Text length without scripts and styles (their source is no text the reader sees). */
function visibleTextLength(el: Element | null): number {
  if (!el) return 0;
  let n = (el.textContent ?? '').length;
  for (const code of Array.from(el.querySelectorAll('script, style, noscript')))
    n -= (code.textContent ?? '').length;
  return n;
}
