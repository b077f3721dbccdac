import { endsInCredit } from './credits';
import { normalizedTextUpTo } from './dom';

/**
 * A caption whose picture the clip does not hold. A page that sets a caption apart from its
 * image (a block after the `<figure>`, not a `<figcaption>` in it) may see Readability keep
 * the caption and drop the picture, and the caption then reads as the clip's first paragraph
 * ("Son tres los periodos de vacaciones durante el año escolar. Foto: Andina"). Such a block is
 * told by two things together: its whole text is what the page also gave a picture as its
 * alternative text or title, and it ends in a photo credit, which no paragraph of an article's
 * does. With no picture of that text in the clip it goes.
 */

const MIN_CAPTION_CHARS = 20;
const MAX_CAPTION_CHARS = 400;
// A page shows a few dozen pictures; a hostile one thousands, each read once.
const MAX_PICTURES = 500;
const BLOCKS = 'p, div, figcaption, span, em, small';

function pictureTexts(root: ParentNode, limit: number): Set<string> {
  const texts = new Set<string>();
  const imgs = root.querySelectorAll('img[alt], img[title]');
  for (let i = 0; i < imgs.length && i < limit; i++) {
    for (const name of ['alt', 'title']) {
      const text = (imgs[i]!.getAttribute(name) ?? '').replace(/\s+/g, ' ').trim();
      if (text.length >= MIN_CAPTION_CHARS && text.length <= MAX_CAPTION_CHARS) texts.add(text);
    }
  }
  return texts;
}

/** `page` is the page's capture, which holds the pictures the clip may have lost. */
export function removeOrphanCaptions(content: Element, page: Document): void {
  const captions = [...pictureTexts(page, MAX_PICTURES)].filter(endsInCredit);
  if (!captions.length) return;
  const shown = pictureTexts(content, Infinity);
  const orphans = new Set(captions.filter((text) => !shown.has(text)));
  if (!orphans.size) return;
  for (const block of Array.from(content.querySelectorAll(BLOCKS))) {
    if (!block.isConnected || block.querySelector('img, picture, video')) continue;
    const text = normalizedTextUpTo(block, MAX_CAPTION_CHARS);
    if (text && orphans.has(text)) block.remove();
  }
}
