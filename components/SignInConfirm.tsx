import type { User } from '../lib/messaging/connection';
import { accountLabel } from '../lib/ui/connection-panel';
import { t } from '../lib/ui/i18n';

/**
 * Before Sign in mints a token: the account the browser's session is signed in as, named,
 * for the user to accept or refuse. A session someone else signed this browser into would
 * otherwise receive every clip.
 */
export function SignInConfirm(props: {
  account: User;
  origin: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div class="sign-in-confirm" role="group" aria-labelledby="sign-in-confirm-heading">
      <h3 id="sign-in-confirm-heading">{t('signInConfirmHeading')}</h3>
      <p>{t('signInConfirmBody', [props.origin, accountLabel(props.account)])}</p>
      <div class="actions">
        <button
          type="button"
          class="button primary"
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {t('signInConfirmAction')}
        </button>
        <button type="button" class="button" disabled={props.busy} onClick={props.onCancel}>
          {t('signInCancelAction')}
        </button>
      </div>
    </div>
  );
}
