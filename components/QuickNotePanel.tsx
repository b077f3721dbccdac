import { useEffect, useRef, useState } from 'preact/hooks';
import { sendToBackground } from '../lib/messaging/channel';
import type { Folder } from '../lib/messaging/library';
import type { Inbox } from '../lib/messaging/notes';
import { notePageWrite } from '../lib/ui/compose';
import { folderPath } from '../lib/ui/folder-tree';
import { t } from '../lib/ui/i18n';
import { inboxFolder, inboxNotMadeYet } from '../lib/ui/inbox-text';
import type { TabInfo } from '../lib/ui/tab-bookmark';
import type { PopupData } from '../lib/ui/use-popup-data';
import { useSave } from '../lib/ui/use-save';
import { FolderPicker } from './FolderPicker';
import { SaveFeedback } from './SaveFeedback';

/**
 * A quick note: added to the one Inbox with its time and the tab it was written on (the
 * background writes it, `note.submit`), or saved as a new page in a folder.
 */
export function QuickNotePanel(props: {
  active: boolean;
  data: PopupData;
  /** The tab the popup was opened on, when it is a web page. */
  source: Promise<TabInfo | null>;
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
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [title, setTitle] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSave(data.outbox);
  const noteField = useRef<HTMLTextAreaElement>(null);
  // Between the click and the request (the tab's title is still being read) a second press
  // must not send the note twice.
  const waitingForTab = useRef(false);
  useEffect(() => {
    if (props.active) noteField.current?.focus();
  }, [props.active]);
  useEffect(() => {
    let alive = true;
    sendToBackground('inbox.get', {})
      .then((answer) => alive && setInbox(answer))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (save.state.phase === 'saving' || waitingForTab.current) return;
    if (props.note.trim() === '') return setInvalid(t('contentRequired'));
    setInvalid(null);
    const clipId = crypto.randomUUID();
    if (!asNewPage) {
      waitingForTab.current = true;
      void props.source
        .then((source) => {
          waitingForTab.current = false;
          return save.submitNote({ clipId, text: props.note, source });
        })
        .then((queued) => queued && props.onNoteChange(''));
      return;
    }
    const pageTitle = title.trim() || t('quickNoteNewTitle', new Date().toLocaleString());
    const byId = new Map(data.folders.map((f) => [f.id, f]));
    const write = notePageWrite(clipId, props.note, { folderId, title: pageTitle });
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
        <fieldset class="segmented">
          <legend class="label">{t('quickNoteTarget')}</legend>
          <div class="segmented-options">
            {[false, true].map((value) => (
              <label class="segment" key={String(value)}>
                <input
                  type="radio"
                  name="note-target"
                  checked={asNewPage === value}
                  onChange={() => setAsNewPage(value)}
                />
                <span>{value ? t('quickNoteAsNew') : t('quickNoteToInbox')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {asNewPage ? (
          <>
            <FolderPicker
              idPrefix="note"
              folders={data.folders}
              recent={data.recent.folders}
              value={folderId}
              refreshing={data.foldersRefreshing}
              onChange={setFolderId}
              onCreate={props.onCreateFolder}
            />
            <div class="field">
              <label class="label" for="note-title">
                {t('quickNotePageTitle')}
              </label>
              <input
                id="note-title"
                type="text"
                value={title}
                maxLength={500}
                placeholder={t('quickNoteNewTitle', new Date().toLocaleDateString())}
                onInput={(e) => setTitle(e.currentTarget.value)}
              />
            </div>
          </>
        ) : (
          <p class="hint inbox-where" aria-live="polite">
            {inbox &&
              (inboxNotMadeYet(inbox)
                ? t('quickNoteInboxFirst', inbox.title)
                : t('quickNoteInboxHint', [inbox.title, inboxFolder(inbox)]))}{' '}
            {data.settings.clipDefaults.noteSource
              ? t('quickNoteSourceOn')
              : t('quickNoteSourceOff')}
          </p>
        )}
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
