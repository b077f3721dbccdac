import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConnectionState } from '../../lib/messaging/connection';
import { MessageError } from '../../lib/messaging/channel';
import {
  accountLabel,
  connectionPanelReducer,
  failureMessage,
  initialConnectionPanel,
  messageText,
  outcomeMessage,
  permissionTarget,
  PermissionDenied,
  settledAddress,
} from '../../lib/ui/connection-panel';
import { installI18n } from './fake-i18n';

const serviceUrl = 'http://127.0.0.1:8787/api/v1';
const demo = { id: 'u1', email: 'demo@pageclip.local', name: 'Demo' };
const none: ConnectionState = {
  serviceUrl,
  originPattern: 'http://127.0.0.1:8787/*',
  permissionGranted: true,
  hasToken: false,
  user: null,
  writeAccess: 'unknown',
  problem: { code: 'not-configured', message: 'no token', status: null },
  signInPending: false,
  signInAccount: null,
};
const connected: ConnectionState = {
  ...none,
  hasToken: true,
  user: demo,
  writeAccess: 'write',
  problem: null,
};

beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
});

describe('the connection panel', () => {
  it('starts from the stored address with an empty token, and runs one action at a time', () => {
    const state = initialConnectionPanel(none);
    expect(state).toEqual({ serviceUrl, token: '', busy: null, message: null });
    const typed = connectionPanelReducer(state, { type: 'token', value: 'pc_x' });
    const refused = connectionPanelReducer(typed, {
      type: 'refused',
      message: { kind: 'error', key: 'serviceUrlInvalid' },
    });
    const started = connectionPanelReducer(refused, { type: 'started', busy: 'token' });
    expect(started).toMatchObject({ token: 'pc_x', busy: 'token', message: null });
    const done = connectionPanelReducer(started, {
      type: 'finished',
      message: { kind: 'info', key: 'disconnected' },
    });
    expect(done).toMatchObject({ busy: null, message: { key: 'disconnected' } });
  });

  it('asks host access for the address’s origin only, and refuses what is not http(s)', () => {
    expect(permissionTarget(` ${serviceUrl} `)).toEqual({
      url: serviceUrl,
      pattern: 'http://127.0.0.1:8787/*',
      origin: 'http://127.0.0.1:8787',
    });
    expect(permissionTarget('javascript:alert(1)')).toBeNull();
  });

  it('says what sign-in waits for: the tab, or nothing while the account is being asked about', () => {
    const pending = outcomeMessage('sign-in', { ...none, problem: null, signInPending: true });
    expect(pending).toEqual({ kind: 'info', key: 'signInPending' });
    expect(messageText(pending!)).toBe(
      'Finish signing in in the tab that opened, then come back here.',
    );
    // Not connected yet is expected while the account waits for the user's answer.
    expect(outcomeMessage('sign-in', { ...none, signInAccount: demo })).toBeNull();
    expect(outcomeMessage('confirm', connected)).toBeNull();
    expect(messageText(outcomeMessage('cancel', none)!)).toMatch(/^Nothing was connected\./);
  });

  it('drops "finish signing in" once the background reports the account or the connection', () => {
    const waiting = connectionPanelReducer(initialConnectionPanel(none), {
      type: 'finished',
      message: { kind: 'info', key: 'signInPending' },
    });
    expect(connectionPanelReducer(waiting, { type: 'sign-in-settled' }).message).toBeNull();
    const failed = connectionPanelReducer(waiting, {
      type: 'finished',
      message: { kind: 'error', key: 'serviceUrlInvalid' },
    });
    expect(connectionPanelReducer(failed, { type: 'sign-in-settled' })).toBe(failed);
  });

  it('explains failures plainly: the service’s problem, a refused permission, a failed request', () => {
    const revoked = outcomeMessage('token', {
      ...none,
      problem: { code: 'unauthenticated', message: 'x', status: 401 },
    });
    expect(messageText(revoked!)).toMatch(/^Could not connect: .*revoked/);
    expect(messageText(outcomeMessage('disconnect', none)!)).toBe(
      'Disconnected. The token was removed from this browser.',
    );
    expect(messageText(failureMessage(new PermissionDenied('http://127.0.0.1:8787'), ''))).toBe(
      'Pageclip needs permission to talk to http://127.0.0.1:8787. Click again and choose “Allow”.',
    );
    const unreachable = new MessageError({ code: 'unreachable', message: 'x', status: null });
    expect(messageText(failureMessage(unreachable, serviceUrl))).toMatch(/cannot be reached/);
    expect(failureMessage(new Error('boom'), serviceUrl).kind).toBe('error');
  });

  it('names accounts and the connection’s look', () => {
    expect(accountLabel(demo)).toBe('Demo (demo@pageclip.local)');
    expect(accountLabel({ id: 'u2', email: 'a@b.example', name: null })).toBe('a@b.example');
    expect(accountLabel({ id: 'u3', email: null, name: null })).toBe('u3');
  });

  it('says a problem the status line already states only once, and shows the address the API was found at', () => {
    const refused = {
      ...connected,
      problem: { code: 'unauthenticated' as const, message: 'revoked', status: 401 },
    };
    // Check again: the answer is the stored state, which the status line shows.
    expect(outcomeMessage('check', refused, refused)).toBeNull();
    // A pasted token refused while another one is stored: said in the message slot.
    expect(outcomeMessage('token', refused, connected)?.key).toBe('connectFailed');
    const bare = { ...connected, serviceUrl: 'http://127.0.0.1:8787/api/v1' };
    expect(settledAddress('token', bare)).toBe('http://127.0.0.1:8787/api/v1');
    const refusedAddress = {
      ...none,
      problem: { code: 'nothing-listening' as const, message: 'x', status: null },
    };
    expect(settledAddress('token', refusedAddress)).toBeUndefined();
    expect(settledAddress('check', bare)).toBeUndefined();
  });
});
