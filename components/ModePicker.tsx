import type { ClipMode } from '../lib/extract/result';
import { t } from '../lib/ui/i18n';

// Labels are looked up at render time with literal keys (the locales test finds them).
const modes = (): { mode: ClipMode; label: string }[] => [
  { mode: 'article', label: t('modeArticle') },
  { mode: 'selection', label: t('modeSelection') },
  { mode: 'full', label: t('modeFull') },
  { mode: 'bookmark', label: t('modeBookmark') },
];

/** What to clip, as a radio group; "Selection" is offered only when the page has selected text. */
export function ModePicker(props: {
  mode: ClipMode;
  selectionAvailable: boolean;
  disabled?: boolean;
  onChange: (mode: ClipMode) => void;
}) {
  return (
    <fieldset class="segmented" disabled={props.disabled}>
      <legend class="label">{t('fieldMode')}</legend>
      <div class="segmented-options">
        {modes().map(({ mode, label }) => {
          const unavailable = mode === 'selection' && !props.selectionAvailable;
          return (
            <label
              key={mode}
              class="segment"
              title={unavailable ? t('modeSelectionUnavailable') : undefined}
            >
              <input
                type="radio"
                name="clip-mode"
                value={mode}
                checked={props.mode === mode}
                disabled={unavailable}
                onChange={() => props.onChange(mode)}
              />
              <span>{label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
