/**
 * Which embeds of a clip "Keep images" fetches: absolute http(s) images and `data:` images, each
 * address once, at most `maxImages` of them. What the bytes turn out to be is judged after the
 * fetch (`judge.ts`).
 */
import { IMAGE_CAPS } from './caps';
import { findImageEmbeds, type ImageEmbed } from './embeds';

export interface ImageCandidate {
  /** The address as fetched (backslash escapes of the markdown removed). */
  url: string;
  /** Indices into the embeds of the markdown (`findImageEmbeds`) that show this image. */
  embeds: number[];
}

export interface ImageSelection {
  embeds: ImageEmbed[];
  candidates: ImageCandidate[];
  /** Addresses past the per-clip count; they keep their remote links. */
  overCount: string[];
}

const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9=.+-]+)*;base64,/i;

/** The destination of an embed as an address: markdown backslash escapes removed. */
export function embedAddress(raw: string): string {
  return raw.trim().replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** `https:`/`http:` URL, a base64 `data:image/…` URL, or null for anything else (relative, other schemes). */
export function fetchableAddress(raw: string): string | null {
  const address = embedAddress(raw);
  if (DATA_IMAGE.test(address)) return address;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function selectImages(
  markdown: string,
  maxImages: number = IMAGE_CAPS.maxImages,
): ImageSelection {
  const embeds = findImageEmbeds(markdown);
  const byUrl = new Map<string, ImageCandidate>();
  const overCount: string[] = [];
  embeds.forEach((embed, index) => {
    const url = fetchableAddress(embed.url);
    if (url === null) return;
    const known = byUrl.get(url);
    if (known) known.embeds.push(index);
    else if (byUrl.size < maxImages) byUrl.set(url, { url, embeds: [index] });
    else if (!overCount.includes(url)) overCount.push(url);
  });
  return { embeds, candidates: [...byUrl.values()], overCount };
}

/**
 * The host pattern to ask for before fetching `url` with the user's cookies, or null when
 * Pageclip cannot ask for it: a `data:` image needs none, and plain-http hosts other than this
 * computer are outside what the extension may ever ask for (its optional host permissions).
 */
export function imageOriginPattern(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const loopback = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost';
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback)) {
    return `${parsed.protocol}//${parsed.hostname}/*`;
  }
  return null;
}

/** The distinct host patterns a clip's images need, in order of first use. */
export function imageOriginPatterns(markdown: string): string[] {
  const patterns = new Set<string>();
  for (const candidate of selectImages(markdown).candidates) {
    const pattern = imageOriginPattern(candidate.url);
    if (pattern) patterns.add(pattern);
  }
  return [...patterns];
}

/** A short name of an image for messages: its file name, or its host for a bare address. */
export function imageName(url: string): string {
  if (url.startsWith('data:')) return url.slice(5, url.indexOf(';')) + ' (inline)';
  try {
    const parsed = new URL(url);
    const file = decodeURIComponent(parsed.pathname.split('/').pop() ?? '');
    return file === '' ? parsed.hostname : `${file} (${parsed.hostname})`;
  } catch {
    return url.slice(0, 80);
  }
}
