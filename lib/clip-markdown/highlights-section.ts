/**
 * The `## Highlights` section of a page: each highlight a quote (linking to the passage),
 * its note, and its record (`highlight-record.ts`). Read back from whatever the user made of
 * the page: an entry is found by its record wherever it is; its quote is the first block
 * quote after the previous record or heading, and what lies between the quote and the record
 * is its note. Changes are exact edits that name a record's unique line, so they apply to the
 * page as it is now, or fail cleanly when the user changed that entry meanwhile.
 */
import {
  readRecord,
  renderRecord,
  RECORD_LINE,
  type HighlightColor,
  type StoredHighlight,
} from './highlight-record';
import { escapeInlineText, unescapeInlineText } from './inline-text';
import { escapeLinkUrl, safeLinkUrl } from './link';
import { textFragmentUrl } from './text-fragment';

export const HIGHLIGHTS_HEADING = '## Highlights';

/** A highlight read from a page, with where its entry is, for exact edits. */
export interface PageHighlight extends StoredHighlight {
  /** The quote the entry shows (escapes undone), which may differ from the stored one. */
  shownQuote: string;
  /** [start, end) of the entry in the markdown: its quote through its record line. */
  entry: { start: number; end: number };
  /** [start, end) of the record line. */
  record: { start: number; end: number };
  /** [start, end) of the quote lines, when the entry still has them. */
  quote: { start: number; end: number } | null;
  /**
   * Where the quote's ↗ points, as written (escapes kept): the passage on the page the
   * highlight was made on. Null when the entry has no such link.
   */
  link: string | null;
}

export interface HighlightsRead {
  highlights: PageHighlight[];
  /** Records that could not be read (kept in the page, listed, never dropped). */
  unreadable: { id: string; reason: string }[];
}

/** A change to a page: an exact edit, or content appended at its end. */
export type PageChange =
  { kind: 'edit'; oldText: string; newText: string } | { kind: 'append'; content: string };

interface Line {
  start: number;
  /** End of the line's text, before `\r\n` or `\n`. */
  end: number;
  text: string;
  inFence: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const QUOTE_LINE = /^ {0,3}>/;

function linesOf(markdown: string): Line[] {
  const lines: Line[] = [];
  let fence: string | null = null;
  let start = 0;
  while (start <= markdown.length) {
    const nl = markdown.indexOf('\n', start);
    const stop = nl < 0 ? markdown.length : nl;
    const end = stop > start && markdown[stop - 1] === '\r' ? stop - 1 : stop;
    const text = markdown.slice(start, end);
    const mark = FENCE.exec(text)?.[1];
    let inFence = fence !== null;
    if (fence === null && mark) {
      fence = mark;
      inFence = true;
    } else if (fence !== null && mark && mark[0] === fence[0] && mark.length >= fence.length) {
      fence = null;
    }
    lines.push({ start, end, text, inFence });
    if (nl < 0) break;
    start = nl + 1;
  }
  return lines;
}

const isHeading = (l: Line) => !l.inFence && HEADING.test(l.text);
const isRecord = (l: Line) => !l.inFence && RECORD_LINE.test(l.text);

/** The link a quote line ends with: `[↗](page#:~:text=…)`, none for a page address that is no safe link. */
function passageLink(h: StoredHighlight, pageUrl: string): string {
  const safe = safeLinkUrl(pageUrl);
  return safe ? ` [↗](${escapeLinkUrl(textFragmentUrl(safe, h.selectors.quote))})` : '';
}

const PASSAGE_LINK = /\s*\[↗\]\(([^()\s]*)\)\s*$/;

const quoteTextOf = (lines: Line[]): string =>
  lines.map((l) => l.text.replace(/^ {0,3}> ?/, '')).join(' ');

function shownQuoteOf(lines: Line[]): string {
  return unescapeInlineText(quoteTextOf(lines).replace(PASSAGE_LINK, '').trim());
}

export function readHighlights(markdown: string): HighlightsRead {
  const lines = linesOf(markdown);
  const highlights: PageHighlight[] = [];
  const unreadable: HighlightsRead['unreadable'] = [];
  const seen = new Set<string>();
  let boundary = -1;
  lines.forEach((line, i) => {
    if (isHeading(line)) boundary = i;
    if (!isRecord(line)) return;
    let q = boundary + 1;
    while (q < i && !(QUOTE_LINE.test((lines[q] as Line).text) && !(lines[q] as Line).inFence)) q++;
    let qEnd = q;
    while (qEnd < i && QUOTE_LINE.test((lines[qEnd] as Line).text)) qEnd++;
    const quoteLines = lines.slice(q, qEnd);
    const noteLines = lines.slice(q < i ? qEnd : i, i);
    boundary = i;
    const shownQuote = shownQuoteOf(quoteLines);
    const read = readRecord(line.text, shownQuote);
    if (!read || seen.has(read.id)) return;
    seen.add(read.id);
    if (!read.ok) {
      unreadable.push({ id: read.id, reason: read.reason });
      return;
    }
    const first = (quoteLines[0] ?? line) as Line;
    highlights.push({
      id: read.id,
      color: read.color,
      selectors: read.selectors,
      note: noteLines
        .map((l) => l.text)
        .join('\n')
        .replace(/^(?:[ \t]*\n)+/, '')
        .trimEnd(),
      shownQuote,
      entry: { start: first.start, end: line.end },
      record: { start: line.start, end: line.end },
      quote: quoteLines.length
        ? { start: first.start, end: (quoteLines[quoteLines.length - 1] as Line).end }
        : null,
      link: PASSAGE_LINK.exec(quoteTextOf(quoteLines))?.[1] ?? null,
    });
  });
  return { highlights, unreadable };
}

/** A note as written into an entry: a line the reader would take for a heading or a record is escaped. */
function noteText(note: string): string {
  return note
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((l) =>
      /^ {0,3}#/.test(l) || RECORD_LINE.test(l) ? l.replace(/^( {0,3})([#[])/, '$1\\$2') : l,
    )
    .join('\n');
}

/** One entry: the quote with its link, the note, the record; a blank line between each. */
export function renderHighlightEntry(h: StoredHighlight, pageUrl: string): string {
  const quote = `> ${escapeInlineText(h.selectors.quote.exact.replace(/\s+/g, ' ').trim())}${passageLink(h, pageUrl)}`;
  const note = noteText(h.note);
  return [quote, note, renderRecord(h)].filter(Boolean).join('\n\n');
}

/** A whole section, as a page without highlights gets it. */
export function renderHighlightsSection(list: readonly StoredHighlight[], pageUrl: string): string {
  return [HIGHLIGHTS_HEADING, ...list.map((h) => renderHighlightEntry(h, pageUrl))].join('\n\n');
}

function occurrences(text: string, part: string): number {
  let n = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) n++;
  return n;
}

/**
 * Adding a highlight: after the last entry; else after the page's one Highlights heading;
 * else a new section at the end of the page.
 */
export function addHighlightChange(
  markdown: string,
  h: StoredHighlight,
  pageUrl: string,
): PageChange {
  const entry = renderHighlightEntry(h, pageUrl);
  const last = readHighlights(markdown).highlights.at(-1);
  if (last) {
    const line = markdown.slice(last.record.start, last.record.end);
    if (occurrences(markdown, line) === 1) {
      return { kind: 'edit', oldText: line, newText: `${line}\n\n${entry}` };
    }
  }
  const heading = linesOf(markdown).find(
    (l) => isHeading(l) && l.text.trim().toLowerCase() === HIGHLIGHTS_HEADING.toLowerCase(),
  );
  if (heading && occurrences(markdown, heading.text) === 1) {
    return { kind: 'edit', oldText: heading.text, newText: `${heading.text}\n\n${entry}` };
  }
  return { kind: 'append', content: `${HIGHLIGHTS_HEADING}\n\n${entry}` };
}

function find(markdown: string, id: string): PageHighlight | null {
  return readHighlights(markdown).highlights.find((h) => h.id === id) ?? null;
}

/**
 * Removing a highlight: its entry and the blank lines before it, so the page reads as if it
 * had never been added. Null when the page has no such highlight (already removed).
 */
export function removeHighlightChange(markdown: string, id: string): PageChange | null {
  const h = find(markdown, id);
  if (!h) return null;
  let start = h.entry.start;
  let end = h.entry.end;
  const before = markdown.slice(0, start);
  const gap = /(?:\r?\n[ \t]*)*\r?\n$/.exec(before);
  if (gap && gap.index > 0) start = gap.index;
  else {
    const after = /^(?:\r?\n[ \t]*)*(?:\r?\n|$)/.exec(markdown.slice(end));
    end += after?.[0].length ?? 0;
  }
  return { kind: 'edit', oldText: markdown.slice(start, end), newText: '' };
}

/**
 * Changing a highlight's colour or note. A colour alone rewrites only the record; a note
 * rewrites what lies between the quote (kept as the user left it) and the record.
 */
export function updateHighlightChange(
  markdown: string,
  id: string,
  change: { color?: HighlightColor; note?: string },
): PageChange | null {
  const h = find(markdown, id);
  if (!h) return null;
  const next: StoredHighlight = {
    id: h.id,
    color: change.color ?? h.color,
    selectors: h.selectors,
    note: change.note ?? h.note,
  };
  const record = renderRecord(next);
  if (change.note === undefined || noteText(change.note) === h.note) {
    return { kind: 'edit', oldText: markdown.slice(h.record.start, h.record.end), newText: record };
  }
  const quote = h.quote ? markdown.slice(h.quote.start, h.quote.end) : '';
  return {
    kind: 'edit',
    oldText: markdown.slice(h.entry.start, h.entry.end),
    newText: [quote, noteText(next.note), record].filter(Boolean).join('\n\n'),
  };
}
