import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '../lib/messaging/channel';
import type { Folder } from '../lib/messaging/library';
import type { PopupDraft } from '../lib/messaging/clipping';
import type { Extraction } from '../lib/ui/clip-form';
import { t } from '../lib/ui/i18n';
import { globalKeyAction } from '../lib/ui/keyboard';
import { problemText } from '../lib/ui/problem-text';
import { markInteractive, usePopupData } from '../lib/ui/use-popup-data';
import { ClipPanel } from './ClipPanel';
import { ConnectPrompt } from './ConnectPrompt';
import { HighlightPanel } from './HighlightPanel';
import { OutboxList } from './OutboxList';
import { QuickNotePanel } from './QuickNotePanel';
import { PopupSkeleton } from './PopupSkeleton';

type Tab = 'clip' | 'note';
const TABS: Tab[] = ['clip', 'note'];

/** Problems that need the options page; others (service unreachable) still let the user clip into the outbox. */
const BLOCKING = new Set([
  'not-configured',
  'no-permission',
  'unauthenticated',
  'invalid-url',
  'sign-in-required',
]);

/** The toolbar popup. `extraction` was started before the first render (main.tsx). */
export function Popup(props: { extraction: Promise<Extraction>; close?: () => void }) {
  const state = usePopupData();
  const [tab, setTab] = useState<Tab>('clip');
  const [created, setCreated] = useState<Folder[]>([]);
  const [draft, setDraft] = useState<PopupDraft | null | undefined>(undefined);
  const [quickNote, setQuickNote] = useState('');
  const [currentEntry, setCurrentEntry] = useState<string | null>(null);
  const [highlightDone, setHighlightDone] = useState(false);
  const close = props.close ?? (() => window.close());

  useEffect(() => {
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
  const blocked =
    connection !== undefined &&
    (!connection.hasToken || BLOCKING.has(connection.problem?.code ?? ''));

  return (
    <div class="popup" onKeyDown={onKeyDown}>
      <header class="popup-header">
        <h1 class="brand">
          <span class="logo" aria-hidden="true" />
          {t('extName')}
        </h1>
        {connection?.user && (
          <span class="account" title={connection.serviceUrl}>
            {connection.user.email}
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
        <ConnectPrompt connection={data.connection} />
      ) : (
        <>
          {data.connection.problem && (
            <p class="banner warning" role="status">
              {t(
                'connectionProblem',
                problemText(data.connection.problem, data.connection.serviceUrl),
              )}
            </p>
          )}
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
          <div role="tabpanel" id="panel-clip" aria-labelledby="tab-clip" hidden={tab !== 'clip'}>
            {data.pendingHighlight && !highlightDone ? (
              <HighlightPanel
                pending={data.pendingHighlight}
                data={data}
                onCreateFolder={createFolder}
                onDone={() => setHighlightDone(true)}
              />
            ) : (
              <ClipPanel
                extraction={props.extraction}
                data={data}
                draft={draft}
                quickNote={quickNote}
                onCreateFolder={createFolder}
                onSaveState={setCurrentEntry}
              />
            )}
          </div>
          <div role="tabpanel" id="panel-note" aria-labelledby="tab-note" hidden={tab !== 'note'}>
            <QuickNotePanel
              active={tab === 'note'}
              data={data}
              note={quickNote}
              onNoteChange={setQuickNote}
              onCreateFolder={createFolder}
            />
          </div>
          <OutboxList
            entries={data.outbox.filter((e) => e.id !== currentEntry)}
            serviceUrl={data.connection.serviceUrl}
            folders={data.folders}
            recentFolders={data.recent.folders}
            recentPages={data.recent.pages}
            onCreateFolder={createFolder}
          />
        </>
      )}
    </div>
  );
}
