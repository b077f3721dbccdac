import { elementsByTag } from './dom';

/**
 * Links within the page, around the Readability pass. The preparation step writes them as
 * the page's address plus the fragment (`<base href>` may point elsewhere, and Readability
 * resolves against it), but Readability counts a `#fragment` link at 0.3 of its length when it
 * weighs link density (`_getLinkDensity`): written out in full, a lead paragraph above an
 * in-page table of contents, or a paragraph dense with footnote references, counted as a
 * link list and was cleaned away. So they are `#fragment` again while it reads the page, the
 * full address kept beside them, and written back in what it returns; the mark survives
 * Readability parsing the page again for a second attempt.
 */

const FULL_HREF = 'data-pageclip-href';

/** Rewrites `pageUrl#x` links of `doc` as `#x`, keeping the full address beside each. */
export function shortenOwnFragments(doc: Document, pageUrl: string): void {
  const own = `${pageUrl.replace(/#.*$/, '')}#`;
  if (own === '#' || !doc.body) return;
  for (const a of elementsByTag(doc.body, 'a')) {
    const href = a.getAttribute('href');
    if (!href || href.length <= own.length || !href.startsWith(own)) continue;
    a.setAttribute(FULL_HREF, href);
    a.setAttribute('href', href.slice(own.length - 1));
  }
}

/** Puts the full addresses back in `root` (Readability's result). */
export function restoreOwnFragments(root: Element): void {
  for (const a of Array.from(root.querySelectorAll(`a[${FULL_HREF}]`))) {
    a.setAttribute('href', a.getAttribute(FULL_HREF)!);
    a.removeAttribute(FULL_HREF);
  }
}
