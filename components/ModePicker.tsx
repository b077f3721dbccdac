import type { ClipMode } from '../lib/messaging';
import { t, type MessageKey } from '../lib/ui/i18n';

const MODES: { mode: ClipMode; label: MessageKey }[] = [
  { mode: 'article', label: 'modeArticle' },
  { mode: 'selection', label: 'modeSelection' },
  { mode: 'full', label: 'modeFull' },
  { mode: 'bookmark', label: 'modeBookmark' },
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
        {MODES.map(({ mode, label }) => {
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
              <span>{t(label)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
