import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { Folder, PageSummary } from '../lib/messaging/library';
import type { PopupDraft } from '../lib/messaging/clipping';
import { previewHint, type Extraction, type PreviewHint } from '../lib/ui/clip-form';
import { t } from '../lib/ui/i18n';
import { showStart } from '../lib/ui/show-start';
import type { PopupData } from '../lib/ui/use-popup-data';
import { useClipForm } from '../lib/ui/use-clip-form';
import { useClipTemplate } from '../lib/ui/use-clip-template';
import type { SubmitInput } from '../lib/ui/use-save';
import { useKeepImages } from '../lib/ui/keep-images';
import { imagesInProgress } from '../lib/ui/keep-images-text';
import { FolderPicker } from './FolderPicker';
import { KeepImagesOption } from './KeepImagesOption';
import { KeepImagesStatus } from './KeepImagesStatus';
import { ModePicker } from './ModePicker';
import { PagePicker } from './PagePicker';
import { SaveFeedback } from './SaveFeedback';
import { TagsField } from './TagsField';
import { TemplatePicker } from './TemplatePicker';
import { Skeleton } from './Skeleton';
import { UnreadableNotice } from './UnreadableNotice';

/** The preview's footer (`previewHint`): an empty article offers Full page in one click. */
function PreviewHintText(props: { hint: PreviewHint; onFullPage: () => void }) {
  const { hint } = props;
  if (hint.key === 'articleNotFound')
    return (
      <span class="hint warning" aria-live="polite">
        {t('articleNotFound')}{' '}
        <button type="button" class="button ghost hint-action" onClick={props.onFullPage}>
          {t('articleNotFoundFullPage')}
        </button>
      </span>
    );
  return (
    <span class="hint" aria-live="polite">
      {hint.key === 'wordCount' ? t('wordCount', hint.count) : t('extracting')}
    </span>
  );
}

/**
 * The clip: title, mode, the note on top, the markdown as an editable text area (page
 * content is untrusted, so it is only ever text here), the destination, and Save. The state
 * and its rules live in `lib/ui/clip-form.ts`. Title, destination and Save stay in view in
 * Chrome's 600 px high popup: the markdown takes the room that is left (none while the
 * folder picker is open) and Save stays at the bottom (entrypoints/popup/style.css). On a tab
 * Pageclip cannot read, the form becomes a bookmark of the tab.
 */
export function ClipPanel(props: {
  extraction: Promise<Extraction>;
  data: PopupData;
  draft: PopupDraft | null;
  quickNote: string;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
  /** "Add to it" on a known clip: that page becomes the destination. */
  addTo?: PageSummary | null;
  /** Beside the title's label: the offer to clip many tabs, which costs the form no row. */
  titleAside?: ComponentChildren;
}) {
  const { data } = props;
  const extra = useRef<(() => Partial<SubmitInput>) | null>(null);
  const { state, save, canSave, changeMode, submit, update } = useClipForm({ ...props, extra });
  const templating = useClipTemplate(state, update, data);
  extra.current = templating.extra;
  const { extraction, extracting, mode, title, note, body, folderId, target, page, operation } =
    state;
  const images = useKeepImages(!!data.settings.clipDefaults.keepImages, body, target);
  const focusedOnce = useRef(false);
  const titleInput = useRef<HTMLInputElement>(null);
  // Keyboard-first: the title has focus once the clip is there, so Enter saves right away;
  // a title filled in from the page shows its start.
  useLayoutEffect(() => {
    const input = titleInput.current;
    if (!input) return;
    if (!focusedOnce.current && document.activeElement === document.body) {
      focusedOnce.current = true;
      input.focus();
    }
    if (!state.edited) showStart(input);
  }, [extraction, state.fallback]);

  useEffect(() => {
    const page = props.addTo;
    if (!page) return;
    update({ type: 'folder-chosen', folderId: page.parentId });
    update({ type: 'target-chosen', target: 'existing' });
    update({ type: 'page-chosen', page });
  }, [props.addTo]);

  const unreadable = extraction !== null && !extraction.ok;
  const offered = state.fallback !== null ? true : state.fallbackMissing ? false : null;
  const onSubmit = (event: Event) => {
    event.preventDefault();
    submit(images.decide);
  };

  if (unreadable && state.fallback === null) {
    return (
      <div class="panel clip-panel">
        {props.titleAside}
        <UnreadableNotice url={null} offered={offered} />
      </div>
    );
  }

  return (
    <form class="panel clip-panel" onSubmit={onSubmit} aria-busy={extracting} noValidate>
      {unreadable && <UnreadableNotice url={state.fallback?.url ?? null} offered={offered} />}
      <div class="field">
        <div class="label-row">
          <label class="label" for="clip-title">
            {t('fieldTitle')}
          </label>
          {props.titleAside}
        </div>
        {extraction === null ? (
          <Skeleton height="34px" />
        ) : (
          <input
            id="clip-title"
            ref={titleInput}
            type="text"
            value={title}
            maxLength={500}
            onInput={(e) =>
              update({ type: 'edited', field: 'title', value: e.currentTarget.value })
            }
          />
        )}
      </div>
      {unreadable ? (
        <div class="field">
          <span class="label">{t('bookmarkAddress')}</span>
          <span class="bookmark-address">{state.fallback?.url}</span>
        </div>
      ) : (
        <ModePicker
          mode={mode}
          selectionAvailable={extraction?.ok ? extraction.selectionAvailable : false}
          disabled={extraction === null}
          onChange={changeMode}
        />
      )}
      <div class="template-row">
        <TemplatePicker
          templates={templating.templates}
          template={templating.template}
          ruled={templating.ruled}
          problem={templating.problem}
          onChange={templating.choose}
        />
        {target === 'new' && (
          <TagsField
            state={templating.tags}
            known={templating.knownTags}
            dispatch={templating.dispatchTags}
          />
        )}
      </div>
      <div class="field note-field">
        <label class="label" for="clip-note">
          {t('fieldNote')}
        </label>
        <textarea
          id="clip-note"
          rows={1}
          value={note}
          placeholder={t('fieldNotePlaceholder')}
          onInput={(e) => update({ type: 'edited', field: 'note', value: e.currentTarget.value })}
        />
      </div>
      {!unreadable && (
        <div class="field preview-field">
          <div class="label-row">
            <label class="label" for="clip-body">
              {t('fieldPreview')}
            </label>
            <PreviewHintText hint={previewHint(state)} onFullPage={() => changeMode('full')} />
          </div>
          {extraction === null ? (
            <div class="preview-skeleton">
              <Skeleton height="12px" lines={6} />
            </div>
          ) : (
            <textarea
              id="clip-body"
              class="preview"
              value={body}
              spellcheck={false}
              aria-busy={extracting}
              onInput={(e) =>
                update({ type: 'edited', field: 'body', value: e.currentTarget.value })
              }
            />
          )}
        </div>
      )}
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
          {/* "New page" and "Add to page…" say it themselves: the name is for screen readers,
              and the row it would take is the markdown's at 600 px. */}
          <legend class="visually-hidden">{t('targetLabel')}</legend>
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
        {/* Offered only where there are images to keep: a row less for most clips at 600 px. */}
        {!unreadable && images.count > 0 && <KeepImagesOption images={images} target={target} />}
      </fieldset>
      <div class="form-footer">
        <button type="submit" class="button primary" disabled={!canSave}>
          {unreadable ? t('saveBookmark') : t('save')}
        </button>
        <div class="footer-status">
          {save.state.phase === 'idle' && !state.invalid && (
            <span class="hint keys">{t('saveHint')}</span>
          )}
          {imagesInProgress(save.state) === null && (
            <SaveFeedback invalid={state.invalid && t(state.invalid.key)} save={save} data={data} />
          )}
          <KeepImagesStatus state={save.state} />
        </div>
      </div>
    </form>
  );
}
