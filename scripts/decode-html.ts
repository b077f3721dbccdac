/**
 * Page bytes to text, for the command line and the benchmarks; apart from parse-html.ts so
 * that checking an input does not load jsdom.
 */

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i;

/**
 * Decodes page bytes the way a browser would: byte-order mark first, then the page's own
 * `<meta charset>` (or http-equiv content type) in its first 4 KiB, else UTF-8.
 * Some saved pages declare windows-1252 or ISO-8859-x; assuming UTF-8 mangles them.
 */
export function decodeHtml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const declared = META_CHARSET.exec(head)?.[1]?.toLowerCase();
  if (declared) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // Unknown label: fall through to UTF-8, as browsers do.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}
