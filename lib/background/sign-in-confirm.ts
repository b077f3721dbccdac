/**
 * The second half of sign-in: the user answers whether the account the browser's session is
 * signed in as (held by `signIn`) is theirs. Only a yes mints a token.
 */
import type { ConnectionState } from '../messaging/connection';
import { readItem, serviceUrlItem, signInPendingItem } from '../settings';
import { getConnectionState, tryMint } from './connection';
import type { BackgroundContext } from './context';
import { originOf } from './permissions';
import { problem } from './problems';

export async function confirmSignIn(
  ctx: BackgroundContext,
  userId: string,
): Promise<ConnectionState> {
  const [serviceUrl, pending] = await Promise.all([
    readItem(serviceUrlItem),
    readItem(signInPendingItem),
  ]);
  const account = pending?.serviceUrl === serviceUrl ? pending.account : null;
  if (!account || account.id !== userId) {
    return {
      ...(await getConnectionState(ctx)),
      problem: problem('sign-in-required', 'That sign-in is over: click Sign in again.'),
    };
  }
  const minted = await tryMint(ctx, serviceUrl, account);
  if (minted === 'connected') return getConnectionState(ctx);
  // Whatever went wrong, the held account is no longer what a new token would belong to.
  await signInPendingItem.setValue(null);
  const state = await getConnectionState(ctx);
  ctx.broadcast({ type: 'connection-changed', state });
  const origin = originOf(serviceUrl) as string;
  return {
    ...state,
    problem:
      minted === 'no-session'
        ? problem('sign-in-required', `The session with ${origin} ended: click Sign in again.`)
        : minted,
  };
}

export async function cancelSignIn(ctx: BackgroundContext): Promise<ConnectionState> {
  await signInPendingItem.setValue(null);
  const state = await getConnectionState(ctx);
  ctx.broadcast({ type: 'connection-changed', state });
  return state;
}
