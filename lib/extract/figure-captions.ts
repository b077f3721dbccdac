import { ownerDoc } from './dom';

/**
 * A figure captioned with a heading (`<figure><img><h2 class="figure__caption">…</h2></figure>`)
 * would put its caption among the article's sections as a heading of its own. The heading
 * becomes the figure's `<figcaption>`, so the caption reads as one, and the caption rules
 * (its credit trimmed, credits.ts) apply to it. Some sites mark up a whole card as a figure:
 * a heading holding a link (a teaser's headline), an `<h1>` (the page's headline over its
 * lead image) or one beside a caption of the figure's own is not the caption, and stays.
 */

const MEDIA = 'img, picture, video, svg';

export function headingsAsCaptions(root: Element): void {
  for (const heading of Array.from(
    root.querySelectorAll('figure h2, figure h3, figure h4, figure h5, figure h6'),
  )) {
    const figure = heading.closest('figure');
    if (!figure?.querySelector(MEDIA) || figure.querySelector('figcaption')) continue;
    if (heading.querySelector(`a, ${MEDIA}`)) continue;
    const caption = ownerDoc(heading).createElement('figcaption');
    while (heading.firstChild) caption.appendChild(heading.firstChild);
    heading.replaceWith(caption);
  }
}
