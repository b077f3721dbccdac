/**
 * Connecting to the service: the API found at the address typed (`service-address.ts`), a
 * pasted token checked with `GET /me` and the write check (`write-access.ts`), or sign-in (a
 * token minted with the browser's session, `POST /tokens`), and the state the options page shows.
 */
import { browser } from 'wxt/browser';
import { isApiError, type ApiClient } from '../api';
import type { ConnectionState, User, WriteAccess } from '../messaging/connection';
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
  writeAccessItem,
} from '../settings';
import { refreshFolders } from './caches';
import { sessionClient, tokenClient } from './client';
import type { BackgroundContext } from './context';
import { hasHostPermission, originOf, originPatternOf } from './permissions';
import { describeError, missingScopeOf, problem } from './problems';
import { locateService, normalizeServiceUrl } from './service-address';
import { probeWriteAccess } from './write-access';

export const TOKEN_SCOPES = ['pages:read', 'pages:write'];
/** A sign-in tab older than this is no longer waited on. */
const SIGN_IN_WAIT_MS = 15 * 60_000;

export async function getConnectionState(
  ctx: BackgroundContext,
  opts: { check?: boolean } = {},
): Promise<ConnectionState> {
  // Read together: every popup opens with this, and each read is a round trip to the browser.
  const [serviceUrl, token, storedUser, storedProblem, storedAccess, pending] = await Promise.all([
    readItem(serviceUrlItem),
    readItem(tokenItem),
    readItem(connectedUserItem),
    readItem(connectionProblemItem),
    readItem(writeAccessItem),
    readItem(signInPendingItem),
  ]);
  const granted = await hasHostPermission(serviceUrl);
  let user = storedUser;
  let current = storedProblem?.problem ?? null;
  let writeAccess = storedAccess?.access ?? 'unknown';
  const origin = originOf(serviceUrl);

  if (!origin) current = problem('invalid-url', `"${serviceUrl}" is not an http(s) URL.`);
  else if (!granted) current = noPermission(origin);
  else if (!token)
    current = problem('not-configured', 'Not connected: paste an API token or sign in.');
  else if (opts.check) {
    try {
      const client = tokenClient(ctx, serviceUrl, token);
      const me = await client.me();
      user = { id: me.id, email: me.email ?? null, name: me.name ?? null };
      writeAccess = await checkWriteAccess(ctx, client);
      await connectedUserItem.setValue(user);
      await connectionProblemItem.setValue(null);
      current = null;
    } catch (error) {
      current = describeError(error, origin);
      await recordProblem(ctx, current);
    }
  }
  if (!token) writeAccess = 'unknown';
  if (current === null && writeAccess === 'read-only') current = readOnly();
  return {
    serviceUrl,
    originPattern: originPatternOf(serviceUrl),
    permissionGranted: granted,
    hasToken: token !== null,
    user: token ? user : null,
    writeAccess,
    problem: current,
    signInPending: pending !== null && pending.serviceUrl === serviceUrl && !pending.account,
    signInAccount: (pending?.serviceUrl === serviceUrl && pending.account) || null,
  };
}

export async function recordProblem(ctx: BackgroundContext, p: Problem): Promise<void> {
  // A write refused for lacking pages:write says as much as the write check.
  if (p.code === 'insufficient-scope' && missingScopeOf(p.message) === 'pages:write') {
    await writeAccessItem.setValue({ access: 'read-only', at: ctx.now() });
    return;
  }
  await connectionProblemItem.setValue({ problem: p, at: ctx.now() });
}

/** The write check for the token in `client`, stored so the popup and options page know it. */
async function checkWriteAccess(ctx: BackgroundContext, client: ApiClient): Promise<WriteAccess> {
  const access = await probeWriteAccess(client);
  // An inconclusive check (the service down for a moment) keeps what was known.
  if (access === 'unknown') return (await readItem(writeAccessItem))?.access ?? 'unknown';
  await writeAccessItem.setValue({ access, at: ctx.now() });
  return access;
}

function readOnly(): Problem {
  return problem(
    'read-only',
    'This token can read but not write: it lacks pages:write. Create a token with pages:read and pages:write, or sign in again.',
    403,
  );
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

/**
 * The API address for what the user typed (a bare origin gets `/api/v1` when the service
 * answers there), or the state to answer with a problem that says what is wrong with it. The
 * stored address and token stay as they were when the address is wrong.
 */
async function resolveAddress(
  ctx: BackgroundContext,
  serviceUrl: string,
): Promise<{ url: string } | { state: ConnectionState }> {
  const typed = normalizeServiceUrl(serviceUrl);
  if (!typed)
    return { state: { ...(await getConnectionState(ctx)), problem: invalidUrl(serviceUrl) } };
  // Without host access nothing can be asked: the state says so.
  if (!(await hasHostPermission(typed))) {
    await setServiceUrl(ctx, typed);
    return { state: await getConnectionState(ctx) };
  }
  const found = await locateService(ctx, typed);
  if ('problem' in found)
    return { state: { ...(await getConnectionState(ctx)), problem: found.problem } };
  await setServiceUrl(ctx, found.url);
  return found;
}

async function forgetAccount(): Promise<void> {
  await Promise.all([
    tokenItem.setValue(null),
    connectedUserItem.setValue(null),
    connectionProblemItem.setValue(null),
    writeAccessItem.setValue(null),
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
  const address = await resolveAddress(ctx, serviceUrl);
  if ('state' in address) return address.state;
  const { url } = address;
  const origin = originOf(url) as string;
  try {
    const client = tokenClient(ctx, url, token.trim());
    const me = await client.me();
    await storeConnection(
      ctx,
      token.trim(),
      { id: me.id, email: me.email ?? null, name: me.name ?? null },
      await probeWriteAccess(client),
    );
  } catch (error) {
    return { ...(await getConnectionState(ctx)), problem: describeError(error, origin) };
  }
  return getConnectionState(ctx);
}

async function storeConnection(
  ctx: BackgroundContext,
  token: string,
  user: { id: string; email: string | null; name: string | null },
  writeAccess: WriteAccess,
): Promise<void> {
  const previousUser = await readItem(connectedUserItem);
  if (previousUser && previousUser.id !== user.id) await forgetAccount();
  await tokenItem.setValue(token);
  await writeAccessItem.setValue({ access: writeAccess, at: ctx.now() });
  await connectedUserItem.setValue(user);
  await connectionProblemItem.setValue(null);
  await signInPendingItem.setValue(null);
  ctx.broadcast({ type: 'connection-changed', state: await getConnectionState(ctx) });
  // Writes refused for the old token or its scopes are marked for the user to retry or review
  // (never sent again unasked); entries that waited for a connection go now.
  await ctx.outbox.connectionChanged().catch(() => 0);
  // Warm the folder cache now, so the first popup opens with the tree.
  void refreshFolders(ctx).catch(() => undefined);
}

/**
 * Sign in: read the account of the browser's session and hold it for the user to confirm
 * (`confirmSignIn` mints the token). Without a session (401) open the service's sign-in page;
 * `onSignInTabUpdated` reads the account once the user has signed in there.
 */
export async function signIn(ctx: BackgroundContext, serviceUrl: string): Promise<ConnectionState> {
  const address = await resolveAddress(ctx, serviceUrl);
  if ('state' in address) return address.state;
  const { url } = address;
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
    const client = tokenClient(ctx, serviceUrl, created.secret);
    const me = await client.me();
    if (me.id !== confirmed.id) {
      await session.revokeToken(created.id).catch(() => undefined);
      return problem('sign-in-required', `${origin} is now signed in to another account.`);
    }
    await storeConnection(
      ctx,
      created.secret,
      { id: me.id, email: me.email ?? null, name: me.name ?? null },
      await probeWriteAccess(client),
    );
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
