import { useEffect, useRef, useState } from 'preact/hooks';
import type { Folder } from '../lib/messaging/library';
import { quickNoteWrite } from '../lib/ui/compose';
import { folderPath } from '../lib/ui/folder-tree';
import { t } from '../lib/ui/i18n';
import type { PopupData } from '../lib/ui/use-popup-data';
import { useSave } from '../lib/ui/use-save';
import { FolderPicker } from './FolderPicker';
import { SaveFeedback } from './SaveFeedback';

/**
 * A quick note: appended to a page found by exact title in the chosen folder and created on
 * first use (the "Inbox", an `add-to-titled-page` write), or saved as a new page.
 */
export function QuickNotePanel(props: {
  active: boolean;
  data: PopupData;
  note: string;
  onNoteChange: (note: string) => void;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
}) {
  const { data } = props;
  const last = data.recent.lastDestination;
  const [folderId, setFolderId] = useState<string | null>(
    last?.kind === 'folder' ? last.folderId : (data.recent.folders[0]?.id ?? null),
  );
  const [asNewPage, setAsNewPage] = useState(false);
  const inboxTitle = data.settings.clipDefaults.inboxTitle;
  const [title, setTitle] = useState(inboxTitle);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSave(data.outbox);
  const noteField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (props.active) noteField.current?.focus();
  }, [props.active]);

  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (save.state.phase === 'saving') return;
    if (props.note.trim() === '') return setInvalid(t('contentRequired'));
    const pageTitle =
      title.trim() !== ''
        ? title.trim()
        : asNewPage
          ? t('quickNoteNewTitle', new Date().toLocaleString())
          : inboxTitle;
    setInvalid(null);
    const byId = new Map(data.folders.map((f) => [f.id, f]));
    const write = quickNoteWrite(crypto.randomUUID(), props.note, {
      folderId,
      asNewPage,
      title: pageTitle,
      operation: data.settings.clipDefaults.operation,
    });
    void save
      .submit({
        write,
        label: pageTitle,
        folderName: folderId === null ? t('folderRoot') : (folderPath(folderId, byId).at(-1) ?? ''),
      })
      .then(() => props.onNoteChange(''));
  };

  return (
    <form class="panel quick-note-panel" onSubmit={onSubmit} noValidate>
      <div class="field">
        <label class="label" for="quick-note">
          {t('quickNoteLabel')}
        </label>
        <textarea
          id="quick-note"
          ref={noteField}
          rows={7}
          value={props.note}
          placeholder={t('quickNotePlaceholder')}
          onInput={(e) => props.onNoteChange(e.currentTarget.value)}
        />
      </div>
      <fieldset class="destination">
        <legend class="section-title">{t('destination')}</legend>
        <FolderPicker
          idPrefix="note"
          folders={data.folders}
          recent={data.recent.folders}
          value={folderId}
          refreshing={data.foldersRefreshing}
          onChange={setFolderId}
          onCreate={props.onCreateFolder}
        />
        <fieldset class="segmented">
          <legend class="label">{t('quickNoteTarget')}</legend>
          <div class="segmented-options">
            {[false, true].map((value) => (
              <label class="segment" key={String(value)}>
                <input
                  type="radio"
                  name="note-target"
                  checked={asNewPage === value}
                  onChange={() => {
                    setAsNewPage(value);
                    setTitle(value ? '' : inboxTitle);
                  }}
                />
                <span>{value ? t('quickNoteAsNew') : t('quickNoteToInbox')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div class="field">
          <label class="label" for="note-title">
            {t('quickNotePageTitle')}
          </label>
          <input
            id="note-title"
            type="text"
            value={title}
            maxLength={500}
            placeholder={
              asNewPage ? t('quickNoteNewTitle', new Date().toLocaleDateString()) : inboxTitle
            }
            onInput={(e) => setTitle(e.currentTarget.value)}
          />
          {!asNewPage && <p class="hint">{t('quickNoteInboxHint')}</p>}
        </div>
      </fieldset>
      <div class="actions">
        <button type="submit" class="button primary" disabled={save.state.phase === 'saving'}>
          {t('save')}
        </button>
        <span class="hint keys">{t('saveHint')}</span>
      </div>
      <SaveFeedback invalid={invalid} save={save} data={data} />
    </form>
  );
}
