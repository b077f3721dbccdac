/**
 * Says plainly what went wrong, in the user's language: unreachable service,
 * revoked token (401), missing scope (403 names it), host permission not granted. Codes come
 * from the background (`Problem` in lib/messaging/problem.ts) or an outbox entry's `lastError`.
 */
import { t } from './i18n';

export interface ProblemLike {
  code: string;
  message: string;
  status: number | null;
}

/** The scope a 403 message names (`pages:write`), if any. */
export function missingScope(message: string): string | null {
  return /\bpages:(?:read|write)\b/.exec(message)?.[0] ?? null;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export function problemText(problem: ProblemLike, serviceUrl = ''): string {
  const code = problem.code.replace(/_/g, '-');
  const status = problem.status;
  if (code === 'not-configured') return t('errorNotConnected');
  if (code === 'no-permission') return t('errorPermission', originOf(serviceUrl));
  if (code === 'nothing-listening') return t('errorNothingListening', originOf(serviceUrl));
  if (code === 'certificate') return t('errorCertificate');
  if (code === 'not-a-service') return t('errorNotAService');
  if (code === 'read-only') return t('errorReadOnly');
  if (code === 'unreachable' || code.includes('network'))
    return t('errorUnreachable', originOf(serviceUrl));
  if (code.includes('timeout')) return t('errorTimeout');
  if (code === 'unauthenticated' || status === 401) return t('errorUnauthenticated');
  if (code === 'insufficient-scope')
    return t('errorScope', missingScope(problem.message) ?? 'pages:write');
  if (code === 'forbidden' || status === 403) return t('errorForbidden', problem.message);
  if (code === 'not-found' || status === 404) return t('errorNotFound');
  if (code === 'payload-too-large' || status === 413) return t('errorTooLarge');
  if (code === 'server-error' || (status !== null && status >= 500)) {
    return t('errorServer', status === null ? '—' : String(status));
  }
  // Messages are put into a sentence that brings its own full stop.
  return t('errorOther', problem.message.trim().replace(/\.+$/, ''));
}
