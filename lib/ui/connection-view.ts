/**
 * The one state the options page and the popup show for a connection, so a bad token is never
 * "Connected" next to an error: connected, read only (the token lacks `pages:write`), refused
 * (the service no longer accepts the token), connected with a passing problem (the service
 * cannot be reached right now), or not connected.
 */
import type { ConnectionState, User } from '../messaging/connection';
import type { Problem } from '../messaging/problem';

export type ConnectionView =
  | { kind: 'none' }
  | { kind: 'ok'; user: User }
  | { kind: 'read-only'; user: User | null }
  | { kind: 'refused'; user: User | null }
  | { kind: 'trouble'; user: User | null; problem: Problem };

export function connectionView(connection: ConnectionState): ConnectionView {
  const { hasToken, user, problem } = connection;
  if (!hasToken) return { kind: 'none' };
  if (problem?.code === 'unauthenticated') return { kind: 'refused', user };
  if (connection.writeAccess === 'read-only' || problem?.code === 'read-only')
    return { kind: 'read-only', user };
  if (problem) return { kind: 'trouble', user, problem };
  return user ? { kind: 'ok', user } : { kind: 'none' };
}

/**
 * The account the popup's header names: the signed-in user's email, and nothing once the
 * service refused the token (a 401), when nobody is signed in any more.
 */
export function headerAccount(connection: ConnectionState): string | null {
  const view = connectionView(connection);
  if (view.kind === 'none' || view.kind === 'refused') return null;
  return view.user?.email ?? view.user?.name ?? null;
}

/** Problems only the options page can fix; the popup sends the user there instead of a Save bound to fail. */
const NEEDS_SETTINGS = new Set([
  'not-configured',
  'no-permission',
  'invalid-url',
  'sign-in-required',
  'insufficient-scope',
]);

/** Whether the popup can clip (into the outbox, even while the service is unreachable). */
export function canClip(connection: ConnectionState): boolean {
  const view = connectionView(connection);
  if (view.kind === 'none' || view.kind === 'refused' || view.kind === 'read-only') return false;
  return !NEEDS_SETTINGS.has(connection.problem?.code ?? '');
}
