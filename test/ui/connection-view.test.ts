import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../lib/messaging/connection';
import { canClip, connectionView, headerAccount } from '../../lib/ui/connection-view';
import { problemAction } from '../../lib/ui/problem-action';
import { connectedState } from '../components/support/fake-background';

const p = (
  code: NonNullable<ConnectionState['problem']>['code'],
  status: number | null = null,
) => ({
  code,
  message: code,
  status,
});

describe('connectionView', () => {
  it('shows one state: connected, read only, refused, connected with a problem, or none', () => {
    expect(connectionView(connectedState()).kind).toBe('ok');
    expect(connectionView(connectedState({ hasToken: false, user: null })).kind).toBe('none');
    // A refused token is never "connected", whatever user was known.
    expect(connectionView(connectedState({ problem: p('unauthenticated', 401) })).kind).toBe(
      'refused',
    );
    expect(connectionView(connectedState({ writeAccess: 'read-only' })).kind).toBe('read-only');
    expect(connectionView(connectedState({ problem: p('read-only', 403) })).kind).toBe('read-only');
    expect(connectionView(connectedState({ problem: p('nothing-listening') }))).toMatchObject({
      kind: 'trouble',
      problem: { code: 'nothing-listening' },
    });
  });

  it('lets the popup clip only when a Save can succeed (an unreachable service queues)', () => {
    expect(canClip(connectedState())).toBe(true);
    expect(canClip(connectedState({ problem: p('unreachable') }))).toBe(true);
    expect(canClip(connectedState({ writeAccess: 'read-only' }))).toBe(false);
    expect(canClip(connectedState({ problem: p('unauthenticated', 401) }))).toBe(false);
    expect(canClip(connectedState({ problem: p('insufficient-scope', 403) }))).toBe(false);
    expect(canClip(connectedState({ hasToken: false, user: null }))).toBe(false);
  });
});

describe('problemAction', () => {
  it('offers Open settings for authentication and scope failures, Retry for the rest', () => {
    // An outbox entry's lastError carries the service's own code.
    expect(problemAction({ code: 'unauthenticated', message: '', status: 401 })).toBe(
      'open-settings',
    );
    expect(problemAction({ code: 'insufficient_scope', message: '', status: 403 })).toBe(
      'open-settings',
    );
    expect(problemAction({ code: 'insufficient-scope', message: '', status: 403 })).toBe(
      'open-settings',
    );
    expect(problemAction({ code: 'read-only', message: '', status: 403 })).toBe('open-settings');
    expect(problemAction({ code: 'http_401', message: '', status: 401 })).toBe('open-settings');
    expect(problemAction({ code: 'network_error', message: '', status: null })).toBe('retry');
    expect(problemAction({ code: 'internal', message: '', status: 500 })).toBe('retry');
    expect(problemAction({ code: 'forbidden', message: '', status: 403 })).toBe('retry');
    expect(problemAction(null)).toBe('retry');
  });

  it('names the account in the popup header only while the service accepts the token', () => {
    const user = { id: 'u1', email: 'ada@example.org', name: 'Ada' };
    expect(headerAccount(connectedState({ user }))).toBe('ada@example.org');
    expect(headerAccount(connectedState({ user, problem: p('unreachable') }))).toBe(
      'ada@example.org',
    );
    expect(headerAccount(connectedState({ user: { ...user, email: null } }))).toBe('Ada');
    expect(headerAccount(connectedState({ user, problem: p('unauthenticated', 401) }))).toBeNull();
    expect(headerAccount(connectedState({ hasToken: false, user: null }))).toBeNull();
  });
});
