import { browser } from 'wxt/browser';
import type { ConnectionState } from '../lib/messaging/connection';
import { t } from '../lib/ui/i18n';
import { problemText } from '../lib/ui/problem-text';

/** Shown instead of the clip form when Pageclip has no working connection: one clear way forward. */
export function ConnectPrompt(props: { connection: ConnectionState }) {
  const { problem, hasToken } = props.connection;
  return (
    <section class="connect-prompt" aria-labelledby="connect-heading">
      <div class="connect-icon" aria-hidden="true" />
      <h2 id="connect-heading">{t('connectHeading')}</h2>
      <p>{t('connectBody')}</p>
      {hasToken && problem && (
        <p class="error" role="alert">
          {t('connectionProblem', problemText(problem, props.connection.serviceUrl))}
        </p>
      )}
      <button
        type="button"
        class="button primary"
        onClick={() => {
          void browser.runtime.openOptionsPage();
          window.close();
        }}
      >
        {t('connectAction')}
      </button>
    </section>
  );
}
