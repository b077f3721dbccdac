/**
 * Connecting to the service: a pasted token checked with `GET /me`, or sign-in (a token minted
 * with the browser's session, `POST /tokens`), and the state the options page shows.
 */
import { browser } from 'wxt/browser';
import { isApiError } from '../api';
import type { ConnectionState, User } from '../messaging/connection';
import type { Problem } from '../messaging/problem';
import {
  connectedUserItem,
  connectionProblemItem,
  folderCacheItem,
  folderCacheStampItem,
  lastDestinationItem,
  pageCacheItem,
  readItem,
  recentFoldersItem,
  recentPagesItem,
  serviceUrlItem,
  signInPendingItem,
  tokenItem,
} from '../settings';
import { refreshFolders } from './caches';
import { sessionClient, tokenClient } from './client';
import type { BackgroundContext } from './context';
import { hasHostPermission, originOf, originPatternOf } from './permissions';
import { describeError, problem } from './problems';

export const TOKEN_SCOPES = ['pages:read', 'pages:write'];
/** A sign-in tab older than this is no longer waited on. */
const SIGN_IN_WAIT_MS = 15 * 60_000;

export async function getConnectionState(
  ctx: BackgroundContext,
  opts: { check?: boolean } = {},
): Promise<ConnectionState> {
  const serviceUrl = await readItem(serviceUrlItem);
  const token = await readItem(tokenItem);
  const granted = await hasHostPermission(serviceUrl);
  let user = await readItem(connectedUserItem);
  let current = (await readItem(connectionProblemItem))?.problem ?? null;
  const pending = await readItem(signInPendingItem);
  const origin = originOf(serviceUrl);

  if (!origin) current = problem('invalid-url', `"${serviceUrl}" is not an http(s) URL.`);
  else if (!granted) current = noPermission(origin);
  else if (!token)
    current = problem('not-configured', 'Not connected: paste an API token or sign in.');
  else if (opts.check) {
    try {
      const me = await tokenClient(ctx, serviceUrl, token).me();
      user = { id: me.id, email: me.email ?? null, name: me.name ?? null };
      await connectedUserItem.setValue(user);
      await connectionProblemItem.setValue(null);
      current = null;
    } catch (error) {
      current = describeError(error, origin);
      await recordProblem(ctx, current);
    }
  }
  return {
    serviceUrl,
    originPattern: originPatternOf(serviceUrl),
    permissionGranted: granted,
    hasToken: token !== null,
    user: token ? user : null,
    problem: current,
    signInPending: pending !== null && pending.serviceUrl === serviceUrl && !pending.account,
    signInAccount: (pending?.serviceUrl === serviceUrl && pending.account) || null,
  };
}

/** A write the service refused because of the token itself, not the request: fixed by reconnecting. */
export function isCredentialRefusal(
  error: { status: number | null; code: string } | null,
): boolean {
  return error !== null && (error.status === 401 || error.code === 'insufficient_scope');
}

export async function recordProblem(ctx: BackgroundContext, p: Problem): Promise<void> {
  await connectionProblemItem.setValue({ problem: p, at: ctx.now() });
}

function noPermission(origin: string): Problem {
  return problem(
    'no-permission',
    `Pageclip is not allowed to reach ${origin} yet. On the options page, Sign in or Connect with token: the browser then asks to give Pageclip access to that address.`,
  );
}

/** Save the service URL; a different origin forgets the token, user and caches of the old one. */
export async function setServiceUrl(
  ctx: BackgroundContext,
  serviceUrl: string,
): Promise<ConnectionState> {
  const next = normalizeServiceUrl(serviceUrl);
  if (!next) return { ...(await getConnectionState(ctx)), problem: invalidUrl(serviceUrl) };
  const previous = await readItem(serviceUrlItem);
  if (previous !== next) {
    await serviceUrlItem.setValue(next);
    await forgetAccount();
  }
  return getConnectionState(ctx);
}

function invalidUrl(serviceUrl: string): Problem {
  return problem('invalid-url', `"${serviceUrl}" is not an http(s) URL of the service's API.`);
}

/** Trim, drop a trailing slash; null when it is not http(s). */
export function normalizeServiceUrl(input: string): string | null {
  const trimmed = input.trim().replace(/\/+$/, '');
  return originOf(trimmed) ? trimmed : null;
}

async function forgetAccount(): Promise<void> {
  await Promise.all([
    tokenItem.setValue(null),
    connectedUserItem.setValue(null),
    connectionProblemItem.setValue(null),
    folderCacheItem.setValue(null),
    folderCacheStampItem.setValue(null),
    pageCacheItem.setValue(null),
    recentFoldersItem.setValue([]),
    recentPagesItem.setValue([]),
    lastDestinationItem.setValue(null),
  ]);
}

/** Check a pasted token with GET /me; keep it only when the service accepts it. */
export async function connectWithToken(
  ctx: BackgroundContext,
  serviceUrl: string,
  token: string,
): Promise<ConnectionState> {
  const url = normalizeServiceUrl(serviceUrl);
  if (!url) return { ...(await getConnectionState(ctx)), problem: invalidUrl(serviceUrl) };
  await setServiceUrl(ctx, url);
  const origin = originOf(url) as string;
  if (!(await hasHostPermission(url))) return getConnectionState(ctx);
  try {
    const me = await tokenClient(ctx, url, token.trim()).me();
    await storeConnection(ctx, token.trim(), {
      id: me.id,
      email: me.email ?? null,
      name: me.name ?? null,
    });
  } catch (error) {
    return { ...(await getConnectionState(ctx)), problem: describeError(error, origin) };
  }
  return getConnectionState(ctx);
}

async function storeConnection(
  ctx: BackgroundContext,
  token: string,
  user: { id: string; email: string | null; name: string | null },
): Promise<void> {
  const previousUser = await readItem(connectedUserItem);
  if (previousUser && previousUser.id !== user.id) await forgetAccount();
  await tokenItem.setValue(token);
  await connectedUserItem.setValue(user);
  await connectionProblemItem.setValue(null);
  await signInPendingItem.setValue(null);
  ctx.broadcast({ type: 'connection-changed', state: await getConnectionState(ctx) });
  // Writes refused for the old token (401) or its scopes (403) get another go with the new
  // one; entries that waited for a connection go now.
  await ctx.outbox
    .retryAll((e) => e.status === 'failed' && isCredentialRefusal(e.lastError))
    .catch(() => 0);
  void ctx.outbox.flush().catch(() => undefined);
  // Warm the folder cache now, so the first popup opens with the tree.
  void refreshFolders(ctx).catch(() => undefined);
}

/**
 * Sign in: read the account of the browser's session and hold it for the user to confirm
 * (`confirmSignIn` mints the token). Without a session (401) open the service's sign-in page;
 * `onSignInTabUpdated` reads the account once the user has signed in there.
 */
export async function signIn(ctx: BackgroundContext, serviceUrl: string): Promise<ConnectionState> {
  const url = normalizeServiceUrl(serviceUrl);
  if (!url) return { ...(await getConnectionState(ctx)), problem: invalidUrl(serviceUrl) };
  await setServiceUrl(ctx, url);
  if (!(await hasHostPermission(url))) return getConnectionState(ctx);
  const session = await readSessionAccount(ctx, url);
  if (typeof session === 'object' && 'account' in session) {
    await holdAccount(ctx, { serviceUrl: url, tabId: -1, startedAt: ctx.now() }, session.account);
    return getConnectionState(ctx);
  }
  if (session !== 'no-session') return { ...(await getConnectionState(ctx)), problem: session };
  const origin = originOf(url) as string;
  const tab = await browser.tabs.create({ url: `${origin}/auth/sign-in`, active: true });
  await signInPendingItem.setValue({ serviceUrl: url, tabId: tab.id ?? -1, startedAt: ctx.now() });
  const state = await getConnectionState(ctx);
  return {
    ...state,
    problem: problem('sign-in-required', `Sign in to ${origin} in the tab that just opened.`),
  };
}

/** GET /me with the browser's session: who a token minted now would belong to. */
async function readSessionAccount(
  ctx: BackgroundContext,
  serviceUrl: string,
): Promise<{ account: User } | 'no-session' | Problem> {
  try {
    const me = await sessionClient(ctx, serviceUrl).me();
    return { account: { id: me.id, email: me.email ?? null, name: me.name ?? null } };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return 'no-session';
    return describeError(error, originOf(serviceUrl) as string);
  }
}

async function holdAccount(
  ctx: BackgroundContext,
  pending: { serviceUrl: string; tabId: number; startedAt: number },
  account: User,
): Promise<void> {
  await signInPendingItem.setValue({ ...pending, account });
  ctx.broadcast({ type: 'connection-changed', state: await getConnectionState(ctx) });
}

/**
 * POST /tokens with the session, then GET /me with the new token; the token is kept only
 * when it belongs to the account the user confirmed (the session may have changed since).
 */
export async function tryMint(
  ctx: BackgroundContext,
  serviceUrl: string,
  confirmed: User,
): Promise<'connected' | 'no-session' | Problem> {
  const origin = originOf(serviceUrl) as string;
  try {
    const session = sessionClient(ctx, serviceUrl);
    const created = await session.createToken({
      name: `Pageclip on ${ctx.browserName}`,
      scopes: TOKEN_SCOPES,
      expiresAt: null,
    });
    const me = await tokenClient(ctx, serviceUrl, created.secret).me();
    if (me.id !== confirmed.id) {
      await session.revokeToken(created.id).catch(() => undefined);
      return problem('sign-in-required', `${origin} is now signed in to another account.`);
    }
    await storeConnection(ctx, created.secret, {
      id: me.id,
      email: me.email ?? null,
      name: me.name ?? null,
    });
    return 'connected';
  } catch (error) {
    if (isApiError(error) && error.status === 401) return 'no-session';
    return describeError(error, origin);
  }
}

/**
 * `tabs.onUpdated` for the sign-in tab: each time a page in it finished loading, read the
 * session's account; once there is one, hold it for the user to confirm and close the tab. (The host permission for the service origin lets us
 * see the tab's updates; no `tabs` or `cookies` permission is needed.)
 */
export async function onSignInTabUpdated(
  ctx: BackgroundContext,
  tabId: number,
  status: string | undefined,
): Promise<void> {
  if (status !== 'complete') return;
  const pending = await readItem(signInPendingItem);
  if (!pending || pending.tabId !== tabId || pending.account) return;
  if (ctx.now() - pending.startedAt > SIGN_IN_WAIT_MS) {
    await signInPendingItem.setValue(null);
    return;
  }
  const session = await readSessionAccount(ctx, pending.serviceUrl);
  if (typeof session !== 'object' || !('account' in session)) return;
  await holdAccount(ctx, pending, session.account);
  await browser.tabs.remove(tabId).catch(() => undefined);
}

export async function onSignInTabRemoved(ctx: BackgroundContext, tabId: number): Promise<void> {
  const pending = await readItem(signInPendingItem);
  // An account read from the tab waits for the user's answer, with or without the tab.
  if (!pending || pending.tabId !== tabId || pending.account) return;
  await signInPendingItem.setValue(null);
  ctx.broadcast({ type: 'connection-changed', state: await getConnectionState(ctx) });
}

export async function disconnect(ctx: BackgroundContext): Promise<ConnectionState> {
  await forgetAccount();
  await signInPendingItem.setValue(null);
  const state = await getConnectionState(ctx);
  ctx.broadcast({ type: 'connection-changed', state });
  return state;
}
