/**
 * The page's canonical address (`<link rel="canonical">`), so the same page reached through
 * different addresses (tracking parameters, an AMP, mobile or print view) is one known clip.
 * Kept only when it is an http(s) address on the page's own site (the same host, or one host a
 * subdomain of the other, the known-clips index's rule): a page could otherwise claim to be
 * another site's page. Null when it names the page's own address.
 */
export function canonicalUrl(doc: Document, pageUrl: string, base: string): string | null {
  // The head only, and by tag name: a selector would walk the whole page in jsdom.
  const link = Array.from(doc.head?.getElementsByTagName('link') ?? []).find(
    (el) =>
      el.hasAttribute('href') &&
      (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  );
  const href = link?.getAttribute('href')?.trim();
  if (!href) return null;
  let canonical: URL;
  let page: URL;
  try {
    canonical = new URL(href, base);
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  if (canonical.protocol !== 'http:' && canonical.protocol !== 'https:') return null;
  const [x, y] = [canonical.hostname, page.hostname];
  if (x !== y && !x.endsWith(`.${y}`) && !y.endsWith(`.${x}`)) return null;
  canonical.hash = '';
  page.hash = '';
  return canonical.href === page.href ? null : canonical.href;
}
