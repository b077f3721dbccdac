/**
 * Undoing an append or prepend with one exact edit (the spec, POST /pages/{id}/edits): which
 * text to take out of the page's current markdown so that exactly the added content goes, with
 * the blank line the service put next to it (docs/api.md, Content writes), and nothing else.
 */
import type { ContentPosition } from '../../contract/primitives';

export interface AddedContent {
  operation: ContentPosition;
  /** The content exactly as it was sent. */
  content: string;
}

/** One exact edit: `oldText` occurs exactly once in the markdown it was computed from. */
export interface UndoEdit {
  oldText: string;
  newText: string;
}

// A leading YAML block between `---` lines, as the service finds it before a prepend.
const FRONTMATTER = /^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** The separator the service puts after `text` before more content: up to one blank line. */
function blankLineAfter(text: string): string {
  if (text === '' || text.endsWith('\n\n')) return '';
  return text.endsWith('\n') ? '\n' : '\n\n';
}

/** Start offsets of `needle` in `text`, overlapping ones included, at most `limit` of them. */
function occurrences(text: string, needle: string, limit = 2): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1 && found.length < limit;) {
    found.push(at);
    at = text.indexOf(needle, at + 1);
  }
  return found;
}

function trailingNewlines(text: string): number {
  let n = 0;
  while (n < text.length && text[text.length - 1 - n] === '\n') n++;
  return n;
}

/** Where the added content sits when the page is still exactly as the write left it. */
function placeAtRevision(markdown: string, added: AddedContent): number | null {
  const { content } = added;
  if (added.operation === 'append') {
    return markdown.endsWith(content) ? markdown.length - content.length : null;
  }
  const head = FRONTMATTER.exec(markdown)?.[0] ?? '';
  const at = head.endsWith('\n') || head === '' ? head.length : head.length + 1;
  return markdown.startsWith(content, at) ? at : null;
}

/** The span to remove: the content and the separator the service added beside it. */
function removalSpan(
  markdown: string,
  at: number,
  added: AddedContent,
): { start: number; end: number } {
  const end = at + added.content.length;
  const after = markdown.slice(end);
  const following = blankLineAfter(added.content);
  // Something was added after it (or it was prepended): the separator after it goes, so what
  // follows takes its place exactly as if it had never been there.
  if (after !== '') {
    return { start: at, end: after.startsWith(following) ? end + following.length : end };
  }
  if (added.operation === 'prepend') return { start: at, end };
  // Appended last: the separator before it goes. Two line breaks there are either the blank
  // line the service added or the page's own; the page keeps one, as a text file ends.
  const newlines = trailingNewlines(markdown.slice(0, at));
  const separator = newlines === 2 ? 1 : 0;
  return { start: at - separator, end };
}

/**
 * Grows the span with the text around it until it occurs exactly once, so the edit cannot
 * apply anywhere else; `newText` keeps that context.
 */
function anchored(markdown: string, start: number, end: number): UndoEdit {
  let before = 0;
  let after = 0;
  for (let grow = 8; ; grow *= 2) {
    const oldText = markdown.slice(start - before, end + after);
    if (occurrences(markdown, oldText).length === 1) {
      return {
        oldText,
        newText: markdown.slice(start - before, start) + markdown.slice(end, end + after),
      };
    }
    before = Math.min(start, grow);
    after = Math.min(markdown.length - end, grow);
  }
}

/**
 * The exact edit that takes the added content out of `markdown`, or null when it cannot be
 * found for certain (the page changed since, so the text is no longer there or is there more
 * than once). `atRevision`: the page's ETag is still the one the write answered with, so the
 * content is known to be where the service put it.
 */
export function undoAddedContent(
  markdown: string,
  added: AddedContent,
  atRevision: boolean,
): UndoEdit | null {
  if (added.content === '') return null;
  let at = atRevision ? placeAtRevision(markdown, added) : null;
  if (at === null) {
    const found = occurrences(markdown, added.content);
    if (found.length !== 1) return null;
    at = found[0]!;
  }
  const { start, end } = removalSpan(markdown, at, added);
  return anchored(markdown, start, end);
}
