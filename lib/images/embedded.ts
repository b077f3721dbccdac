/**
 * The page's `data:` images that extraction keeps beside the markdown (`pageclip-image:N`
 * embeds, their bytes in `EmbeddedImage`s; docs/architecture.md, "Kept images"). A reference
 * means nothing outside this extension: with "Keep images" its bytes go with the write and are
 * stored like any image; otherwise the embed is removed before anything is written.
 */
import { EMBEDDED_IMAGE_SCHEME } from '../extract/embedded-images';
import type { EmbeddedImage } from '../extract/result';
import { findImageEmbeds, replaceEmbeds, type ImageEmbed } from './embeds';
import { embedAddress } from './select';

const isReference = (embed: ImageEmbed): boolean =>
  embedAddress(embed.url).toLowerCase().startsWith(EMBEDDED_IMAGE_SCHEME);

/** The distinct references the markdown embeds, in order. */
export function embeddedReferences(markdown: string): string[] {
  const refs = findImageEmbeds(markdown)
    .filter(isReference)
    .map((e) => embedAddress(e.url).toLowerCase());
  return [...new Set(refs)];
}

/** The markdown without its reference embeds, and how many distinct images they showed. */
export function withoutEmbeddedImages(markdown: string): { markdown: string; removed: number } {
  const embeds = findImageEmbeds(markdown);
  const removed = new Set(embeds.filter(isReference).map((e) => embedAddress(e.url).toLowerCase()));
  if (removed.size === 0) return { markdown, removed: 0 };
  const out = replaceEmbeds(markdown, embeds, (embed) => (isReference(embed) ? '' : null));
  return { markdown: out, removed: removed.size };
}

/** The images of `images` the markdown shows, each once. */
export function referencedImages(
  markdown: string,
  images: readonly EmbeddedImage[],
): EmbeddedImage[] {
  const refs = new Set(embeddedReferences(markdown));
  return images.filter((image) => refs.has(image.ref));
}

/**
 * Each reference embed with its `data:` address, so the image is collected like any other;
 * a reference without bytes is removed.
 */
export function resolveEmbeddedImages(markdown: string, images: readonly EmbeddedImage[]): string {
  const dataOf = new Map(images.map((image) => [image.ref, image.dataUrl]));
  const embeds = findImageEmbeds(markdown);
  return replaceEmbeds(markdown, embeds, (embed) => {
    if (!isReference(embed)) return null;
    const data = dataOf.get(embedAddress(embed.url).toLowerCase());
    if (data === undefined) return '';
    const title = embed.title !== null ? ` "${embed.title}"` : '';
    return `![${embed.alt}](${data}${title})`;
  });
}

/** The markdown without the embeds of these addresses (images that may not stay inline). */
export function withoutEmbedsOf(markdown: string, urls: ReadonlySet<string>): string {
  if (urls.size === 0) return markdown;
  const embeds = findImageEmbeds(markdown);
  return replaceEmbeds(markdown, embeds, (embed) =>
    urls.has(embedAddress(embed.url)) ? '' : null,
  );
}
