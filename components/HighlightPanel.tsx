import { useState } from 'preact/hooks';
import { sendToBackground } from '../lib/messaging/channel';
import type { PendingHighlight } from '../lib/messaging/clipping';
import type { Folder, PageSummary } from '../lib/messaging/library';
import type { Operation } from '../lib/ui/compose';
import { t } from '../lib/ui/i18n';
import type { PopupData } from '../lib/ui/use-popup-data';
import { useSave } from '../lib/ui/use-save';
import { FolderPicker } from './FolderPicker';
import { PagePicker } from './PagePicker';
import { SaveFeedback } from './SaveFeedback';

/**
 * The context menu's "Append to… › Choose…": the background kept the highlight (with the
 * clip id minted at the click) and opened the popup; the user picks the page here.
 */
export function HighlightPanel(props: {
  pending: PendingHighlight;
  data: PopupData;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
  onDone: () => void;
}) {
  const { data, pending } = props;
  const lastPage = data.recent.pages[0];
  const [folderId, setFolderId] = useState<string | null>(lastPage?.parentId ?? null);
  const [page, setPage] = useState<PageSummary | null>(null);
  const [operation, setOperation] = useState<Operation>(data.settings.clipDefaults.operation);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSave(data.outbox);

  return (
    <form
      class="panel highlight-panel"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (save.state.phase === 'saving') return;
        if (page === null) return setInvalid(t('pageChoose'));
        setInvalid(null);
        void save.submit({
          write: {
            kind: 'add-to-page',
            clipId: pending.clipId,
            pageId: page.id,
            operation,
            content: pending.content,
            highlights: [{ quote: pending.quote, content: pending.content }],
          },
          label: page.title,
        });
      }}
    >
      <h2 class="section-title">{t('highlightHeading')}</h2>
      <blockquote class="highlight-quote">{pending.quote}</blockquote>
      <p class="hint">{t('highlightFrom', pending.sourceTitle || pending.sourceUrl)}</p>
      <FolderPicker
        idPrefix="highlight"
        folders={data.folders}
        recent={data.recent.folders}
        value={folderId}
        refreshing={data.foldersRefreshing}
        onChange={(id) => {
          setFolderId(id);
          setPage(null);
        }}
        onCreate={props.onCreateFolder}
      />
      <PagePicker
        idPrefix="highlight"
        folderId={folderId}
        recent={data.recent.pages}
        value={page}
        operation={operation}
        onChange={setPage}
        onOperationChange={setOperation}
      />
      <div class="actions">
        <button type="submit" class="button primary" disabled={save.state.phase === 'saving'}>
          {t('save')}
        </button>
        <button
          type="button"
          class="button ghost danger"
          onClick={() => {
            void sendToBackground('highlight.discard', {}).finally(props.onDone);
          }}
        >
          {t('highlightDiscard')}
        </button>
      </div>
      <SaveFeedback invalid={invalid} save={save} data={data} />
    </form>
  );
}
