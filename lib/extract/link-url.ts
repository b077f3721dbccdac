/**
 * How a URL is written as a link: which schemes Pageclip writes into markdown (the page's own
 * links and images while extracting, and every link the extension composes: headings,
 * highlights, "Clip link"), and how it is escaped inside `( )`. A leaf module with no imports,
 * so the clip-markdown module shares these rules while extraction imports nothing outside it.
 */

/** Link targets: anything else (`javascript:`, `data:`, `vbscript:`, `blob:`, …) is dropped. */
export const SAFE_LINK_SCHEMES: ReadonlySet<string> = new Set([
  'http:',
  'https:',
  'mailto:',
  'tel:',
  'ftp:',
  'sftp:',
]);

/** Images and other media: only http(s). */
export const SAFE_MEDIA_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

/**
 * An absolute URL as given (trimmed), or null when it is malformed or its scheme is not a
 * safe link scheme. `URL` strips the tabs and newlines a browser ignores, so `java\tscript:`
 * is seen as the `javascript:` URL it is.
 */
export function safeLinkUrl(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? '').trim();
  if (!trimmed) return null;
  try {
    return SAFE_LINK_SCHEMES.has(new URL(trimmed).protocol) ? trimmed : null;
  } catch {
    return null;
  }
}

/**
 * A URL written inside a markdown link's `( )`: whitespace, parentheses and angle brackets
 * percent-encoded (encodeURIComponent leaves parentheses alone, and an unbalanced `)` ends
 * the link).
 */
export function escapeLinkUrl(url: string): string {
  return url.replace(
    /[\s()<>]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}
