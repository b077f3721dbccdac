import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '../lib/messaging/channel';
import type { Folder } from '../lib/messaging/library';
import type { PopupDraft } from '../lib/messaging/clipping';
import type { Extraction } from '../lib/ui/clip-form';
import { t } from '../lib/ui/i18n';
import { canClip, headerAccount } from '../lib/ui/connection-view';
import { globalKeyAction } from '../lib/ui/keyboard';
import { problemText } from '../lib/ui/problem-text';
import { tabInfo } from '../lib/ui/tab-bookmark';
import { markInteractive, usePopupData } from '../lib/ui/use-popup-data';
import type { PageSummary } from '../lib/messaging/library';
import { useKnownClip } from '../lib/ui/known-clip';
import { ClipPanel } from './ClipPanel';
import { KnownClipNotice } from './KnownClipNotice';
import { ManyTabs } from './ManyTabs';
import { HighlighterControls } from './HighlighterControls';
import { ConnectPrompt } from './ConnectPrompt';
import { HighlightPanel } from './HighlightPanel';
import { ShownEntriesContext, useShownEntries } from '../lib/ui/shown-entries';
import { OutboxGroups } from './OutboxGroups';
import { QuickNotePanel } from './QuickNotePanel';
import { PopupSkeleton } from './PopupSkeleton';
import { ReconnectNotice } from './ReconnectNotice';

type Tab = 'clip' | 'note';
const TABS: Tab[] = ['clip', 'note'];

/** The toolbar popup. `extraction` was started before the first render (main.tsx). */
export function Popup(props: { extraction: Promise<Extraction>; close?: () => void }) {
  const state = usePopupData(props.extraction);
  const [tab, setTab] = useState<Tab>('clip');
  const [created, setCreated] = useState<Folder[]>([]);
  const [draft, setDraft] = useState<PopupDraft | null | undefined>(undefined);
  const [quickNote, setQuickNote] = useState('');
  const { shown, report } = useShownEntries();
  const [highlightDone, setHighlightDone] = useState(false);
  const close = props.close ?? (() => window.close());
  // The page a quick note is written on: the tab the popup was opened for.
  const noteSource = useMemo(
    () => props.extraction.then((answer) => tabInfo(answer.tabId)).catch(() => null),
    [props.extraction],
  );
  const known = useKnownClip(props.extraction);
  const [addTo, setAddTo] = useState<PageSummary | null>(null);

  // Asked for at once, like the popup's data (use-popup-data.ts): the draft decides what shows.
  useLayoutEffect(() => {
    sendToBackground('draft.get', {})
      .then((answer) => {
        setDraft(answer.draft);
        if (answer.draft) setQuickNote(answer.draft.quickNote);
      })
      .catch(() => setDraft(null));
  }, []);

  // Usable = the form is on screen with cached data (the draft decides what it shows).
  useEffect(() => {
    if (state.phase === 'ready' && draft !== undefined) markInteractive();
  }, [state.phase, draft]);

  const data = useMemo(() => {
    if (state.phase !== 'ready') return null;
    const known = new Set(state.data.folders.map((f) => f.id));
    const extra = created.filter((f) => !known.has(f.id));
    return extra.length === 0
      ? state.data
      : { ...state.data, folders: [...state.data.folders, ...extra] };
  }, [state, created]);

  const createFolder = async (name: string, parentId: string | null) => {
    const folder = await sendToBackground('folders.create', { name, parentId });
    setCreated((list) => [...list, folder]);
    return folder;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const action = globalKeyAction(event);
    if (action === 'close') {
      event.preventDefault();
      close();
    } else if (action === 'save') {
      const form =
        (event.target as Element | null)?.closest?.('form') ??
        document.querySelector<HTMLFormElement>('form.panel');
      if (form) {
        event.preventDefault();
        form.requestSubmit();
      }
    }
  };

  const connection = data?.connection;
  // A problem only the options page fixes shows the way there; an unreachable service still clips into the outbox.
  const blocked = connection !== undefined && !canClip(connection);
  const account = connection ? headerAccount(connection) : null;

  // The clips waiting or failed, under whichever panel shows.
  const outboxGroups = data !== null && (
    <OutboxGroups
      entries={data.outbox}
      shown={shown}
      serviceUrl={data.connection.serviceUrl}
      folders={data.folders}
      recentFolders={data.recent.folders}
      recentPages={data.recent.pages}
      onCreateFolder={createFolder}
    />
  );

  return (
    <div class="popup" onKeyDown={onKeyDown}>
      <header class="popup-header">
        <h1 class="brand">
          <span class="logo" aria-hidden="true" />
          {t('extName')}
        </h1>
        {account && (
          <span class="account" title={connection?.serviceUrl}>
            {account}
          </span>
        )}
        <button
          type="button"
          class="icon-button"
          aria-label={t('openSettings')}
          title={t('openSettings')}
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          <svg class="settings-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" />
            <circle cx="9" cy="6" r="2.2" />
            <circle cx="15" cy="12" r="2.2" />
            <circle cx="8" cy="18" r="2.2" />
          </svg>
        </button>
      </header>
      {data === null || draft === undefined ? (
        state.phase === 'error' ? (
          <p class="error" role="alert">
            {state.message}
          </p>
        ) : (
          <PopupSkeleton />
        )
      ) : blocked ? (
        <>
          <ConnectPrompt connection={data.connection} />
          {outboxGroups}
        </>
      ) : (
        <ShownEntriesContext.Provider value={report}>
          {data.connection.problem && (
            <p class="banner warning" role="status">
              {t(
                'connectionProblem',
                problemText(data.connection.problem, data.connection.serviceUrl),
              )}
            </p>
          )}
          <ReconnectNotice
            entries={data.outbox}
            folders={data.folders}
            serviceUrl={data.connection.serviceUrl}
          />
          <div class="tab-row">
            <div class="tabs" role="tablist" aria-label={t('tabsLabel')}>
              {TABS.map((value) => (
                <button
                  key={value}
                  type="button"
                  role="tab"
                  id={`tab-${value}`}
                  aria-controls={`panel-${value}`}
                  aria-selected={tab === value}
                  tabIndex={tab === value ? 0 : -1}
                  class="tab"
                  onClick={() => setTab(value)}
                  onKeyDown={(e) => {
                    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
                    e.preventDefault();
                    const next = TABS[(TABS.indexOf(value) + 1) % TABS.length] ?? 'clip';
                    setTab(next);
                    document.getElementById(`tab-${next}`)?.focus();
                  }}
                >
                  {value === 'clip' ? t('tabClip') : t('tabQuickNote')}
                </button>
              ))}
            </div>
            {/* In the tab row, beside the tabs: a page action that takes no room from the form. */}
            <HighlighterControls
              extraction={props.extraction}
              close={close}
              data={data}
              onCreateFolder={createFolder}
            />
          </div>
          <div role="tabpanel" id="panel-clip" aria-labelledby="tab-clip" hidden={tab !== 'clip'}>
            {data.pendingHighlight && !highlightDone ? (
              <HighlightPanel
                pending={data.pendingHighlight}
                data={data}
                onCreateFolder={createFolder}
                onDone={() => setHighlightDone(true)}
              />
            ) : (
              <ManyTabs data={data} onCreateFolder={createFolder}>
                {(manyTabsEntry) => (
                  <>
                    <KnownClipNotice
                      known={known}
                      data={data}
                      outbox={data.outbox}
                      onAddTo={() =>
                        known.state.phase === 'known' &&
                        setAddTo({
                          id: known.state.clip.pageId,
                          title: known.state.clip.title,
                          parentId: known.state.clip.folderId,
                          updatedAt: null,
                        })
                      }
                    />
                    <ClipPanel
                      addTo={addTo}
                      extraction={props.extraction}
                      data={data}
                      draft={draft}
                      quickNote={quickNote}
                      onCreateFolder={createFolder}
                      titleAside={manyTabsEntry}
                    />
                  </>
                )}
              </ManyTabs>
            )}
          </div>
          <div role="tabpanel" id="panel-note" aria-labelledby="tab-note" hidden={tab !== 'note'}>
            <QuickNotePanel
              active={tab === 'note'}
              data={data}
              source={noteSource}
              note={quickNote}
              onNoteChange={setQuickNote}
              onCreateFolder={createFolder}
            />
          </div>
          {outboxGroups}
        </ShownEntriesContext.Provider>
      )}
    </div>
  );
}
