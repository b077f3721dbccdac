/**
 * The options page's connection panel as a state machine: what the user typed, which action
 * is running (one at a time), and the message the last one left. Messages are produced here
 * from the background's answer, so the rules are tested without rendering.
 */
import type { ConnectionState, User } from '../messaging/connection';
import { MessageError } from '../messaging/channel';
import { t, type MessageKey } from './i18n';
import { connectionView } from './connection-view';
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
  /** `serviceUrl`: the address the background settled on (a bare origin gains `/api/v1`). */
  | { type: 'finished'; message: PanelMessage | null; serviceUrl?: string }
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
      return {
        ...state,
        busy: null,
        message: action.message,
        serviceUrl: action.serviceUrl ?? state.serviceUrl,
      };
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

/**
 * What the panel says once the background answered an action. `shown` is the stored
 * connection the status line shows: a problem it already states is not said twice.
 */
export function outcomeMessage(
  busy: Busy,
  state: ConnectionState,
  shown: ConnectionState = state,
): PanelMessage | null {
  if (busy === 'disconnect') return { kind: 'info', key: 'disconnected' };
  if (busy === 'cancel') return { kind: 'info', key: 'signInCancelled' };
  if (state.signInPending) return { kind: 'info', key: 'signInPending' };
  // Not connected yet, by design: the question about the account says what comes next.
  if (state.signInAccount) return null;
  if (!state.problem) return null;
  if (connectionView(shown).kind !== 'none' && sameProblem(state.problem, shown.problem))
    return null;
  return connectFailed(state.problem, state.serviceUrl);
}

/** An attempt to connect that the background refused: its answer carries the attempt's problem, not the stored one. */
export function isFailedAttempt(busy: Busy, answer: ConnectionState): boolean {
  if (busy !== 'token' && busy !== 'sign-in' && busy !== 'confirm') return false;
  return answer.problem !== null && !answer.signInPending && answer.signInAccount === null;
}

/** Problems with the address itself: the background kept the previous one, so the field keeps what was typed. */
const ADDRESS_PROBLEMS = new Set([
  'invalid-url',
  'not-a-service',
  'nothing-listening',
  'certificate',
  'timeout',
  'unreachable',
]);

/** The address to show in the field after connecting: the one the background found the API at. */
export function settledAddress(busy: Busy, answer: ConnectionState): string | undefined {
  if (busy !== 'token' && busy !== 'sign-in') return undefined;
  return ADDRESS_PROBLEMS.has(answer.problem?.code ?? '') ? undefined : answer.serviceUrl;
}

function sameProblem(a: ProblemLike, b: ProblemLike | null): boolean {
  return b !== null && a.code === b.code && a.message === b.message;
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

/** An account as the user knows it: name and email, or whichever the service gave. */
export function accountLabel(user: User): string {
  const name = user.name || user.email || user.id;
  return user.email && user.email !== name ? `${name} (${user.email})` : name;
}
