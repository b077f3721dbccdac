/**
 * How the service cleans a title or folder name before it stores it (docs/api.md, Limits).
 * Shared so a client that looks a page up by its exact title after creating or importing it
 * can ask for the title the service actually stored.
 *
 * Tab, newline and the other line separators become spaces; the rest of C0, DEL, the C1
 * controls and the bidirectional overrides, embeddings, isolates and marks (which make a
 * name read differently from what it is: `Invoice` U+202E `fdp.exe` shows as `Invoiceexe.pdf`)
 * are removed.
 */
const SPACING = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A title or folder name with control characters replaced or removed and the ends trimmed. */
export function cleanTitle(value: string): string {
  return value.replace(SPACING, ' ').replace(INVISIBLE, '').trim();
}
