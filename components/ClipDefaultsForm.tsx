import { useState } from 'preact/hooks';
import type { ClipMode } from '../lib/extract/result';
import { HighlightTemplateDefault } from '../lib/highlight-template';
import { sendToBackground } from '../lib/messaging/channel';
import type { PublicSettings } from '../lib/messaging/preferences';
import { t } from '../lib/ui/i18n';
import { pageLinkFor } from '../lib/ui/page-link';

const modes = (): { mode: ClipMode; label: string }[] => [
  { mode: 'article', label: t('modeArticle') },
  { mode: 'full', label: t('modeFull') },
  { mode: 'bookmark', label: t('modeBookmark') },
];

/**
 * Clipping defaults: the default mode, the highlight template used by the context menu, and
 * the template of the link shown after a save.
 */
export function ClipDefaultsForm(props: {
  settings: PublicSettings;
  onSaved: (settings: PublicSettings) => void;
}) {
  const defaults = props.settings.clipDefaults;
  const [mode, setMode] = useState<ClipMode>(defaults.mode);
  const [template, setTemplate] = useState(defaults.highlightTemplate);
  const [linkTemplate, setLinkTemplate] = useState(props.settings.pageLinkTemplate);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  return (
    <form
      class="card"
      aria-labelledby="clipping-heading"
      onSubmit={(e) => {
        e.preventDefault();
        setStatus(null);
        const pageLinkTemplate = linkTemplate.trim();
        // Checked with a sample id: a template that yields no web URL would silently hide the link.
        if (
          pageLinkTemplate !== '' &&
          pageLinkFor(props.settings.serviceUrl, pageLinkTemplate, 'id') === null
        ) {
          setStatus({ ok: false, text: t('pageLinkTemplateInvalid') });
          return;
        }
        sendToBackground('settings.set', {
          clipDefaults: {
            mode,
            highlightTemplate: template.trim() === '' ? HighlightTemplateDefault : template,
          },
          pageLinkTemplate,
        })
          .then((saved) => {
            setLinkTemplate(saved.pageLinkTemplate);
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
      <div class="field">
        <label class="label" for="page-link-template">
          {t('pageLinkTemplate')}
        </label>
        <input
          id="page-link-template"
          type="text"
          value={linkTemplate}
          spellcheck={false}
          autocomplete="off"
          aria-describedby="page-link-template-hint"
          onInput={(e) => setLinkTemplate(e.currentTarget.value)}
        />
        <p class="hint" id="page-link-template-hint">
          {t('pageLinkTemplateHint')}
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
