/**
 * The background's API client for the stored service URL and token. The token is read from
 * storage here and nowhere else; it never leaves the background.
 */
import type { ApiClient } from '../api';
import { readItem, serviceUrlItem, tokenItem } from '../settings';
import type { BackgroundContext } from './context';
import { hasHostPermission } from './permissions';

export async function currentClient(ctx: BackgroundContext): Promise<ApiClient | null> {
  const [serviceUrl, token] = await Promise.all([readItem(serviceUrlItem), readItem(tokenItem)]);
  if (!token) return null;
  if (!(await hasHostPermission(serviceUrl))) return null;
  return tokenClient(ctx, serviceUrl, token);
}

export function tokenClient(ctx: BackgroundContext, serviceUrl: string, token: string): ApiClient {
  return ctx.createClient({
    baseUrl: serviceUrl,
    credential: { kind: 'token', token },
    fetch: ctx.fetch,
    timeoutMs: 15_000,
  });
}

/** A client using the browser's session cookie with the service (for `POST /tokens`). */
export function sessionClient(ctx: BackgroundContext, serviceUrl: string): ApiClient {
  return ctx.createClient({
    baseUrl: serviceUrl,
    credential: { kind: 'session' },
    fetch: ctx.fetch,
    timeoutMs: 15_000,
  });
}
