/**
 * The key a page is known by: its canonical URL when it declares one, else its address, with
 * what does not change the page removed (the fragment, tracking parameters, a default port),
 * the remaining query parameters sorted, and the host in lower case. Only http(s) pages are
 * known clips; anything else has no key.
 */

/** Query parameters that only say how the visitor arrived. */
const TRACKING = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'ref_src',
  'spm',
]);

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING.has(lower);
}

export function normaliseUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  const kept = [...url.searchParams].filter(([name]) => !isTracking(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  return url.toString();
}

/** The page's key: the canonical URL when it is a valid http(s) address, else its own. */
export function knownClipKey(page: { url: string; canonical?: string | null }): string | null {
  return (page.canonical ? normaliseUrl(page.canonical) : null) ?? normaliseUrl(page.url);
}
