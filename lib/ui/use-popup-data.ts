/**
 * Everything the popup shows that is not the clip itself: the connection, the cached
 * folder tree, recents, clip defaults and the outbox. All of it is answered by the
 * background from storage at once (no network before the first render); fresh
 * data arrives later as background events and replaces it in place.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import { onBackgroundEvent, sendToBackground } from '../messaging/channel';
import type { PendingHighlight } from '../messaging/clipping';
import type { ConnectionState } from '../messaging/connection';
import type { Folder } from '../messaging/library';
import type { PublicSettings } from '../messaging/preferences';
import type { ResponseOf } from '../messaging/requests';
import type { OutboxEntryView } from '../outbox/entry';

export interface PopupData {
  connection: ConnectionState;
  folders: Folder[];
  foldersRefreshing: boolean;
  recent: ResponseOf<'recent.get'>;
  settings: PublicSettings;
  outbox: OutboxEntryView[];
  pendingHighlight: PendingHighlight | null;
}

export type PopupDataState =
  { phase: 'loading' } | { phase: 'ready'; data: PopupData } | { phase: 'error'; message: string };

/**
 * The longest the folder tree waits for the extraction: a page that takes long to extract
 * does not keep the user from picking a folder meanwhile.
 */
export const FOLDERS_WAIT_MS = 500;

/** `extraction`: the popup's extraction request, which the folder tree waits for. */
export function usePopupData(extraction: Promise<unknown>): PopupDataState {
  const [state, setState] = useState<PopupDataState>({ phase: 'loading' });

  // A layout effect runs right after the first render; a plain effect waits for the frame
  // after it, which on a busy machine is tens of milliseconds before the requests leave.
  useLayoutEffect(() => {
    let alive = true;
    let folders: Pick<PopupData, 'folders' | 'foldersRefreshing'> = {
      folders: [],
      foldersRefreshing: true,
    };
    const patch = (update: Partial<PopupData>) =>
      setState((current) =>
        current.phase === 'ready'
          ? { phase: 'ready', data: { ...current.data, ...update } }
          : current,
      );
    const reloadFolders = () =>
      sendToBackground('folders.get', {})
        .then((f) => alive && patch({ folders: f.folders, foldersRefreshing: f.refreshing }))
        .catch(() => undefined);

    // Subscribe first so an event between the answers below and the subscription is not lost.
    const unsubscribe = onBackgroundEvent((event) => {
      if (event.type === 'outbox-changed') patch({ outbox: event.entries });
      else if (event.type === 'connection-changed') patch({ connection: event.state });
      else if (event.type === 'folders-changed') void reloadFolders();
    });

    // The folder tree does not hold up the first usable frame: with a cold cache the background
    // may have to page through thousands of folders, and a warm one is a large answer that would
    // queue ahead of the small ones. It is asked for once the popup is usable and the
    // extraction has answered (or FOLDERS_WAIT_MS after the first render): the extraction
    // document runs on the popup's own thread (one renderer per extension), where 5,000 folders
    // arriving first delayed the title and markdown by about 80 ms (docs/development.md).
    let foldersTimer: ReturnType<typeof setTimeout> | undefined;
    const afterExtraction = new Promise<void>((resolve) => {
      foldersTimer = setTimeout(resolve, FOLDERS_WAIT_MS);
      void extraction.catch(() => undefined).then(() => resolve());
    });
    const loadFolders = () =>
      sendToBackground('folders.get', {})
        .then((f) => {
          if (!alive) return;
          folders = { folders: f.folders, foldersRefreshing: f.refreshing };
          patch(folders);
        })
        .catch(() => undefined);

    Promise.all([
      sendToBackground('connection.get', {}),
      sendToBackground('recent.get', {}),
      sendToBackground('settings.get', {}),
      sendToBackground('outbox.list', {}),
    ])
      .then(([connection, recent, settings, outbox]) => {
        if (!alive) return;
        setState({
          phase: 'ready',
          data: {
            connection,
            ...folders,
            recent,
            settings,
            outbox: outbox.entries,
            pendingHighlight: null,
          },
        });
        void afterExtraction.then(() => {
          if (alive) void loadFolders();
        });
        // May wait briefly in the background for a context-menu click still being handled
        // ("Choose…" opens the popup first): the clip form is usable meanwhile.
        sendToBackground('highlight.pending', {})
          .then((answer) => alive && answer.pending && patch({ pendingHighlight: answer.pending }))
          .catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (alive)
          setState({
            phase: 'error',
            message: error instanceof Error ? error.message : String(error),
          });
      });

    return () => {
      alive = false;
      clearTimeout(foldersTimer);
      unsubscribe();
    };
  }, []);

  return state;
}

/** Tell the extension benchmark the popup is usable (read by `bench:extension`). */
export function markInteractive(doc: Document = document): void {
  if (doc.documentElement.dataset.ready === 'true') return;
  doc.documentElement.dataset.ready = 'true';
  performance.mark('pageclip:interactive');
}
