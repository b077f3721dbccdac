import { removeWithEmptyWrappers } from './dom';

/**
 * The author's own photo beside the byline (Medium's avatar, a newspaper's headshot, a
 * gravatar), which Readability keeps with the article: an image whose description is exactly
 * the name of one of the article's authors. It says who wrote the piece, which the byline
 * already says; left in, it is the first picture of the clip. Names of one word ("Admin", a
 * site or a company) are left alone: an article about a company shows its products under the
 * company's name.
 */

const SEPARATOR = /\s*(?:,|;|&|\band\b|\bund\b|\by\b|\bet\b)\s*/i;
// Wrappers that hold nothing once the photo is gone: its link, its frame.
const WRAPPERS = new Set(['a', 'picture', 'figure', 'span', 'div', 'p']);

function authorNames(byline: string): Set<string> {
  const names = new Set<string>();
  for (const part of byline.split(SEPARATOR)) {
    const name = part.replace(/\s+/g, ' ').trim().toLowerCase();
    if (name.split(' ').length >= 2) names.add(name);
  }
  return names;
}

export function removeAuthorPhotos(root: Element, byline: string | null): void {
  if (!byline) return;
  const names = authorNames(byline);
  if (!names.size) return;
  for (const img of Array.from(root.querySelectorAll('img[alt]'))) {
    const alt = (img.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
    if (!names.has(alt)) continue;
    // The photo's own link and frame go with it when nothing else is left in them.
    removeWithEmptyWrappers(img, root, WRAPPERS);
  }
}
