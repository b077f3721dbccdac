import { browser } from 'wxt/browser';
import { t } from '../lib/ui/i18n';

/** What a failure that only a new token or sign-in fixes offers instead of Retry. */
export function OpenSettingsButton() {
  return (
    <button
      type="button"
      class="button small"
      onClick={() => void browser.runtime.openOptionsPage()}
    >
      {t('openSettingsAction')}
    </button>
  );
}
