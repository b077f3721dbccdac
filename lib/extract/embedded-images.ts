import type { EmbeddedImage } from './result';

/**
 * `data:` images of the page travel beside the markdown, never inside it (base64 would bloat
 * the note and the preview): the body embeds `![alt](pageclip-image:N)` and `images` holds
 * the bytes, for "Keep images" to store (docs/architecture.md, "Kept images").
 */
export const EMBEDDED_IMAGE_SCHEME = 'pageclip-image:';
export const EMBEDDED_IMAGE_LIMITS = {
  /** Decoded bytes of one image; a larger one is left out. */
  maxBytes: 2 * 1024 * 1024,
  /** Images per clip; those after are left out. */
  maxCount: 8,
  /** Decoded bytes below which an image is a placeholder or spacer, not a picture. */
  minBytes: 256,
} as const;
/** The formats the service's vault import stores, as base64 `data:` URLs. */
export const EMBEDDED_IMAGE_DATA_URL =
  /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)(?:;[a-z0-9=.+-]+)*;base64,[A-Za-z0-9+/]*={0,2}$/i;

/**
 * The page's own `data:` images, kept out of the markdown: each one worth storing becomes an
 * `<img src="pageclip-image:N">` (the markdown shows that short reference) and its bytes go in
 * the result beside the body. Only base64 images of a format the service stores, between
 * `EMBEDDED_IMAGE_LIMITS.minBytes` and `maxBytes` decoded, at most `maxCount` of them; every
 * other `data:` image is left out, as without the option.
 */

/** The `data:` URL as stored (whitespace removed), or null when it is not worth keeping. */
export function embeddableDataUrl(src: string | null): string | null {
  const url = (src ?? '').replace(/\s+/g, '');
  if (!EMBEDDED_IMAGE_DATA_URL.test(url)) return null;
  const data = url.slice(url.indexOf(',') + 1);
  const bytes = Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0);
  if (bytes < EMBEDDED_IMAGE_LIMITS.minBytes || bytes > EMBEDDED_IMAGE_LIMITS.maxBytes) return null;
  return url;
}

/**
 * Gives each kept `data:` image under `roots` its reference, in document order (the same image
 * twice shares one), and removes the rest, as well as any image whose address the page itself
 * wrote as a reference (only the ones made here may stand for bytes). Returns the images kept;
 * none when `enabled` is false.
 */
export function embedDataImages(roots: readonly Element[], enabled: boolean): EmbeddedImage[] {
  const images: EmbeddedImage[] = [];
  const refOf = new Map<string, string>();
  for (const root of roots) {
    for (const img of Array.from(root.getElementsByTagName('img'))) {
      const src = (img.getAttribute('src') ?? '').trim().toLowerCase();
      if (src.startsWith(EMBEDDED_IMAGE_SCHEME)) {
        img.remove();
        continue;
      }
      if (!enabled || !src.startsWith('data:')) continue;
      const url = embeddableDataUrl(img.getAttribute('src'));
      let ref = url === null ? undefined : refOf.get(url);
      if (url !== null && ref === undefined && images.length < EMBEDDED_IMAGE_LIMITS.maxCount) {
        ref = `${EMBEDDED_IMAGE_SCHEME}${images.length + 1}`;
        refOf.set(url, ref);
        images.push({ ref, dataUrl: url });
      }
      if (ref === undefined) img.remove();
      else {
        img.setAttribute('src', ref);
        img.removeAttribute('srcset');
      }
    }
  }
  return images;
}
