import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { MessageError, sendToBackground } from '../lib/messaging/channel';
import type { ConnectionState } from '../lib/messaging/connection';
import { t } from '../lib/ui/i18n';
import { originPatternOf } from '../lib/ui/origin-pattern';
import { problemText } from '../lib/ui/problem-text';

const LOCAL_SERVICE = 'http://127.0.0.1:8787/api/v1';

class PermissionDenied extends Error {
  constructor(readonly origin: string) {
    super(`host permission for ${origin} not granted`);
  }
}

type Busy = null | 'token' | 'sign-in' | 'check' | 'disconnect';

/**
 * Connect with a pasted token or by signing in. Host access to the service's origin is an
 * optional permission requested right in the click handler: `permissions.request` needs the
 * user gesture, so it must be the first thing awaited.
 */
export function ConnectionPanel(props: {
  connection: ConnectionState;
  onChange: (state: ConnectionState) => void;
}) {
  const { connection } = props;
  const [serviceUrl, setServiceUrl] = useState(connection.serviceUrl);
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);

  const run = async (kind: Busy, action: () => Promise<ConnectionState>) => {
    setBusy(kind);
    setMessage(null);
    try {
      const state = await action();
      props.onChange(state);
      if (kind === 'disconnect') setMessage({ kind: 'info', text: t('disconnected') });
      else if (state.signInPending) setMessage({ kind: 'info', text: t('signInPending') });
      else if (state.problem) {
        setMessage({
          kind: 'error',
          text: t('connectFailed', problemText(state.problem, state.serviceUrl)),
        });
      }
    } catch (error) {
      if (error instanceof PermissionDenied) {
        setMessage({ kind: 'error', text: t('permissionDenied', error.origin) });
        return;
      }
      const problem =
        error instanceof MessageError
          ? { code: error.code, message: error.message, status: error.status }
          : {
              code: 'other',
              message: error instanceof Error ? error.message : String(error),
              status: null,
            };
      setMessage({ kind: 'error', text: t('connectFailed', problemText(problem, serviceUrl)) });
    } finally {
      setBusy(null);
    }
  };

  /** Ask for host access first (needs the click's user gesture), then let the background connect. */
  const withPermission = (kind: Busy, connect: (url: string) => Promise<ConnectionState>) => {
    const url = serviceUrl.trim();
    const pattern = originPatternOf(url);
    if (pattern === null) {
      setMessage({ kind: 'error', text: t('serviceUrlInvalid') });
      return;
    }
    const origin = pattern.slice(0, -2);
    void run(kind, async () => {
      const granted = await browser.permissions.request({ origins: [pattern] });
      if (!granted) throw new PermissionDenied(origin);
      return connect(url);
    });
  };

  const connected = connection.user !== null && connection.problem === null;
  // Once the background reports the finished sign-in, the "finish signing in" hint is stale.
  useEffect(() => {
    if (connected) setMessage((m) => (m?.text === t('signInPending') ? null : m));
  }, [connected]);

  return (
    <section class="card" aria-labelledby="connection-heading">
      <h2 id="connection-heading">{t('sectionConnection')}</h2>
      <div
        class={`connection-status ${connected ? 'ok' : connection.user ? 'warn' : 'none'}`}
        role="status"
        aria-live="polite"
      >
        <span class="dot" aria-hidden="true" />
        {connection.user ? (
          <span>
            <strong>
              {t('connectedAs', [
                connection.user.name || connection.user.email || '',
                connection.user.email ?? '',
              ])}
            </strong>{' '}
            <span class="muted">{t('connectedTo', connection.serviceUrl)}</span>
          </span>
        ) : (
          <span>{t('notConnected')}</span>
        )}
      </div>
      {connection.user && connection.problem && (
        <p class="error" role="alert">
          {t('connectFailed', problemText(connection.problem, connection.serviceUrl))}
        </p>
      )}
      {/* Once connected, changing service or account is the exception: keep it one click away. */}
      <details class="change-connection" open={!connected}>
        <summary hidden={!connected}>{t('changeConnection')}</summary>
        <div class="field">
          <label class="label" for="service-url">
            {t('serviceUrl')}
          </label>
          <input
            id="service-url"
            type="url"
            value={serviceUrl}
            spellcheck={false}
            autoComplete="url"
            onInput={(e) => setServiceUrl(e.currentTarget.value)}
          />
          <p class="hint">{t('serviceUrlHint', LOCAL_SERVICE)}</p>
        </div>
        <div class="connect-methods">
          <div class="method">
            <button
              type="button"
              class="button primary"
              disabled={busy !== null}
              onClick={() =>
                withPermission('sign-in', (url) =>
                  sendToBackground('connection.signIn', { serviceUrl: url }),
                )
              }
            >
              {busy === 'sign-in' ? t('connecting') : t('signIn')}
            </button>
            <p class="hint">{t('signInHint')}</p>
          </div>
          <p class="divider">
            <span>{t('orToken')}</span>
          </p>
          <form
            class="method"
            onSubmit={(e) => {
              e.preventDefault();
              if (token.trim() === '') return;
              withPermission('token', (url) =>
                sendToBackground('connection.connectToken', {
                  serviceUrl: url,
                  token: token.trim(),
                }),
              );
            }}
          >
            <label class="label" for="api-token">
              {t('apiToken')}
            </label>
            <div class="inline-row">
              <input
                id="api-token"
                type="password"
                value={token}
                autoComplete="off"
                spellcheck={false}
                onInput={(e) => setToken(e.currentTarget.value)}
              />
              <button type="submit" class="button" disabled={busy !== null || token.trim() === ''}>
                {busy === 'token' ? t('connecting') : t('connectWithToken')}
              </button>
            </div>
            <p class="hint">{t('apiTokenHint')}</p>
          </form>
        </div>
      </details>
      <div class="message-slot" aria-live="polite">
        {message && (
          <p
            class={message.kind === 'error' ? 'error' : 'info'}
            role={message.kind === 'error' ? 'alert' : undefined}
          >
            {message.text}
          </p>
        )}
      </div>
      {connection.hasToken && (
        <div class="actions">
          <button
            type="button"
            class="button"
            disabled={busy !== null}
            onClick={() =>
              void run('check', () => sendToBackground('connection.get', { check: true }))
            }
          >
            {t('recheck')}
          </button>
          <button
            type="button"
            class="button ghost danger"
            disabled={busy !== null}
            onClick={() =>
              void run('disconnect', () => sendToBackground('connection.disconnect', {}))
            }
          >
            {t('disconnect')}
          </button>
        </div>
      )}
    </section>
  );
}
