import { useState } from 'preact/hooks';
import { sendToBackground } from '../lib/messaging/channel';
import type { Folder } from '../lib/messaging/library';
import type { OutboxEntryView } from '../lib/outbox/entry';
import { t } from '../lib/ui/i18n';
import { DiscardButton } from './DiscardButton';
import {
  entryDestination,
  entryTitle,
  failedWithPreviousConnection,
  type EntryDestination,
  type FolderRef,
} from '../lib/ui/outbox-groups';
import { problemText } from '../lib/ui/problem-text';

/**
 * After a new connection (another token, a sign-in): the clips the old one could not save, with
 * **Retry all** and **Review** (each clip's title, destination and error, with Retry and
 * Discard). Nothing is sent again until the user chooses; the same clip may have been saved
 * again meanwhile.
 */
export function ReconnectNotice(props: {
  entries: readonly OutboxEntryView[];
  folders: readonly Pick<Folder, 'id' | 'name'>[];
  serviceUrl: string;
}) {
  const failed = failedWithPreviousConnection(props.entries);
  const [reviewing, setReviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (failed.length === 0) return null;

  const act = (action: Promise<unknown>) => {
    setProblem(null);
    action.catch((error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );
  };

  return (
    <section class="banner warning reconnect-notice" aria-labelledby="reconnect-notice-text">
      <p id="reconnect-notice-text">
        <strong>
          {failed.length === 1 ? t('reconnectNoticeOne') : t('reconnectNotice', failed.length)}
        </strong>{' '}
        {t('reconnectHint')}
      </p>
      <div class="notice-actions">
        <button
          type="button"
          class="button small primary"
          onClick={() => act(sendToBackground('outbox.retryPreviousConnection', {}))}
        >
          {t('retryAll')}
        </button>
        <button
          type="button"
          class="button small ghost"
          aria-expanded={reviewing}
          aria-controls="reconnect-review"
          onClick={() => setReviewing(!reviewing)}
        >
          {t('review')}
        </button>
      </div>
      {problem !== null && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {reviewing && (
        <ul id="reconnect-review" class="review-list">
          {failed.map((entry) => (
            <li key={entry.id} class="review-entry">
              <span class="outbox-label">{entryTitle(entry)}</span>
              <span class="outbox-meta">
                {destinationText(entryDestination(entry, props.folders))}
              </span>
              {entry.lastError && (
                <span class="outbox-reason">{problemText(entry.lastError, props.serviceUrl)}</span>
              )}
              <span class="outbox-actions">
                <button
                  type="button"
                  class="button small"
                  onClick={() => act(sendToBackground('outbox.retry', { id: entry.id }))}
                >
                  {t('retry')}
                </button>
                <DiscardButton
                  onDiscard={() => act(sendToBackground('outbox.discard', { id: entry.id }))}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function folderText(folder: FolderRef): string {
  if (folder.id === null) return t('folderRoot');
  return folder.name ?? t('reviewUnknownFolder');
}

function destinationText(destination: EntryDestination): string {
  if (destination.kind === 'new-page') return t('reviewNewPage', folderText(destination.folder));
  const page = t('reviewAddTo', destination.page);
  return destination.folder ? `${page} · ${folderText(destination.folder)}` : page;
}
