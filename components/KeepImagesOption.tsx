import { t } from '../lib/ui/i18n';
import type { KeepImages } from '../lib/ui/keep-images';
import { keepImagesHint } from '../lib/ui/keep-images-text';

/**
 * The clip's "Keep images" checkbox and what it will do: how many images, which sites Save
 * asks access to (and why), or that an addition to a page keeps remote links.
 */
export function KeepImagesOption(props: { images: KeepImages; target: 'new' | 'existing' }) {
  const { images, target } = props;
  const hint = keepImagesHint({ ...images, target });
  return (
    <div class="field keep-images">
      <label class="checkbox">
        <input
          type="checkbox"
          id="clip-keep-images"
          checked={images.on}
          disabled={!images.applies}
          aria-describedby={hint ? 'clip-keep-images-hint' : undefined}
          onChange={(e) => images.setOn(e.currentTarget.checked)}
        />
        <span>{t('keepImages')}</span>
      </label>
      {hint && (
        <p id="clip-keep-images-hint" class="hint">
          {hint}
        </p>
      )}
    </div>
  );
}
