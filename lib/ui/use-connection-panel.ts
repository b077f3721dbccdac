/**
 * Runs the connection panel (`connection-panel.ts`) on the options page: each action asks
 * the background and hands the new connection state up. Host access to the service's origin
 * is an optional permission requested in the click itself: `permissions.request` needs the
 * user gesture, so it must be the first thing awaited.
 */
import { useEffect, useReducer } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '../messaging/channel';
import type { ConnectionState } from '../messaging/connection';
import { connectionView } from './connection-view';
import {
  connectionPanelReducer,
  failureMessage,
  initialConnectionPanel,
  isFailedAttempt,
  outcomeMessage,
  permissionTarget,
  settledAddress,
  PermissionDenied,
  type Busy,
} from './connection-panel';

export function useConnectionPanel(
  connection: ConnectionState,
  onChange: (state: ConnectionState) => void,
) {
  const [state, dispatch] = useReducer(connectionPanelReducer, connection, initialConnectionPanel);

  const run = async (busy: Busy, action: () => Promise<ConnectionState>) => {
    dispatch({ type: 'started', busy });
    try {
      const answer = await action();
      // A failed attempt answers with its own problem; the status line shows what is stored.
      const shown = isFailedAttempt(busy, answer)
        ? await sendToBackground('connection.get', {})
        : answer;
      onChange(shown);
      dispatch({
        type: 'finished',
        message: outcomeMessage(busy, answer, shown),
        serviceUrl: settledAddress(busy, answer),
      });
    } catch (error) {
      dispatch({ type: 'finished', message: failureMessage(error, state.serviceUrl) });
    }
  };

  /** Ask for host access first (needs the click's user gesture), then let the background connect. */
  const withPermission = (busy: Busy, connect: (url: string) => Promise<ConnectionState>) => {
    const target = permissionTarget(state.serviceUrl);
    if (target === null)
      return dispatch({
        type: 'refused',
        message: { kind: 'error', key: 'serviceUrlInvalid' },
      });
    void run(busy, async () => {
      // `webRequest` rides on the same prompt: it adds no warning of its own, and it only sees
      // the origins granted, here the service's.
      const granted = await browser.permissions.request({
        permissions: ['webRequest'],
        origins: [target.pattern],
      });
      if (!granted) throw new PermissionDenied(target.origin);
      return connect(target.url);
    });
  };

  const settled = connectionView(connection).kind === 'ok' || connection.signInAccount !== null;
  useEffect(() => {
    if (settled) dispatch({ type: 'sign-in-settled' });
  }, [settled]);

  return {
    state,
    setServiceUrl: (value: string) => dispatch({ type: 'service-url', value }),
    setToken: (value: string) => dispatch({ type: 'token', value }),
    signIn: () =>
      withPermission('sign-in', (serviceUrl) =>
        sendToBackground('connection.signIn', { serviceUrl }),
      ),
    connectToken: () => {
      const token = state.token.trim();
      if (token === '') return;
      withPermission('token', (serviceUrl) =>
        sendToBackground('connection.connectToken', { serviceUrl, token }),
      );
    },
    confirmSignIn: (userId: string) =>
      void run('confirm', () => sendToBackground('connection.confirmSignIn', { userId })),
    cancelSignIn: () => void run('cancel', () => sendToBackground('connection.cancelSignIn', {})),
    recheck: () => void run('check', () => sendToBackground('connection.get', { check: true })),
    disconnect: () => void run('disconnect', () => sendToBackground('connection.disconnect', {})),
  };
}
