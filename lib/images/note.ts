/**
 * The note a clip with kept images is imported as, and the repair after the import: the pure
 * text rules of "Keep images" (docs/architecture.md, "Kept images").
 */
import { cleanTitle } from '../../contract/titles';
import { escapeLinkUrl } from '../extract/link-url';
import type { CollectedImages } from './collect';
import { findImageEmbeds, replaceEmbeds } from './embeds';
import type { ImageSelection } from './select';

/**
 * The note's file name without `.md`: the title cleaned as the service cleans titles (so the
 * imported page is found again under exactly this title, as the service stores it), with path
 * separators replaced (the import makes folders of `/`), at most 200 characters, never
 * cutting a character in half. The page is renamed to the real title
 * afterwards when they differ.
 */
export function noteFileTitle(title: string): string {
  const cleaned = Array.from(
    cleanTitle(title)
      .replace(/[\\/]+/g, ' – ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, 200)
    .join('')
    .trim();
  return cleaned.replace(/^[.\s–]+$/, '') === '' ? 'Clip' : cleaned;
}

/** The title the service stores for `title`, or `fallback` when cleaning leaves nothing. */
export function storedTitle(title: string, fallback: string): string {
  return cleanTitle(title) || fallback;
}

/** Alt text and title as the import's embed rule takes them: no brackets, quotes or line breaks. */
const plainAlt = (alt: string) =>
  alt
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/[[\]]+/g, '')
    .replace(/\s+/g, ' ')
    .slice(0, 500)
    .trim();

/**
 * The note: every embed of a kept image names the image's file in the import (the service
 * rewrites such embeds to its own image address); every other embed stays as it was.
 */
export function importNote(
  markdown: string,
  selection: ImageSelection,
  collected: CollectedImages,
): string {
  const pathOf = new Map<number, string>();
  for (const kept of collected.kept) {
    const candidate = selection.candidates.find((c) => c.url === kept.url);
    for (const index of candidate?.embeds ?? []) pathOf.set(index, kept.path);
  }
  return replaceEmbeds(markdown, selection.embeds, (embed, index) => {
    const path = pathOf.get(index);
    if (path === undefined) return null;
    const title = embed.title?.replace(/["\n\r]/g, '').slice(0, 500);
    return `![${plainAlt(embed.alt)}](${path}${title ? ` "${title}"` : ''})`;
  });
}

/**
 * After the import: embeds still naming a file of the import were not stored (the service
 * refused that image); they get their remote address back, or are removed when that address
 * is one of `removed` (a page's `data:` image, which never goes into a page inline). Returns
 * the repaired markdown and the images that were not stored.
 */
export function restoreUnstored(
  markdown: string,
  collected: CollectedImages,
  removed: ReadonlySet<string> = new Set(),
): { markdown: string; unstored: string[] } {
  const urlOf = new Map(collected.kept.map((k) => [k.path, k.url]));
  const unstored = new Set<string>();
  const embeds = findImageEmbeds(markdown);
  const repaired = replaceEmbeds(markdown, embeds, (embed) => {
    const url = urlOf.get(embed.url);
    if (url === undefined) return null;
    unstored.add(url);
    if (removed.has(url)) return '';
    const title = embed.title ? ` "${embed.title}"` : '';
    return `![${embed.alt}](${escapeLinkUrl(url)}${title})`;
  });
  return { markdown: repaired, unstored: [...unstored] };
}

/** The reason the import gave for file `index` (`files[i] (path): reason`), if any. */
export function importErrorFor(errors: readonly string[], index: number): string | null {
  const prefix = `files[${index}] `;
  const line = errors.find((e) => e.startsWith(prefix));
  if (!line) return null;
  const at = line.indexOf('): ');
  return at === -1 ? line : line.slice(at + 3);
}
