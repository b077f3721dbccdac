import type { KeysetPosition } from '../db/folders';
import { invalid } from './api-error';

/**
 * Opaque keyset cursors: base64url JSON of [list kind, sort value, id]. The kind keeps a
 * cursor from one list from being replayed against another; anything that does not decode
 * to exactly this shape is 400 (decisions.md, General).
 */
export type CursorKind = 'pages' | 'folders' | 'trash-pages' | 'trash-folders';

export function encodeCursor(kind: CursorKind, position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([kind, position.at, position.id])).toString('base64url');
}

export function decodeCursor(
  kind: CursorKind,
  cursor: string | undefined,
): KeysetPosition | undefined {
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
    parsed.length !== 3 ||
    parsed[0] !== kind ||
    !Number.isSafeInteger(parsed[1]) ||
    typeof parsed[2] !== 'string'
  ) {
    throw invalid('cursor: not a cursor returned by this list');
  }
  return { at: parsed[1] as number, id: parsed[2] as string };
}

/** Fetches limit + 1 rows to learn whether another page exists without a count query. */
export function paginate<T>(
  rows: T[],
  limit: number,
  kind: CursorKind,
  position: (row: T) => KeysetPosition,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(kind, position(page[page.length - 1]!)) };
}
