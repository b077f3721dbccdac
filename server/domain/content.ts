import crypto from 'node:crypto';
import type { ContentPosition } from '../../contract';
import { ApiError } from '../http/api-error';

/** Page content cap (docs/api.md, General): a write that would exceed it is 413. */
export const MAX_CONTENT_BYTES = 5 * 1024 * 1024;

/** A strong, quoted validator, new on every content change and only then (docs/api.md, Content). */
export function newEtag(): string {
  return `"${crypto.randomBytes(12).toString('base64url')}"`;
}

// A leading YAML block between `---` lines (closing `---` or `...`), possibly empty.
const FRONTMATTER = /^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export function splitFrontmatter(text: string): { frontmatter: string; body: string } {
  const match = FRONTMATTER.exec(text);
  if (!match) return { frontmatter: '', body: text };
  return { frontmatter: match[0], body: text.slice(match[0].length) };
}

/** The separator that puts `next` on a new line after a blank line, keeping `before` as is. */
function blankLineAfter(before: string): string {
  if (before === '' || before.endsWith('\n\n')) return '';
  return before.endsWith('\n') ? '\n' : '\n\n';
}

/** Append: at the end, after a blank line. Prepend: at the start of the body, after the frontmatter, followed by a blank line. */
export function applyContentOperation(
  text: string,
  operation: ContentPosition,
  addition: string,
): string {
  if (operation === 'append') return text + blankLineAfter(text) + addition;
  const { frontmatter, body } = splitFrontmatter(text);
  const head = frontmatter === '' || frontmatter.endsWith('\n') ? frontmatter : `${frontmatter}\n`;
  if (body === '') return head + addition;
  return head + addition + blankLineAfter(addition) + body;
}

export interface EditItem {
  id: string;
  oldText: string;
  newText: string;
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  // Step one character at a time so overlapping occurrences count as ambiguous too.
  for (
    let at = text.indexOf(needle);
    at !== -1 && found.length < 2;
    at = text.indexOf(needle, at + 1)
  ) {
    found.push(at);
  }
  return found;
}

/** All or nothing; every oldText is matched against the content before this request. */
export function applyEdits(text: string, edits: EditItem[]): string {
  const spans = edits.map((edit, index) => {
    const found = occurrences(text, edit.oldText);
    const where = `edits[${index}] (id ${JSON.stringify(edit.id)})`;
    if (found.length === 0) {
      throw new ApiError(422, 'edit_no_match', `${where}: oldText does not occur in the content`);
    }
    if (found.length > 1) {
      throw new ApiError(
        422,
        'edit_ambiguous_match',
        `${where}: oldText occurs more than once in the content`,
      );
    }
    return { start: found[0]!, end: found[0]! + edit.oldText.length, edit, where };
  });
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (current.start < previous.end) {
      throw new ApiError(
        422,
        'edit_overlap',
        `${current.where}: its match overlaps the match of ${previous.where}`,
      );
    }
  }
  let result = '';
  let cursor = 0;
  for (const span of sorted) {
    result += text.slice(cursor, span.start) + span.edit.newText;
    cursor = span.end;
  }
  return result + text.slice(cursor);
}

export function assertContentSize(text: string, what: string): void {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: short texts skip the byte count.
  if (text.length * 3 > MAX_CONTENT_BYTES && Buffer.byteLength(text, 'utf8') > MAX_CONTENT_BYTES) {
    throw new ApiError(413, 'payload_too_large', `${what}: content would exceed 5 MiB`);
  }
}
