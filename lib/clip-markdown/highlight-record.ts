/**
 * One highlight's record in a page: a link reference definition that nothing links to, which
 * every CommonMark renderer (the page view, note apps, forges) therefore hides, carrying the
 * highlight's stable id in its label and its selectors and colour as JSON in its title
 * (docs/architecture.md, "Highlights in a page").
 *
 *   [pageclip-highlight:k3j9x2m1]: <> '{"v":1,"color":"yellow","exact":"…",…}'
 */
import { z } from 'zod';
import { positionSelector, quoteSelector, type HighlightSelectors } from '../anchoring/selectors';

import { DEFAULT_HIGHLIGHT_COLOR, HIGHLIGHT_COLORS, type HighlightColor } from './highlight-colors';

export { DEFAULT_HIGHLIGHT_COLOR, HIGHLIGHT_COLORS, type HighlightColor };

/** Lower case only: reference labels match case-insensitively. */
export const HighlightId = z.string().regex(/^[a-z0-9][a-z0-9-]{3,63}$/, {
  message: 'a highlight id is 4 to 64 lower-case letters, digits and dashes',
});

/** A highlight as a page keeps it; the note is the markdown the user reads and edits. */
export interface StoredHighlight {
  id: string;
  color: HighlightColor;
  selectors: HighlightSelectors;
  note: string;
}

/** Longest quote kept: a selection of a whole long article is still one highlight. */
export const MAX_QUOTE_LENGTH = 20_000;
const MAX_CONTEXT_LENGTH = 256;

/** The JSON in a record's title. Read tolerantly: the user may have touched it. */
const RecordData = z.object({
  v: z.literal(1).optional(),
  color: z.string().optional(),
  exact: z.string().min(1).max(MAX_QUOTE_LENGTH),
  prefix: z.string().max(MAX_CONTEXT_LENGTH).optional(),
  suffix: z.string().max(MAX_CONTEXT_LENGTH).optional(),
  start: z.number().int().nonnegative().optional(),
  end: z.number().int().nonnegative().optional(),
});

export const RECORD_LABEL_PREFIX = 'pageclip-highlight:';
export const recordLabel = (id: string) => `${RECORD_LABEL_PREFIX}${id}`;

/** A definition line whose label is a highlight's (up to three spaces of indent, as CommonMark allows). */
export const RECORD_LINE =
  /^ {0,3}\[pageclip-highlight:([a-z0-9][a-z0-9-]{3,63})\]:[ \t]+(\S+)(?:[ \t]+'((?:[^'\\]|\\.)*)')?[ \t]*$/i;

export function colorOf(value: unknown): HighlightColor {
  return HIGHLIGHT_COLORS.find((c) => c === value) ?? DEFAULT_HIGHLIGHT_COLOR;
}

/** The record's line for a highlight. */
export function renderRecord(h: Omit<StoredHighlight, 'note'>): string {
  HighlightId.parse(h.id);
  const { quote, position } = h.selectors;
  const data: z.input<typeof RecordData> = {
    v: 1,
    color: h.color,
    exact: quote.exact,
    prefix: quote.prefix,
    suffix: quote.suffix,
    ...(position ? { start: position.start, end: position.end } : {}),
  };
  // A single-quoted title: the JSON's own backslashes and any apostrophe escaped once more.
  const title = JSON.stringify(data).replace(/[\\']/g, '\\$&');
  return `[${recordLabel(h.id)}]: <> '${title}'`;
}

export type RecordRead =
  | { ok: true; id: string; color: HighlightColor; selectors: HighlightSelectors }
  | { ok: false; id: string; reason: string };

/**
 * A record line read back. Without usable JSON the highlight is still kept, anchored by
 * `fallbackQuote` (the quote the entry shows) when there is one.
 */
export function readRecord(line: string, fallbackQuote: string): RecordRead | null {
  const m = RECORD_LINE.exec(line);
  if (!m) return null;
  const id = (m[1] as string).toLowerCase();
  let data: z.infer<typeof RecordData> | null = null;
  if (m[3] !== undefined) {
    try {
      const parsed = RecordData.safeParse(JSON.parse(m[3].replace(/\\([!-/:-@[-`{-~])/g, '$1')));
      if (parsed.success) data = parsed.data;
    } catch {
      data = null;
    }
  }
  if (!data) {
    const exact = fallbackQuote.trim();
    if (!exact) return { ok: false, id, reason: 'its record and quote are unreadable' };
    return {
      ok: true,
      id,
      color: DEFAULT_HIGHLIGHT_COLOR,
      selectors: { quote: quoteSelector(exact.slice(0, MAX_QUOTE_LENGTH)) },
    };
  }
  const { start, end } = data;
  const position =
    start !== undefined && end !== undefined && end - start === data.exact.length
      ? positionSelector(start, end)
      : undefined;
  return {
    ok: true,
    id,
    color: colorOf(data.color),
    selectors: {
      quote: quoteSelector(data.exact, data.prefix ?? '', data.suffix ?? ''),
      ...(position ? { position } : {}),
    },
  };
}
