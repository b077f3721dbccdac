/**
 * Titles and names as the service stores and exports them (docs/api.md, Limits): no control
 * characters, and no file names that Windows reserves.
 */
export const MAX_TITLE_LENGTH = 1000;
export const MAX_FOLDER_NAME_LENGTH = 255;

// Tab, newline and the other line separators become spaces; the rest of C0, DEL, the C1
// controls and the bidirectional overrides, embeddings, isolates and marks (which make a
// name read differently from what it is: `Invoice` U+202E `fdp.exe` shows as `Invoiceexe.pdf`)
// are removed.
const SPACING = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A title or folder name with control characters replaced or removed and the ends trimmed. */
export function cleanTitle(value: string): string {
  return value.replace(SPACING, ' ').replace(INVISIBLE, '').trim();
}

/** `cleanTitle`, or `fallback` when nothing is left. */
export function cleanTitleOr(value: string, fallback: string): string {
  return cleanTitle(value) || fallback;
}

// Device names Windows reserves whatever the extension (`CON`, `con.txt`, `COM1.md`).
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/** A file or folder name safe on every desktop OS (no separators, reserved names or control characters). */
export function safeFileName(name: string, fallback: string): string {
  let clean = cleanTitle(name)
    .replace(/[/\\:*?"<>|]/g, '-')
    .slice(0, 120);
  // Trimmed by hand: `[\s.]+$` backtracks quadratically over a run of inner spaces.
  let start = 0;
  let end = clean.length;
  const trimmable = (ch: string | undefined) => ch === '.' || (ch !== undefined && /\s/.test(ch));
  while (start < end && trimmable(clean[start])) start++;
  while (end > start && trimmable(clean[end - 1])) end--;
  clean = clean.slice(start, end);
  if (clean === '') return fallback;
  return RESERVED.test(clean) ? `_${clean}` : clean;
}
