import { normalizedText, unwrap } from './dom';
import { removeJumpLine } from './jump-lines';
import { SAFE_LINK_SCHEMES, SAFE_MEDIA_SCHEMES } from './link-url';
import { EMBEDDED_IMAGE_SCHEME } from './embedded-images';

/**
 * URL rules: every link and image absolute, unsafe schemes dropped (the text stays),
 * in-page anchors made absolute to the page when their target is in the clip, else dropped.
 */

/** The base URL for relative references: `<base href>` if present (itself resolved), else the page URL. */
export function baseUrlOf(doc: Document, pageUrl: string): string {
  // getElementsByTagName: an attribute selector would walk the whole page in jsdom.
  const href = Array.from(doc.getElementsByTagName('base'))
    .find((b) => b.hasAttribute('href'))
    ?.getAttribute('href');
  if (href) {
    const resolved = tryUrl(href.trim(), pageUrl);
    if (resolved && SAFE_MEDIA_SCHEMES.has(resolved.protocol)) return resolved.href;
  }
  return pageUrl;
}

const URL_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/**
 * CMSs often escape attribute values twice (`&amp;amp;`, `&amp;#x27;` in the HTML), leaving
 * entities in the parsed URL; a URL never means them literally, so one more level is decoded.
 */
export function decodeUrlEntities(raw: string | null): string {
  return (raw ?? '')
    .trim()
    .replace(/&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|(amp|quot|apos|lt|gt));/gi, (m, hex, dec, name) => {
      const code = hex ? parseInt(hex as string, 16) : dec ? Number(dec) : -1;
      if (code >= 0) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      return URL_ENTITIES[(name as string).toLowerCase()] ?? m;
    });
}

/** `raw` parsed as a URL (against `base` when relative), or null when it is not one. */
export function tryUrl(raw: string, base?: string | URL): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

/**
 * The site a URL belongs to: its host name in lower case (the URL parser lowers only the
 * web's own schemes') without a leading `www.`, and without the port. A site links to itself
 * with and without `www.`, so the rules that tell the site's own pages from other sites'
 * compare these.
 */
export function siteOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, '');
}

const VIDEO_PLAYERS =
  /^(?:https?:)?\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com|player\.vimeo\.com|youtu\.be)\//;

/** A video player's address (YouTube, Vimeo): the frames a clip keeps, as a link. */
export function isVideoPlayerUrl(url: string): boolean {
  return VIDEO_PLAYERS.test(url);
}

/** Absolute link target, or null when it is empty, malformed or unsafe (`javascript:`, `data:`, …). */
export function resolveLink(raw: string | null, base: string): string | null {
  // Browsers strip ASCII whitespace and control characters before parsing a URL, so
  // "java\tscript:" is a javascript: URL; URL() does the same stripping for us.
  const trimmed = decodeUrlEntities(raw);
  if (!trimmed) return null;
  const url = tryUrl(trimmed, base);
  if (!url || !SAFE_LINK_SCHEMES.has(url.protocol)) return null;
  return url.href;
}

/**
 * Absolute image URL, or null. Only http(s): `data:` images are dropped on purpose: small
 * ones are lazy-loading placeholders or icons, large ones bloat the note, and `data:` SVG
 * can carry script.
 */
export function resolveMedia(raw: string | null, base: string): string | null {
  const trimmed = decodeUrlEntities(raw);
  if (!trimmed) return null;
  const url = tryUrl(trimmed, base);
  if (!url || !SAFE_MEDIA_SCHEMES.has(url.protocol)) return null;
  return url.href;
}

export interface SrcsetCandidate {
  url: string;
  /** Width in CSS pixels (`w`), or density × 10,000 so `x` candidates compare among themselves. */
  width: number | null;
  density: number | null;
}

/** Parses a `srcset` the way the HTML spec does (URLs may contain commas). */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  let i = 0;
  const n = srcset.length;
  while (i < n) {
    while (i < n && /[\s,]/.test(srcset.charAt(i))) i++;
    if (i >= n) break;
    let start = i;
    while (i < n && !/\s/.test(srcset.charAt(i))) i++;
    let url = srcset.slice(start, i);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      start = i;
      let depth = 0;
      while (i < n) {
        const ch = srcset.charAt(i);
        if (ch === '(') depth++;
        else if (ch === ')') depth = Math.max(0, depth - 1);
        else if (ch === ',' && depth === 0) break;
        i++;
      }
      descriptor = srcset.slice(start, i).trim();
      i++;
    }
    if (!url) continue;
    const w = /(\d+(?:\.\d+)?)w\b/.exec(descriptor);
    const x = /(\d+(?:\.\d+)?)x\b/.exec(descriptor);
    out.push({
      url,
      width: w ? Number(w[1]) : null,
      density: x ? Number(x[1]) : w ? null : 1,
    });
  }
  return out;
}

/** Resolves every URL of a srcset; unsafe candidates are dropped. */
export function resolveSrcset(srcset: string, base: string): string {
  return parseSrcset(srcset)
    .map((c) => {
      const url = resolveMedia(c.url, base);
      if (!url) return null;
      const descriptor =
        c.width !== null
          ? ` ${c.width}w`
          : c.density !== null && c.density !== 1
            ? ` ${c.density}x`
            : '';
      return url + descriptor;
    })
    .filter((s): s is string => s !== null)
    .join(', ');
}

const MEDIA_ATTRS = new Map<string, string[]>([
  ['img', ['src']],
  ['video', ['poster', 'src']],
  ['audio', ['src']],
  ['source', ['src']],
  ['iframe', ['src']],
]);

// A skip link's target: the content, most of the clip.
const SKIP_TARGET_SHARE = 0.5;

/**
 * Makes every link and media URL under `root` absolute, unwraps links with unsafe or
 * dangling targets (their text stays) and drops media with unsafe URLs.
 * `pageUrl` is the page's own address, `base` the resolution base (`<base href>`).
 */
export function absolutizeUrls(root: Element, base: string, pageUrl: string): void {
  const pageNoHash = pageUrl.replace(/#.*$/, '');
  // One pass over the elements: ids (anchor targets), media URLs and srcsets.
  const ids = new Map<string, Element>();
  const links: Element[] = [];
  // A TreeWalker, not getElementsByTagName('*'): indexing jsdom's live HTMLCollection goes
  // through a proxy that looks names up on every access, which made this pass quadratic
  // (80 s of 90 s on a 50,000-node page). The loop changes attributes only, never structure.
  const walker = root.ownerDocument.createTreeWalker(root, 1 /* NodeFilter.SHOW_ELEMENT */);
  for (let el = walker.nextNode() as Element | null; el; el = walker.nextNode() as Element | null) {
    const id = el.getAttribute('id');
    if (id && !ids.has(id)) ids.set(id, el);
    const tag = el.localName;
    if (tag === 'a') {
      links.push(el);
      const name = el.getAttribute('name');
      if (name && !ids.has(name)) ids.set(name, el);
      continue;
    }
    for (const attr of MEDIA_ATTRS.get(tag) ?? []) {
      if (!el.hasAttribute(attr)) continue;
      // Set by `embedDataImages` just before, which removed any the page wrote itself.
      if (tag === 'img' && el.getAttribute(attr)!.startsWith(EMBEDDED_IMAGE_SCHEME)) continue;
      const url = resolveMedia(el.getAttribute(attr), base);
      if (url) el.setAttribute(attr, url);
      else el.removeAttribute(attr);
    }
    const srcset = el.getAttribute('srcset');
    if (srcset !== null) {
      const resolved = resolveSrcset(srcset, base);
      if (resolved) el.setAttribute('srcset', resolved);
      else el.removeAttribute('srcset');
    }
  }
  // A link that moves around the page: to a place the clip does not hold, or past the page's
  // furniture to the content ("Skip to main content": its target holds most of the clip).
  // Text lengths measured once per target: a hostile page may point a thousand links at one.
  let clipChars = -1;
  const targetChars = new Map<Element, number>();
  const isJump = (a: Element): boolean => {
    const raw = (a.getAttribute('href') ?? '').trim();
    const fragment = raw.startsWith('#')
      ? raw.slice(1)
      : raw.startsWith(pageNoHash + '#')
        ? raw.slice(pageNoHash.length + 1)
        : null;
    if (!fragment) return false;
    const target = ids.get(safeDecode(fragment));
    if (!target) return true;
    // The link's own heading or section: a permalink, not a jump.
    if (target.contains(a)) return false;
    if (clipChars < 0) clipChars = normalizedText(root).length;
    let chars = targetChars.get(target);
    if (chars === undefined) targetChars.set(target, (chars = normalizedText(target).length));
    return chars > clipChars * SKIP_TARGET_SHARE;
  };
  for (const a of links) {
    const raw = a.getAttribute('href');
    if (raw === null) {
      unwrap(a);
      continue;
    }
    if (a.isConnected && isJump(a) && removeJumpLine(a, isJump)) continue;
    const trimmed = raw.trim();
    let target: string | null;
    if (trimmed.startsWith('#')) {
      // A fragment-only reference always means this page, whatever `<base href>` says.
      const id = safeDecode(trimmed.slice(1));
      target = id && pointsElsewhere(a, ids.get(id)) ? pageNoHash + trimmed : null;
    } else {
      target = resolveLink(trimmed, base);
      if (target && target.startsWith(pageNoHash + '#')) {
        const id = safeDecode(target.slice(pageNoHash.length + 1));
        if (!pointsElsewhere(a, ids.get(id))) target = null;
      }
    }
    if (target) {
      for (const attr of Array.from(a.attributes)) {
        if (
          attr.name !== 'href' &&
          attr.name !== 'title' &&
          !attr.name.startsWith('data-pageclip-')
        ) {
          a.removeAttribute(attr.name);
        }
      }
      a.setAttribute('href', target);
    } else {
      unwrap(a);
    }
  }
}

/**
 * A fragment link leads somewhere in the clip: its target is there, and is not the link or
 * what holds it (a lightbox opener, `<figure id="img-2"><a href="#img-2"><img>`, which in the
 * note would only link the picture to itself).
 */
function pointsElsewhere(a: Element, target: Element | undefined): boolean {
  return !!target && !target.contains(a);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
