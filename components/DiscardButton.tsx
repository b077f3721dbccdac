import { useState } from 'preact/hooks';
import { t } from '../lib/ui/i18n';

/** Discard takes two presses: the first turns the button into "Really discard?". */
export function DiscardButton(props: { onDiscard: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <button
      type="button"
      class="button small ghost danger"
      onClick={() => {
        if (!confirming) return setConfirming(true);
        setConfirming(false);
        props.onDiscard();
      }}
      onBlur={() => setConfirming(false)}
    >
      {confirming ? t('outboxDiscardConfirm') : t('outboxDiscard')}
    </button>
  );
}
