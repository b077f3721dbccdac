/**
 * The options page's connection panel as a state machine: what the user typed, which action
 * is running (one at a time), and the message the last one left. Messages are produced here
 * from the background's answer, so the rules are tested without rendering.
 */
import type { ConnectionState, User } from '../messaging/connection';
import { MessageError } from '../messaging/channel';
import { t, type MessageKey } from './i18n';
import { originPatternOf } from './origin-pattern';
import { problemText, type ProblemLike } from './problem-text';

export const LOCAL_SERVICE = 'http://127.0.0.1:8787/api/v1';

export type Busy = 'token' | 'sign-in' | 'confirm' | 'cancel' | 'check' | 'disconnect';

export interface PanelMessage {
  kind: 'error' | 'info';
  key: MessageKey;
  /** The text put into the message, already in the user's language. */
  detail?: string;
}

export interface ConnectionPanelState {
  serviceUrl: string;
  token: string;
  busy: Busy | null;
  message: PanelMessage | null;
}

export type ConnectionPanelAction =
  | { type: 'service-url'; value: string }
  | { type: 'token'; value: string }
  | { type: 'refused'; message: PanelMessage }
  | { type: 'started'; busy: Busy }
  | { type: 'finished'; message: PanelMessage | null }
  | { type: 'sign-in-settled' };

export function initialConnectionPanel(connection: ConnectionState): ConnectionPanelState {
  return { serviceUrl: connection.serviceUrl, token: '', busy: null, message: null };
}

export function connectionPanelReducer(
  state: ConnectionPanelState,
  action: ConnectionPanelAction,
): ConnectionPanelState {
  switch (action.type) {
    case 'service-url':
      return { ...state, serviceUrl: action.value };
    case 'token':
      return { ...state, token: action.value };
    case 'refused':
      return { ...state, message: action.message };
    case 'started':
      return { ...state, busy: action.busy, message: null };
    case 'finished':
      return { ...state, busy: null, message: action.message };
    case 'sign-in-settled':
      // Once the background reports a connection or the account to confirm, "finish signing in" is stale.
      return state.message?.key === 'signInPending' ? { ...state, message: null } : state;
  }
}

/** Host access was refused in the browser's prompt. */
export class PermissionDenied extends Error {
  constructor(readonly origin: string) {
    super(`host permission for ${origin} not granted`);
  }
}

/** The address to connect to, with the origin pattern to ask host access for; null if it is not http(s). */
export function permissionTarget(
  serviceUrl: string,
): { url: string; pattern: string; origin: string } | null {
  const url = serviceUrl.trim();
  const pattern = originPatternOf(url);
  return pattern === null ? null : { url, pattern, origin: pattern.slice(0, -2) };
}

/** What the panel says once the background answered an action. */
export function outcomeMessage(busy: Busy, state: ConnectionState): PanelMessage | null {
  if (busy === 'disconnect') return { kind: 'info', key: 'disconnected' };
  if (busy === 'cancel') return { kind: 'info', key: 'signInCancelled' };
  if (state.signInPending) return { kind: 'info', key: 'signInPending' };
  // Not connected yet, by design: the question about the account says what comes next.
  if (state.signInAccount) return null;
  if (state.problem) return connectFailed(state.problem, state.serviceUrl);
  return null;
}

/** What the panel says when an action failed before the background could answer. */
export function failureMessage(error: unknown, serviceUrl: string): PanelMessage {
  if (error instanceof PermissionDenied)
    return { kind: 'error', key: 'permissionDenied', detail: error.origin };
  const problem: ProblemLike =
    error instanceof MessageError
      ? { code: error.code, message: error.message, status: error.status }
      : {
          code: 'other',
          message: error instanceof Error ? error.message : String(error),
          status: null,
        };
  return connectFailed(problem, serviceUrl);
}

function connectFailed(problem: ProblemLike, serviceUrl: string): PanelMessage {
  return { kind: 'error', key: 'connectFailed', detail: problemText(problem, serviceUrl) };
}

export function messageText(message: PanelMessage): string {
  return message.detail === undefined ? t(message.key) : t(message.key, message.detail);
}

/** How the status line looks: connected, connected with a problem, or not connected. */
export function connectionStatus(connection: ConnectionState): 'ok' | 'warn' | 'none' {
  if (connection.user === null) return 'none';
  return connection.problem === null ? 'ok' : 'warn';
}

/** An account as the user knows it: name and email, or whichever the service gave. */
export function accountLabel(user: User): string {
  const name = user.name || user.email || user.id;
  return user.email && user.email !== name ? `${name} (${user.email})` : name;
}
