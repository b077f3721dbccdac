import { numericAttr, ownerDoc, parseFragments, tagName } from './dom';
import { embeddableDataUrl } from './embedded-images';
import { isVideoPlayerUrl, parseSrcset } from './urls';

/**
 * Image rules, run on the snapshot before Readability so it scores real images:
 * lazy-loading attributes resolved, `<noscript>` fallbacks used, the best `<picture>` /
 * `srcset` candidate chosen, tracking pixels removed.
 */

const LAZY_SRC_ATTRS = [
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-lazy',
  'data-url',
  'data-hi-res-src',
  'data-orig-file',
  'data-echo',
];
const LAZY_SRCSET_ATTRS = ['data-srcset', 'data-lazy-srcset', 'data-original-set'];

// Paths and hosts of known analytics beacons; matched on the full URL.
const BEACON =
  /(?:\/pixel(?:\.gif|\.png|\?|\/)|\/beacon\b|\/1x1\.|\/spacer\.gif|\/blank\.gif|\/__utm\.gif|\/b\/ss\/|\/tr\?|doubleclick\.net|google-analytics\.com|googletagmanager\.com|facebook\.com\/tr|scorecardresearch\.com|quantserve\.com|pixel\.wp\.com|\/collect\?|sb\.scorecardresearch|bat\.bing\.com|analytics\.twitter\.com|ct\.pinterest\.com|stats\.wp\.com)/i;

/**
 * A loading animation shown until a script swaps the real picture in (`ajax-loader.gif`, an
 * Angular app's `recipe-loader.gif`): in a page whose script never ran, it is all the image
 * has, and it is never the picture. Animated formats only, so a photograph named after a
 * spinner stays.
 */
const LOADER_ANIMATION =
  /(?:^|[/_-])(?:pre)?(?:loader|loading|spinner)(?:[_-][\w-]*)?\.(?:gif|svg)(?:\?|$)/;

/** True when an `src` is missing or obviously a placeholder (a `data:` image or a spacer file). */
function isPlaceholderSrc(src: string | null): boolean {
  if (!src || !src.trim()) return true;
  const s = src.trim().toLowerCase();
  return (
    s.startsWith('data:') ||
    s === 'about:blank' ||
    /(?:^|\/)(?:blank|spacer|transparent|placeholder|lazy|loading|grey|gray|pixel)[\w-]*\.(?:gif|png|svg|jpe?g)(?:\?|$)/.test(
      s,
    ) ||
    LOADER_ANIMATION.test(s)
  );
}

/** The file name of an image URL, to recognise two sizes of the same picture. */
function fileKey(src: string | null): string {
  const path = (src ?? '').split(/[?#]/)[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

export function isTrackingPixel(img: Element): boolean {
  const w = numericAttr(img, 'width');
  const h = numericAttr(img, 'height');
  if ((w !== null && w <= 1) || (h !== null && h <= 1)) return true;
  const src = img.getAttribute('src') ?? '';
  return BEACON.test(src);
}

/** The largest candidate of a srcset: widest `w`, else densest `x`. */
export function bestSrcsetUrl(srcsets: string[]): string | null {
  let bestW: { url: string; w: number } | null = null;
  let bestX: { url: string; x: number } | null = null;
  for (const srcset of srcsets) {
    for (const c of parseSrcset(srcset)) {
      if (c.width !== null) {
        if (!bestW || c.width > bestW.w) bestW = { url: c.url, w: c.width };
      } else if (c.density !== null) {
        if (!bestX || c.density > bestX.x) bestX = { url: c.url, x: c.density };
      }
    }
  }
  return bestW?.url ?? bestX?.url ?? null;
}

function fixLazy(img: Element): void {
  for (const attr of LAZY_SRCSET_ATTRS) {
    const v = img.getAttribute(attr);
    if (v && v.trim()) {
      img.setAttribute('srcset', v);
      break;
    }
  }
  for (const attr of LAZY_SRC_ATTRS) {
    const v = img.getAttribute(attr)?.trim();
    // A URL, not a loader's settings (MSN keeps JSON of sizes in `data-src`).
    if (v && !v.startsWith('data:') && !NOT_A_URL.test(v)) {
      img.setAttribute('src', v);
      return;
    }
  }
  if (!isPlaceholderSrc(img.getAttribute('src')) || img.hasAttribute('srcset')) return;
  // Declared as an icon (a rider's helmet beside each name): left without a source, so dropped.
  if (isDeclaredIcon(img)) return;
  // A lazy loader of its own naming (`data-lg`, `data-md`, … one per breakpoint), found as
  // Readability's `_fixLazyImages` finds it: an attribute holding an image file's URL. The
  // largest by its name wins; attribute order differs between DOMs (linkedom reverses it).
  const candidates = Array.from(img.attributes)
    .filter((a) => a.name.startsWith('data-') && IMAGE_FILE_URL.test(a.value))
    .sort((a, b) => sizeRank(a.name) - sizeRank(b.name) || a.name.localeCompare(b.name));
  if (!candidates[0]) return;
  img.setAttribute('src', candidates[0].value.trim());
  // Readability copies every such attribute over `src` again, the last one winning.
  for (const a of candidates) img.removeAttribute(a.name);
}

// JSON or markup; a space is allowed (a file name with one, sheego's `breite 749px`).
const NOT_A_URL = /^[{[]|["<>]/;
const ICON_PX = 48;

function isDeclaredIcon(img: Element): boolean {
  const w = numericAttr(img, 'width');
  const h = numericAttr(img, 'height');
  return w !== null && h !== null && w <= ICON_PX && h <= ICON_PX;
}

const IMAGE_FILE_URL = /^\s*[^\s"'<>]+\.(?:jpe?g|png|webp|gif|avif)(?:[?#]\S*)?\s*$/i;

/** Where an attribute's name places its image among a breakpoint set: larger first. */
function sizeRank(name: string): number {
  if (/(?:^|-)(?:xx?l|lg|large|big|full|hi(?:res)?|orig(?:inal)?|retina)$/.test(name)) return 0;
  if (/(?:^|-)(?:md|medium|mid)$/.test(name)) return 1;
  if (/(?:^|-)(?:sm|small|xs|thumb(?:nail)?|tiny|lo(?:w)?(?:res)?)$/.test(name)) return 3;
  return 2;
}

/** Text an image's wrapper may hold besides the fallback: a caption, a credit. */
const WRAPPER_TEXT = 600;

/** Replaces each `<noscript>` holding images with those images, dropping the lazy placeholder beside it. */
function useNoscriptFallbacks(root: Element): void {
  const doc = root.ownerDocument;
  const all = Array.from(root.getElementsByTagName('noscript'));
  // With scripting off (jsdom, cloned documents in some engines) the children are parsed
  // elements; with scripting on they are one text node of markup, parsed only when it can
  // hold an image: each parse makes a document, and most fallbacks are a tag manager's frame.
  const markup = all.filter((ns) => !ns.firstElementChild && /<img/i.test(ns.textContent ?? ''));
  const fragments = parseFragments(
    doc,
    markup.map((ns) => ns.textContent ?? ''),
  );
  const parsed = new Map(markup.map((ns, i) => [ns, fragments[i]!]));
  for (const ns of all) {
    const fragment = parsed.get(ns);
    if (!ns.firstElementChild && !fragment) {
      ns.remove();
      continue;
    }
    const content: ParentNode = fragment ?? ns;
    const imgs = Array.from(
      ns.firstElementChild ? ns.getElementsByTagName('img') : content.querySelectorAll('img'),
    ).filter((i) => !isPlaceholderSrc(i.getAttribute('src')) && !isTrackingPixel(i));
    if (imgs.length === 0) {
      ns.remove();
      continue;
    }
    // The fallback stands in for the script-driven images beside it: placeholders, lazy
    // images, and low-resolution previews of the same file (Medium's blurred `?q=20`).
    const keys = new Set(imgs.map((i) => fileKey(i.getAttribute('src'))));
    let scope = ns.parentElement;
    const ownText = (ns.textContent ?? '').length;
    for (let depth = 0; scope && depth < 3; depth++) {
      // Only the image's own wrapper: a fallback placed straight in the body or beside the
      // text (a tracking pixel's) must not take the article's lazy images for its own.
      if (tagName(scope) === 'body' || (scope.textContent ?? '').length - ownText > WRAPPER_TEXT)
        break;
      // Another `<noscript>`'s image is a fallback of its own, not a script-driven one.
      const wrapper = scope;
      const others = Array.from(wrapper.getElementsByTagName('img')).filter(
        (i) => !ns.contains(i) && !insideNoscript(i, wrapper),
      );
      if (others.length) {
        let replaced = false;
        for (const other of others) {
          const src = other.getAttribute('src');
          if (
            isPlaceholderSrc(src) ||
            LAZY_SRC_ATTRS.some((a) => other.hasAttribute(a)) ||
            keys.has(fileKey(src))
          ) {
            other.remove();
            replaced = true;
          }
        }
        if (!replaced) {
          ns.remove();
          imgs.length = 0;
        }
        break;
      }
      scope = scope.parentElement;
    }
    if (imgs.length === 0) continue;
    const parent = ns.parentNode;
    if (!parent) continue;
    for (const img of imgs) parent.insertBefore(doc.importNode(img, true), ns);
    ns.remove();
  }
}

function insideNoscript(el: Element, scope: Element): boolean {
  for (let p = el.parentElement; p && p !== scope; p = p.parentElement) {
    if (tagName(p) === 'noscript') return true;
  }
  return false;
}

function choosePictureSource(picture: Element): void {
  const img = picture.querySelector('img');
  const sources = Array.from(picture.querySelectorAll('source'));
  if (!img) {
    picture.remove();
    return;
  }
  const srcsets = sources
    .map((s) => s.getAttribute('srcset') ?? s.getAttribute('data-srcset') ?? '')
    .concat(img.getAttribute('srcset') ?? '');
  const best = bestSrcsetUrl(srcsets);
  if (best) img.setAttribute('src', best);
  for (const s of sources) s.remove();
}

/**
 * A video player set as a lazy image, which a script swaps for the player (`<img
 * data-src="https://www.youtube.com/embed/…">`): no picture but the player's address. It
 * becomes the player's frame, which the clip links as an embedded video like any other.
 */
function playerAsFrame(img: Element): boolean {
  const src = img.getAttribute('src') ?? '';
  if (!isVideoPlayerUrl(src)) return false;
  const frame = ownerDoc(img).createElement('iframe');
  frame.setAttribute('src', src);
  img.replaceWith(frame);
  return true;
}

/** `keepDataImages`: a `data:` image worth storing stays (`embedded-images.ts` takes it on). */
export function fixImages(root: Element, keepDataImages = false): void {
  useNoscriptFallbacks(root);
  for (const img of Array.from(root.getElementsByTagName('img'))) {
    fixLazy(img);
    if (playerAsFrame(img)) continue;
    if (isTrackingPixel(img)) {
      img.remove();
      continue;
    }
    if (tagName(img.parentElement ?? img) !== 'picture') {
      const srcset = img.getAttribute('srcset');
      const best = srcset ? bestSrcsetUrl([srcset]) : null;
      if (best) img.setAttribute('src', best);
    }
  }
  for (const picture of Array.from(root.getElementsByTagName('picture')))
    choosePictureSource(picture);
  for (const img of Array.from(root.getElementsByTagName('img'))) {
    const src = img.getAttribute('src');
    if (isPlaceholderSrc(src) && !(keepDataImages && embeddableDataUrl(src) !== null)) img.remove();
  }
}
