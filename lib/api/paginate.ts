/**
 * Lists as async iterators (spec, GET /pages and GET /folders: "The caller follows
 * `nextCursor` until it is null"). A page of results is fetched only when the consumer has
 * used up the previous one, so `break` stops the requests.
 *
 * A cursor the service already gave us would loop forever (a broken deployment or proxy
 * cache); it ends the iteration with an `invalid-response` error instead.
 */
import { ApiError } from './errors';
import type { ListPage } from '../../contract';

export async function* paginate<T>(
  fetchPage: (cursor: string | null) => Promise<ListPage<T>>,
  request = 'list',
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page: ListPage<T> = await fetchPage(cursor);
    yield* page.data;
    if (page.nextCursor === null) return;
    if (seen.has(page.nextCursor)) {
      throw new ApiError({
        kind: 'invalid-response',
        status: null,
        code: 'invalid_response',
        message: `${request}: the service returned a cursor it had already returned; stopping instead of looping forever`,
        request,
      });
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** Drains an async iterator into an array (for callers that want everything). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
