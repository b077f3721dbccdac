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

/**
 * Whether a canonical address may stand for the page: the same host, or one host a subdomain of
 * the other (`m.` or `www.` to the main site, and back), so a page cannot claim to be another
 * site's page. Extraction applies the same rule (`lib/extract/canonical.ts`).
 */
export function sameSite(a: string, b: string): boolean {
  const x = new URL(a).hostname;
  const y = new URL(b).hostname;
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

function ownCanonical(page: { url: string; canonical?: string | null }): string | null {
  if (!page.canonical) return null;
  const canonical = normaliseUrl(page.canonical);
  const own = normaliseUrl(page.url);
  if (!canonical || !own) return null;
  return sameSite(canonical, own) ? canonical : null;
}

/** The page's key: the canonical URL when it is a valid http(s) address, else its own. */
export function knownClipKey(page: { url: string; canonical?: string | null }): string | null {
  return ownCanonical(page) ?? normaliseUrl(page.url);
}

/**
 * Every key a clip is found by: its key, then its own address when the canonical one differs.
 * The toolbar mark sees only a tab's address (never the page's canonical link), so a clip is
 * indexed under both and the same page reached either way is one known clip.
 */
export function knownClipKeys(page: { url: string; canonical?: string | null }): string[] {
  const keys = [knownClipKey(page), normaliseUrl(page.url)];
  return [...new Set(keys.filter((k): k is string => k !== null))];
}
