import { useEffect, useRef } from 'preact/hooks';
import type { Folder } from '../lib/messaging/library';
import type { PopupDraft } from '../lib/messaging/clipping';
import { wordCount, type Extraction } from '../lib/ui/clip-form';
import { t } from '../lib/ui/i18n';
import { problemText } from '../lib/ui/problem-text';
import type { PopupData } from '../lib/ui/use-popup-data';
import { useClipForm } from '../lib/ui/use-clip-form';
import { FolderPicker } from './FolderPicker';
import { ModePicker } from './ModePicker';
import { PagePicker } from './PagePicker';
import { SaveFeedback } from './SaveFeedback';
import { Skeleton } from './Skeleton';

/**
 * The clip: title, mode, the note on top, the markdown as an editable text area (page
 * content is untrusted, so it is only ever text here), the destination, and Save. The state
 * and its rules live in `lib/ui/clip-form.ts`.
 */
export function ClipPanel(props: {
  extraction: Promise<Extraction>;
  data: PopupData;
  draft: PopupDraft | null;
  quickNote: string;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
  onSaveState?: (entryId: string | null) => void;
}) {
  const { data } = props;
  const { state, save, canSave, changeMode, submit, update } = useClipForm(props);
  const { extraction, extracting, mode, title, note, body, folderId, target, page, operation } =
    state;
  const focusedOnce = useRef(false);
  // Keyboard-first: the title has focus once the clip is there, so Enter saves right away.
  const focusOnArrival = (input: HTMLInputElement | null) => {
    if (input && !focusedOnce.current && document.activeElement === document.body) {
      focusedOnce.current = true;
      input.focus();
    }
  };

  useEffect(() => {
    props.onSaveState?.(save.state.phase === 'submitted' ? save.state.entry.id : null);
  }, [save.state]);

  const problem = extraction && !extraction.ok ? extraction.problem : null;
  const onSubmit = (event: Event) => {
    event.preventDefault();
    submit();
  };

  return (
    <form class="panel clip-panel" onSubmit={onSubmit} aria-busy={extracting} noValidate>
      <div class="field">
        <label class="label" for="clip-title">
          {t('fieldTitle')}
        </label>
        {extraction === null ? (
          <Skeleton height="34px" />
        ) : (
          <input
            id="clip-title"
            ref={focusOnArrival}
            type="text"
            value={title}
            maxLength={500}
            onInput={(e) =>
              update({ type: 'edited', field: 'title', value: e.currentTarget.value })
            }
          />
        )}
      </div>
      <ModePicker
        mode={mode}
        selectionAvailable={extraction?.ok ? extraction.selectionAvailable : false}
        disabled={extraction === null}
        onChange={changeMode}
      />
      <div class="field">
        <label class="label" for="clip-note">
          {t('fieldNote')}
        </label>
        <textarea
          id="clip-note"
          rows={2}
          value={note}
          placeholder={t('fieldNotePlaceholder')}
          onInput={(e) => update({ type: 'edited', field: 'note', value: e.currentTarget.value })}
        />
      </div>
      <div class="field">
        <div class="label-row">
          <label class="label" for="clip-body">
            {t('fieldPreview')}
          </label>
          <span class="hint" aria-live="polite">
            {extracting ? t('extracting') : t('wordCount', wordCount(body))}
          </span>
        </div>
        {extraction === null ? (
          <div class="preview-skeleton">
            <Skeleton height="12px" lines={6} />
          </div>
        ) : (
          <textarea
            id="clip-body"
            class="preview"
            rows={7}
            value={body}
            spellcheck={false}
            aria-busy={extracting}
            onInput={(e) => update({ type: 'edited', field: 'body', value: e.currentTarget.value })}
          />
        )}
        {problem && (
          <p class="error" role="alert">
            {t('extractFailed', problemText(problem, data.connection.serviceUrl))}
          </p>
        )}
      </div>
      <fieldset class="destination">
        <legend class="section-title">{t('destination')}</legend>
        <FolderPicker
          idPrefix="clip"
          folders={data.folders}
          recent={data.recent.folders}
          value={folderId}
          refreshing={data.foldersRefreshing}
          onChange={(id) => update({ type: 'folder-chosen', folderId: id })}
          onCreate={props.onCreateFolder}
        />
        <fieldset class="segmented">
          <legend class="label">{t('targetLabel')}</legend>
          <div class="segmented-options">
            {(['new', 'existing'] as const).map((value) => (
              <label class="segment" key={value}>
                <input
                  type="radio"
                  name="clip-target"
                  value={value}
                  checked={target === value}
                  onChange={() => update({ type: 'target-chosen', target: value })}
                />
                <span>{value === 'new' ? t('targetNew') : t('targetExisting')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {target === 'existing' && (
          <PagePicker
            idPrefix="clip"
            folderId={folderId}
            recent={data.recent.pages}
            value={page}
            operation={operation}
            onChange={(chosen) => update({ type: 'page-chosen', page: chosen })}
            onOperationChange={(op) => update({ type: 'operation-chosen', operation: op })}
          />
        )}
      </fieldset>
      <div class="actions">
        <button type="submit" class="button primary" disabled={!canSave}>
          {t('save')}
        </button>
        <span class="hint keys">{t('saveHint')}</span>
      </div>
      <SaveFeedback invalid={state.invalid && t(state.invalid.key)} save={save} data={data} />
    </form>
  );
}
