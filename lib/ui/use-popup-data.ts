/**
 * Everything the popup shows that is not the clip itself: the connection, the cached
 * folder tree, recents, clip defaults and the outbox. All of it is answered by the
 * background from storage at once (no network before the first render, issue 5); fresh
 * data arrives later as background events and replaces it in place.
 */
import { useEffect, useState } from 'preact/hooks';
import {
  onBackgroundEvent,
  sendToBackground,
  type ConnectionState,
  type Folder,
  type OutboxEntryData,
  type PendingHighlight,
  type PublicSettings,
  type ResponseOf,
} from '../messaging';

export interface PopupData {
  connection: ConnectionState;
  folders: Folder[];
  foldersRefreshing: boolean;
  recent: ResponseOf<'recent.get'>;
  settings: PublicSettings;
  outbox: OutboxEntryData[];
  pendingHighlight: PendingHighlight | null;
}

export type PopupDataState =
  { phase: 'loading' } | { phase: 'ready'; data: PopupData } | { phase: 'error'; message: string };

export function usePopupData(): PopupDataState {
  const [state, setState] = useState<PopupDataState>({ phase: 'loading' });

  useEffect(() => {
    let alive = true;
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

    Promise.all([
      sendToBackground('connection.get', {}),
      sendToBackground('folders.get', {}),
      sendToBackground('recent.get', {}),
      sendToBackground('settings.get', {}),
      sendToBackground('outbox.list', {}),
      sendToBackground('highlight.pending', {}).catch(() => ({ pending: null })),
    ])
      .then(([connection, folders, recent, settings, outbox, highlight]) => {
        if (!alive) return;
        setState({
          phase: 'ready',
          data: {
            connection,
            folders: folders.folders,
            foldersRefreshing: folders.refreshing,
            recent,
            settings,
            outbox: outbox.entries,
            pendingHighlight: highlight.pending,
          },
        });
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
      unsubscribe();
    };
  }, []);

  return state;
}

/** Tell the extension benchmark the popup is usable (read by A's `bench:extension`). */
export function markInteractive(doc: Document = document): void {
  if (doc.documentElement.dataset.ready === 'true') return;
  doc.documentElement.dataset.ready = 'true';
  performance.mark('pageclip:interactive');
}
