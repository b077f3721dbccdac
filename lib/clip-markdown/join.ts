/**
 * Joining the user's note and clipped content, and making content that lands at the start of
 * a page (prepended, or added to an empty page) safe from being taken for frontmatter.
 */

/** The note, a blank line, then the body; either may be empty. */
export function joinNote(note: string | undefined, body: string): string {
  const n = note?.trim();
  const b = body.replace(/^\s+/, '');
  if (!n) return b;
  return b ? `${n}\n\n${b}` : n;
}

// A first line the service would take for a frontmatter opening (docs/api.md, Content writes).
const OPENING_LINE = /^---([ \t]*)(?=\r?\n|$)/;

/**
 * Content appended or prepended to a page: the note, then the content, never read as
 * frontmatter. Turndown writes `<hr>` as `---`; as the first line of a page it would open a
 * frontmatter block, so it becomes `***`, the same thematic break.
 */
export function composeAppendContent(content: string, note?: string): string {
  return joinNote(note, content).replace(OPENING_LINE, '***$1');
}
