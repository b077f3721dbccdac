import { t } from '../lib/ui/i18n';

/** Once connected: pin the toolbar button and try a clip. Short, and gone for good when dismissed. */
export function PinTip(props: { onDismiss: () => void }) {
  return (
    <section class="card pin-tip" aria-labelledby="pin-tip-heading">
      <h2 id="pin-tip-heading">{t('pinTipHeading')}</h2>
      <p>{t('pinTipPin')}</p>
      <p>{t('pinTipTry')}</p>
      <button type="button" class="button" onClick={props.onDismiss}>
        {t('pinTipDismiss')}
      </button>
    </section>
  );
}
