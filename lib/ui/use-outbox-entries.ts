/**
 * The outbox and the cached folder names for a page other than the popup (the options page),
 * kept current by the background's events.
 */
import { useEffect, useState } from 'preact/hooks';
import { onBackgroundEvent, sendToBackground } from '../messaging/channel';
import type { Folder } from '../messaging/library';
import type { OutboxEntryView } from '../outbox/entry';

export function useOutboxEntries(): { entries: OutboxEntryView[]; folders: Folder[] } {
  const [entries, setEntries] = useState<OutboxEntryView[]>([]);
  const [folders, setFolders] = useState<Folder[]>([]);
  useEffect(() => {
    let alive = true;
    const loadFolders = () =>
      sendToBackground('folders.get', {})
        .then((answer) => alive && setFolders(answer.folders))
        .catch(() => undefined);
    // Subscribe first so a change between the answer and the subscription is not lost.
    const unsubscribe = onBackgroundEvent((event) => {
      if (event.type === 'outbox-changed') setEntries(event.entries);
      else if (event.type === 'folders-changed') void loadFolders();
    });
    sendToBackground('outbox.list', {})
      .then((answer) => alive && setEntries(answer.entries))
      .catch(() => undefined);
    void loadFolders();
    return () => {
      alive = false;
      unsubscribe();
    };
  }, []);
  return { entries, folders };
}
