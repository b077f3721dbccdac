import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '../lib/messaging/channel';
import type { Folder, PageSummary, RecentFolder, RecentPage } from '../lib/messaging/library';
import type { Inbox } from '../lib/messaging/notes';
import type { PublicSettings } from '../lib/messaging/preferences';
import { t } from '../lib/ui/i18n';
import { inboxFolder, inboxNotMadeYet } from '../lib/ui/inbox-text';
import { FolderPicker } from './FolderPicker';
import { PagePicker } from './PagePicker';

type Status = { ok: boolean; text: string } | null;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The Inbox in the options: where notes go now, a page picker to choose another page, the
 * way back to the default Inbox, and whether notes carry the tab they were written on.
 */
export function InboxCard(props: {
  settings: PublicSettings;
  onSaved: (settings: PublicSettings) => void;
}) {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [folders, setFolders] = useState<Folder[]>([]);
  const [refreshing, setRefreshing] = useState(true);
  const [recent, setRecent] = useState<{ folders: RecentFolder[]; pages: RecentPage[] }>({
    folders: [],
    pages: [],
  });
  const [folderId, setFolderId] = useState<string | null>(null);
  const [page, setPage] = useState<PageSummary | null>(null);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    let alive = true;
    sendToBackground('inbox.get', {})
      .then((answer) => {
        if (!alive) return;
        setInbox(answer);
        setFolderId(answer.parentId);
      })
      .catch((error: unknown) => alive && setStatus({ ok: false, text: message(error) }));
    // The cached tree at once, then the service's: a slow service must not leave the search
    // empty while the folders the user knows are already at hand.
    let refreshed = false;
    sendToBackground('folders.get', {})
      .then((answer) => alive && !refreshed && setFolders(answer.folders))
      .catch(() => undefined);
    sendToBackground('folders.get', { refresh: true })
      .then((answer) => {
        refreshed = true;
        if (!alive) return;
        setFolders(answer.folders);
        setRefreshing(false);
      })
      .catch(() => alive && setRefreshing(false));
    sendToBackground('recent.get', {})
      .then((answer) => alive && setRecent(answer))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const choose = (choice: PageSummary | null) => {
    setStatus(null);
    const chosen = choice && { id: choice.id, title: choice.title, parentId: choice.parentId };
    sendToBackground('inbox.set', { page: chosen })
      .then((answer) => {
        setInbox(answer);
        setPage(null);
        setStatus({ ok: true, text: t('inboxSaved') });
      })
      .catch((error: unknown) => setStatus({ ok: false, text: message(error) }));
  };

  const setNoteSource = (noteSource: boolean) => {
    sendToBackground('settings.set', { clipDefaults: { noteSource } })
      .then((saved) => {
        props.onSaved(saved);
        setStatus({ ok: true, text: t('settingsSaved') });
      })
      .catch((error: unknown) => setStatus({ ok: false, text: message(error) }));
  };

  return (
    <section class="card inbox-card" aria-labelledby="inbox-heading">
      <h2 id="inbox-heading">{t('sectionInbox')}</h2>
      <p class="hint">{t('inboxIntro')}</p>
      <p class="inbox-current" aria-live="polite">
        {inbox &&
          (inboxNotMadeYet(inbox)
            ? t('inboxCurrentFirst', inbox.title)
            : t('inboxCurrent', [inbox.title, inboxFolder(inbox)]))}
      </p>
      <FolderPicker
        idPrefix="inbox"
        folders={folders}
        recent={recent.folders}
        value={folderId}
        refreshing={refreshing}
        onChange={(id) => {
          setFolderId(id);
          setPage(null);
        }}
        onCreate={async (name, parentId) => {
          const folder = await sendToBackground('folders.create', { name, parentId });
          setFolders((list) => [...list, folder]);
          return folder;
        }}
      />
      <PagePicker
        idPrefix="inbox"
        folderId={folderId}
        recent={recent.pages}
        value={page}
        operation={props.settings.clipDefaults.operation}
        onChange={setPage}
      />
      <label class="checkbox-field">
        <input
          type="checkbox"
          checked={props.settings.clipDefaults.noteSource}
          onChange={(e) => setNoteSource(e.currentTarget.checked)}
        />
        <span>{t('inboxNoteSource')}</span>
      </label>
      <div class="actions">
        <button
          type="button"
          class="button primary"
          disabled={page === null}
          onClick={() => choose(page)}
        >
          {t('inboxChoose')}
        </button>
        {inbox?.chosen && (
          <button type="button" class="button ghost" onClick={() => choose(null)}>
            {t('inboxUseDefault')}
          </button>
        )}
        <span class={status?.ok === false ? 'error' : 'info'} role="status" aria-live="polite">
          {status?.text ?? ''}
        </span>
      </div>
    </section>
  );
}
