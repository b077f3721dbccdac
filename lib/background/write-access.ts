/**
 * Whether the token may write. The service lists no scopes for a token, so Pageclip asks with a
 * write that cannot change anything: `PATCH` of the nil-UUID page, which never exists. The
 * scope is checked before the page is looked up, so 403 `insufficient_scope` means the token
 * lacks `pages:write`, and 404 means writes are allowed (docs/api.md, "Connecting").
 */
import { isApiError, type ApiClient } from '../api';
import type { WriteAccess } from '../messaging/connection';

export const NIL_PAGE_ID = '00000000-0000-0000-0000-000000000000';

/** What the probe's outcome says; anything inconclusive (network, 5xx) is `unknown`. */
export function writeAccessOf(error: unknown): WriteAccess {
  // A page with the nil id exists after all: the write went through, so writes are allowed.
  if (error === null) return 'write';
  if (!isApiError(error) || error.kind !== 'http' || error.status === null) return 'unknown';
  if (error.status === 403) return error.code === 'insufficient_scope' ? 'read-only' : 'unknown';
  // 404 (no such page) or 400 (the body refused): the scope check passed before either.
  if (error.status === 404 || error.status === 400) return 'write';
  return 'unknown';
}

export async function probeWriteAccess(client: ApiClient): Promise<WriteAccess> {
  try {
    // The title is never stored: no page has this id.
    await client.updatePage(NIL_PAGE_ID, { title: 'Pageclip write check' });
    return writeAccessOf(null);
  } catch (error) {
    return writeAccessOf(error);
  }
}
