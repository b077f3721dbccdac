import { useState } from 'preact/hooks';
import { sendToBackground } from '../lib/messaging/channel';
import type { PublicSettings } from '../lib/messaging/preferences';
import { t } from '../lib/ui/i18n';

/** The options' default of the clip form's "Keep images", saved as soon as it is changed. */
export function KeepImagesDefault(props: {
  settings: PublicSettings;
  onSaved: (settings: PublicSettings) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const change = (keepImages: boolean) => {
    setError(null);
    sendToBackground('settings.set', { clipDefaults: { keepImages } })
      .then(props.onSaved)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <section class="card" aria-labelledby="keep-images-heading">
      <label class="checkbox-field" id="keep-images-heading">
        <input
          type="checkbox"
          id="default-keep-images"
          checked={!!props.settings.clipDefaults.keepImages}
          onChange={(e) => change(e.currentTarget.checked)}
        />
        <span>{t('keepImagesDefault')}</span>
      </label>
      <p class="hint">{t('keepImagesDefaultHint')}</p>
      {error !== null && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
