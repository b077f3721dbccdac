import type { KeysetPosition } from '../db/folders';
import { invalid } from './api-error';

/**
 * Opaque keyset cursors: base64url JSON of [list kind, sort value, id]. The kind keeps a
 * cursor from one list from being replayed against another; anything that does not decode
 * to exactly this shape is 400 (docs/api.md, General).
 */
export type CursorKind = 'pages' | 'folders' | 'trash-pages' | 'trash-folders';

export type CursorPosition = KeysetPosition & { asOf?: number };

export function encodeCursor(kind: CursorKind, position: CursorPosition): string {
  const tuple = [kind, position.at, position.id];
  if (position.asOf !== undefined) tuple.push(position.asOf);
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

export function decodeCursor(
  kind: CursorKind,
  cursor: string | undefined,
): CursorPosition | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor: not a cursor returned by this list');
  }
  if (
    !Array.isArray(parsed) ||
    // Page listings carry the stamp of their snapshot as a fourth element.
    parsed.length !== (kind === 'pages' ? 4 : 3) ||
    parsed[0] !== kind ||
    !Number.isSafeInteger(parsed[1]) ||
    typeof parsed[2] !== 'string' ||
    (kind === 'pages' && !Number.isSafeInteger(parsed[3]))
  ) {
    throw invalid('cursor: not a cursor returned by this list');
  }
  const position: CursorPosition = { at: parsed[1] as number, id: parsed[2] as string };
  if (kind === 'pages') position.asOf = parsed[3] as number;
  return position;
}

/** Fetches limit + 1 rows to learn whether another page exists without a count query. */
export function paginate<T>(
  rows: T[],
  limit: number,
  kind: CursorKind,
  position: (row: T) => CursorPosition,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(kind, position(page[page.length - 1]!)) };
}
