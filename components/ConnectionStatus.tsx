import type { User } from '../lib/messaging/connection';
import type { ConnectionView } from '../lib/ui/connection-view';
import { t } from '../lib/ui/i18n';
import { problemText } from '../lib/ui/problem-text';

/**
 * The options page's one statement about the connection (`connectionView`): who is connected,
 * or what is wrong with the token and the way to fix it, said once.
 */
export function ConnectionStatus(props: {
  view: ConnectionView;
  serviceUrl: string;
  busy: boolean;
  onSignIn: () => void;
  onPasteToken: () => void;
}) {
  const { view } = props;
  const to = <span class="muted">{t('connectedTo', props.serviceUrl)}</span>;
  const fix = (text: string) => (
    <div class="connection-fix">
      <p>{text}</p>
      <div class="inline-row">
        <button type="button" class="button primary" disabled={props.busy} onClick={props.onSignIn}>
          {t('signInAgain')}
        </button>
        <button type="button" class="button" onClick={props.onPasteToken}>
          {t('pasteToken')}
        </button>
      </div>
    </div>
  );

  if (view.kind === 'refused' || view.kind === 'read-only') {
    const refused = view.kind === 'refused';
    return (
      <div class="connection-status error" role="alert" data-state={view.kind}>
        <span class="dot" aria-hidden="true" />
        <div>
          <p>
            <strong>
              {refused
                ? t('tokenRefusedStatus', nameOf(view.user))
                : t('readOnlyStatus', [nameOf(view.user), view.user?.email ?? ''])}
            </strong>{' '}
            {to}
          </p>
          <p>{refused ? t('tokenRefusedState') : t('readOnlyState')}</p>
          {fix(refused ? t('tokenRefusedFix') : t('readOnlyFix'))}
        </div>
      </div>
    );
  }
  const status = view.kind === 'ok' ? 'ok' : view.kind === 'trouble' ? 'warn' : 'none';
  return (
    <div
      class={`connection-status ${status}`}
      role="status"
      aria-live="polite"
      data-state={view.kind}
    >
      <span class="dot" aria-hidden="true" />
      {view.kind === 'none' || view.user === null ? (
        <span>{t('notConnected')}</span>
      ) : (
        <span>
          <strong>{t('connectedAs', [nameOf(view.user), view.user.email ?? ''])}</strong> {to}
        </span>
      )}
      {view.kind === 'trouble' && (
        <span class="problem">
          {t('connectionProblem', problemText(view.problem, props.serviceUrl))}
        </span>
      )}
    </div>
  );
}

function nameOf(user: User | null): string {
  return user ? user.name || user.email || user.id : '';
}
