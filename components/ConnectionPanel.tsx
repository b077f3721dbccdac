import type { ConnectionState } from '../lib/messaging/connection';
import { LOCAL_SERVICE, messageText, permissionTarget } from '../lib/ui/connection-panel';
import { connectionView } from '../lib/ui/connection-view';
import { t } from '../lib/ui/i18n';
import { useConnectionPanel } from '../lib/ui/use-connection-panel';
import { ConnectionStatus } from './ConnectionStatus';
import { SignInConfirm } from './SignInConfirm';

/**
 * Connect with a pasted token or by signing in, and confirm the account sign-in found. The
 * state and its rules live in `lib/ui/connection-panel.ts`.
 */
export function ConnectionPanel(props: {
  connection: ConnectionState;
  onChange: (state: ConnectionState) => void;
}) {
  const { connection } = props;
  const panel = useConnectionPanel(connection, props.onChange);
  const { serviceUrl, token, busy, message } = panel.state;
  const view = connectionView(connection);
  const connected = view.kind === 'ok';
  const account = connection.signInAccount;

  return (
    <section class="card" aria-labelledby="connection-heading">
      <h2 id="connection-heading">{t('sectionConnection')}</h2>
      <ConnectionStatus
        view={view}
        serviceUrl={connection.serviceUrl}
        busy={busy !== null}
        onSignIn={panel.signIn}
        onPasteToken={() => document.getElementById('api-token')?.focus()}
      />
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
            onInput={(e) => panel.setServiceUrl(e.currentTarget.value)}
          />
          <p class="hint">{t('serviceUrlHint', LOCAL_SERVICE)}</p>
        </div>
        <div class="connect-methods">
          <div class="method">
            <button
              type="button"
              class="button primary"
              disabled={busy !== null}
              onClick={panel.signIn}
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
              panel.connectToken();
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
                onInput={(e) => panel.setToken(e.currentTarget.value)}
              />
              <button type="submit" class="button" disabled={busy !== null || token.trim() === ''}>
                {busy === 'token' ? t('connecting') : t('connectWithToken')}
              </button>
            </div>
            <p class="hint">{t('apiTokenHint')}</p>
          </form>
        </div>
      </details>
      {account && (
        <SignInConfirm
          account={account}
          origin={permissionTarget(connection.serviceUrl)?.origin ?? connection.serviceUrl}
          busy={busy !== null}
          onConfirm={() => panel.confirmSignIn(account.id)}
          onCancel={panel.cancelSignIn}
        />
      )}
      <div class="message-slot" aria-live="polite">
        {message && (
          <p
            class={message.kind === 'error' ? 'error' : 'info'}
            role={message.kind === 'error' ? 'alert' : undefined}
          >
            {messageText(message)}
          </p>
        )}
      </div>
      {connection.hasToken && (
        <div class="actions">
          <button type="button" class="button" disabled={busy !== null} onClick={panel.recheck}>
            {t('recheck')}
          </button>
          <button
            type="button"
            class="button ghost danger"
            disabled={busy !== null}
            onClick={panel.disconnect}
          >
            {t('disconnect')}
          </button>
        </div>
      )}
    </section>
  );
}
