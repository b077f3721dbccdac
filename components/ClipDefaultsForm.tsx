import { useState } from 'preact/hooks';
import { HighlightTemplateDefault, sendToBackground } from '../lib/messaging-client';
import type { ClipMode, PublicSettings } from '../lib/messaging';
import { t } from '../lib/ui/i18n';

const modes = (): { mode: ClipMode; label: string }[] => [
  { mode: 'article', label: t('modeArticle') },
  { mode: 'full', label: t('modeFull') },
  { mode: 'bookmark', label: t('modeBookmark') },
];

/** Clipping defaults: the default mode and the highlight template used by the context menu. */
export function ClipDefaultsForm(props: {
  settings: PublicSettings;
  onSaved: (settings: PublicSettings) => void;
}) {
  const defaults = props.settings.clipDefaults;
  const [mode, setMode] = useState<ClipMode>(defaults.mode);
  const [template, setTemplate] = useState(defaults.highlightTemplate);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  return (
    <form
      class="card"
      aria-labelledby="clipping-heading"
      onSubmit={(e) => {
        e.preventDefault();
        setStatus(null);
        sendToBackground('settings.set', {
          clipDefaults: {
            mode,
            highlightTemplate: template.trim() === '' ? HighlightTemplateDefault : template,
          },
        })
          .then((saved) => {
            props.onSaved(saved);
            setStatus({ ok: true, text: t('settingsSaved') });
          })
          .catch((error: unknown) =>
            setStatus({ ok: false, text: error instanceof Error ? error.message : String(error) }),
          );
      }}
    >
      <h2 id="clipping-heading">{t('sectionClipping')}</h2>
      <div class="field">
        <label class="label" for="default-mode">
          {t('defaultMode')}
        </label>
        <select
          id="default-mode"
          value={mode}
          onChange={(e) => setMode(e.currentTarget.value as ClipMode)}
        >
          {modes().map(({ mode: value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label class="label" for="highlight-template">
          {t('highlightTemplate')}
        </label>
        <textarea
          id="highlight-template"
          rows={4}
          value={template}
          spellcheck={false}
          aria-describedby="highlight-template-hint"
          onInput={(e) => setTemplate(e.currentTarget.value)}
        />
        <p class="hint" id="highlight-template-hint">
          {t('highlightTemplateHint')}
        </p>
      </div>
      <div class="actions">
        <button type="submit" class="button primary">
          {t('saveSettings')}
        </button>
        <button
          type="button"
          class="button ghost"
          onClick={() => setTemplate(HighlightTemplateDefault)}
        >
          {t('highlightTemplateReset')}
        </button>
        <span class={status?.ok === false ? 'error' : 'info'} role="status" aria-live="polite">
          {status?.text ?? ''}
        </span>
      </div>
    </form>
  );
}
