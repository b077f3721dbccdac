import { browser } from 'wxt/browser';
import type { ConnectionState } from '../lib/messaging/connection';
import { connectionView } from '../lib/ui/connection-view';
import { t } from '../lib/ui/i18n';
import { problemText } from '../lib/ui/problem-text';

/**
 * Shown instead of the clip form when Pageclip cannot save: not connected, a token the service
 * refuses, or a read-only token (no Save that is bound to fail). One clear way forward.
 */
export function ConnectPrompt(props: { connection: ConnectionState }) {
  const { connection } = props;
  const { problem, hasToken } = connection;
  const view = connectionView(connection);
  const fixable = view.kind === 'read-only' || view.kind === 'refused';
  return (
    <section class="connect-prompt" aria-labelledby="connect-heading" data-state={view.kind}>
      <div class="connect-icon" aria-hidden="true" />
      {view.kind === 'read-only' ? (
        <>
          <h2 id="connect-heading">{t('readOnlyHeading')}</h2>
          <p role="alert">{t('readOnlyState')}</p>
          <p>{t('readOnlyFix')}</p>
        </>
      ) : view.kind === 'refused' ? (
        <>
          <h2 id="connect-heading">{t('reconnectHeading')}</h2>
          <p role="alert">{t('tokenRefusedState')}</p>
          <p>{t('tokenRefusedFix')}</p>
        </>
      ) : (
        <>
          <h2 id="connect-heading">{t('connectHeading')}</h2>
          <p>{t('connectBody')}</p>
          {hasToken && problem && (
            <p class="error" role="alert">
              {t('connectionProblem', problemText(problem, connection.serviceUrl))}
            </p>
          )}
        </>
      )}
      <button
        type="button"
        class="button primary"
        onClick={() => {
          void browser.runtime.openOptionsPage();
          window.close();
        }}
      >
        {fixable ? t('openSettingsAction') : t('connectAction')}
      </button>
    </section>
  );
}
