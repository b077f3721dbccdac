import { useEffect, useRef, useState } from 'preact/hooks';
import type { ClipMode } from '../lib/extract/result';
import { sendToBackground } from '../lib/messaging/channel';
import type { PopupDraft } from '../lib/messaging/clipping';
import type { Folder, PageSummary } from '../lib/messaging/library';
import type { ResponseOf } from '../lib/messaging/requests';
import { clipWrite, frontmatterBlock, type Operation, type Target } from '../lib/ui/compose';
import { folderPath } from '../lib/ui/folder-tree';
import { t } from '../lib/ui/i18n';
import { problemText } from '../lib/ui/problem-text';
import type { PopupData } from '../lib/ui/use-popup-data';
import { useSave } from '../lib/ui/use-save';
import { bookmarkMarkdown, tabInfo, type TabInfo } from '../lib/ui/tab-bookmark';
import { FolderPicker } from './FolderPicker';
import { ModePicker } from './ModePicker';
import { PagePicker } from './PagePicker';
import { SaveFeedback } from './SaveFeedback';
import { Skeleton } from './Skeleton';

export type Extraction = ResponseOf<'tab.extract'>;

const DRAFT_DELAY_MS = 400;

/**
 * The clip: title, mode, the note on top, the markdown as an editable text area (page
 * content is untrusted, so it is only ever text here), the destination, and Save.
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
  const last = data.recent.lastDestination;
  const lastPage =
    last?.kind === 'page' ? data.recent.pages.find((p) => p.id === last.pageId) : undefined;
  const [extraction, setExtraction] = useState<Extraction | null>(null);
  const [extracting, setExtracting] = useState(true);
  const [fallback, setFallback] = useState<TabInfo | null>(null);
  const [mode, setMode] = useState<ClipMode>(data.settings.clipDefaults.mode);
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [body, setBody] = useState('');
  const [folderId, setFolderId] = useState<string | null>(
    last?.kind === 'folder' ? last.folderId : (lastPage?.parentId ?? null),
  );
  const [target, setTarget] = useState<Target>(
    last?.kind === 'page' && lastPage ? 'existing' : 'new',
  );
  const [page, setPage] = useState<PageSummary | null>(
    lastPage
      ? { id: lastPage.id, title: lastPage.title, parentId: lastPage.parentId, updatedAt: null }
      : null,
  );
  const [operation, setOperation] = useState<Operation>(
    last?.kind === 'page' ? last.operation : data.settings.clipDefaults.operation,
  );
  const [invalid, setInvalid] = useState<string | null>(null);
  const edited = useRef(false);
  const focusedOnce = useRef(false);
  // Keyboard-first: the title has focus once the clip is there, so Enter saves right away.
  const focusOnArrival = (input: HTMLInputElement | null) => {
    if (input && !focusedOnce.current && document.activeElement === document.body) {
      focusedOnce.current = true;
      input.focus();
    }
  };
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const save = useSave(data.outbox);

  const apply = (answer: Extraction, draft: PopupDraft | null) => {
    setExtraction(answer);
    setExtracting(false);
    if (!answer.ok) {
      // Nothing to extract here: offer the tab as a bookmark so the click still saves something.
      void tabInfo(answer.tabId).then((tab) => {
        if (!tab) return;
        setFallback(tab);
        setMode('bookmark');
        if (!edited.current) setTitle(tab.title);
        setBody((current) => (current.trim() === '' ? bookmarkMarkdown(tab) : current));
      });
      return;
    }
    const { result } = answer;
    if (draft && draft.url === result.url) {
      edited.current = true;
      setTitle(draft.title);
      setMode(draft.mode);
      setNote(draft.note);
      setBody(draft.body);
      return;
    }
    setMode(result.mode);
    // An untitled page is named by its address, as the browser's tab strip does.
    if (!edited.current) setTitle(result.title || result.url);
    setBody(result.body);
  };

  useEffect(() => {
    let alive = true;
    props.extraction.then(
      (answer) => alive && apply(answer, props.draft),
      (error: unknown) =>
        alive &&
        apply(
          {
            ok: false,
            tabId: null,
            problem: {
              code: 'other',
              message: error instanceof Error ? error.message : String(error),
              status: null,
            },
          },
          null,
        ),
    );
    return () => {
      alive = false;
    };
    // The extraction was started once, before the first render (entrypoints/popup/main.tsx).
  }, []);

  // Keep the draft in session storage through the background: closing the popup loses nothing.
  const url = extraction?.ok ? extraction.result.url : null;
  useEffect(() => {
    if (url === null || !edited.current) return;
    const timer = setTimeout(() => {
      draftTimer.current = undefined;
      const draft: PopupDraft = {
        url,
        title,
        mode,
        note,
        body,
        quickNote: props.quickNote,
        savedAt: Date.now(),
      };
      sendToBackground('draft.set', { draft }).catch(() => undefined);
    }, DRAFT_DELAY_MS);
    draftTimer.current = timer;
    return () => clearTimeout(timer);
  }, [url, title, mode, note, body, props.quickNote]);

  const changeMode = (next: ClipMode) => {
    setMode(next);
    setExtracting(true);
    const tabId = extraction?.tabId ?? undefined;
    sendToBackground('tab.extract', { mode: next, tabId: tabId ?? undefined }).then(
      (answer) => {
        edited.current = title !== (extraction?.ok ? extraction.result.title : '');
        apply(answer, null);
        setMode(next);
      },
      () => setExtracting(false),
    );
  };

  // The clip as it would be sent: once it is in the outbox, the same clip is not sent twice by a
  // second Enter (a new clip id would make it a second page); any edit makes it a new clip.
  const clipKey = JSON.stringify([title, note, body, folderId, target, page?.id, operation]);
  const [submittedKey, setSubmittedKey] = useState<string | null>(null);
  const alreadySent =
    submittedKey === clipKey &&
    save.state.phase === 'submitted' &&
    save.state.entry.status !== 'failed';

  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (save.state.phase === 'saving' || extraction === null || alreadySent) return;
    const result = extraction.ok ? extraction.result : null;
    if (target === 'new' && title.trim() === '') return setInvalid(t('titleRequired'));
    if (target === 'existing' && page === null) return setInvalid(t('pageChoose'));
    if (body.trim() === '' && note.trim() === '' && target === 'existing')
      return setInvalid(t('contentRequired'));
    setInvalid(null);
    const write = clipWrite(
      crypto.randomUUID(),
      {
        title,
        url: result?.url ?? fallback?.url ?? '',
        frontmatter: result ? frontmatterBlock(result) : '',
        body,
      },
      { folderId, target, pageId: page?.id ?? null, operation },
    );
    const byId = new Map(data.folders.map((f) => [f.id, f]));
    const folderName =
      folderId === null ? t('folderRoot') : (folderPath(folderId, byId).at(-1) ?? '');
    const label = target === 'existing' && page ? page.title : title.trim();
    // A draft save still waiting must not bring the draft back once the outbox holds the clip.
    clearTimeout(draftTimer.current);
    edited.current = false;
    setSubmittedKey(clipKey);
    void save
      .submit({ write, label, note: note.trim() === '' ? undefined : note.trim(), folderName })
      .then((enqueued) => {
        if (enqueued) sendToBackground('draft.set', { draft: null }).catch(() => undefined);
        else edited.current = true; // not in the outbox: the draft stays the only copy
      });
  };

  useEffect(() => {
    props.onSaveState?.(save.state.phase === 'submitted' ? save.state.entry.id : null);
  }, [save.state]);

  const problem = extraction && !extraction.ok ? extraction.problem : null;
  const wordCount = body.trim() === '' ? 0 : body.trim().split(/\s+/).length;
  const markEdited = () => {
    edited.current = true;
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
            onInput={(e) => {
              markEdited();
              setTitle(e.currentTarget.value);
            }}
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
          onInput={(e) => {
            markEdited();
            setNote(e.currentTarget.value);
          }}
        />
      </div>
      <div class="field">
        <div class="label-row">
          <label class="label" for="clip-body">
            {t('fieldPreview')}
          </label>
          <span class="hint" aria-live="polite">
            {extracting ? t('extracting') : t('wordCount', wordCount)}
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
            onInput={(e) => {
              markEdited();
              setBody(e.currentTarget.value);
            }}
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
          onChange={(id) => {
            setFolderId(id);
            if (page && page.parentId !== id) setPage(null);
          }}
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
                  onChange={() => setTarget(value)}
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
            onChange={setPage}
            onOperationChange={setOperation}
          />
        )}
      </fieldset>
      <div class="actions">
        <button
          type="submit"
          class="button primary"
          disabled={save.state.phase === 'saving' || extraction === null || alreadySent}
        >
          {t('save')}
        </button>
        <span class="hint keys">{t('saveHint')}</span>
      </div>
      <SaveFeedback invalid={invalid} save={save} data={data} />
    </form>
  );
}
