/**
 * Titles and names as the service stores and exports them (docs/api.md, Limits): no control
 * characters, and no file names that Windows reserves.
 */
import { cleanTitle } from '../../contract/titles';

export { cleanTitle };

export const MAX_TITLE_LENGTH = 1000;
export const MAX_FOLDER_NAME_LENGTH = 255;

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
