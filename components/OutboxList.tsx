import { useState } from 'preact/hooks';
import { sendToBackground } from '../lib/messaging/channel';
import type { Folder, PageSummary, RecentFolder, RecentPage } from '../lib/messaging/library';
import type { OutboxEntryView } from '../lib/outbox/entry';
import { retargetWrite } from '../lib/ui/compose';
import { t } from '../lib/ui/i18n';
import { DiscardButton } from './DiscardButton';
import { groupOutbox } from '../lib/ui/outbox-groups';
import { problemAction } from '../lib/ui/problem-action';
import { problemText } from '../lib/ui/problem-text';
import { OpenSettingsButton } from './OpenSettingsButton';

/** lib/outbox flags an append nearing the service's 24 h replay window with this code. */
const REPLAY_WINDOW_CODE = 'replay_window_expiring';
import { FolderPicker } from './FolderPicker';
import { PagePicker } from './PagePicker';

/**
 * One group of the clips the service has not confirmed yet: "Waiting to be saved" (retried by
 * themselves) or "Failed — needs you" (with their reason), each with Retry, Change destination
 * and Discard (two clicks, so nothing goes by accident). Leaves out the clips the save feedback
 * shows (`shown`) and the failures of a previous connection (the reconnect notice has them).
 */
export function OutboxList(props: {
  group: 'waiting' | 'failed';
  entries: OutboxEntryView[];
  shown?: readonly string[];
  serviceUrl: string;
  folders: Folder[];
  recentFolders: RecentFolder[];
  recentPages: RecentPage[];
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
}) {
  const pending = groupOutbox(props.entries, props.shown)[props.group];
  const [editing, setEditing] = useState<string | null>(null);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [page, setPage] = useState<PageSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Runs an outbox action; a refusal from the background is shown, never swallowed. */
  const act = (action: Promise<unknown>, after?: () => void) => {
    setFailure(null);
    action.then(after, (error: unknown) =>
      setFailure(error instanceof Error ? error.message : String(error)),
    );
  };
  if (pending.length === 0) return null;

  return (
    <section
      class={`outbox outbox-group ${props.group}`}
      data-group={props.group}
      aria-labelledby={`outbox-heading-${props.group}`}
    >
      <h2 id={`outbox-heading-${props.group}`}>
        {props.group === 'waiting'
          ? t('outboxHeading', pending.length)
          : t('outboxFailedHeading', pending.length)}
      </h2>
      {failure !== null && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
      <ul>
        {pending.map((entry) => {
          const kind = entry.write.kind === 'create-page' ? t('outboxKindNew') : t('outboxKindAdd');
          const status =
            entry.status === 'failed'
              ? t('outboxFailed')
              : entry.status === 'sending'
                ? t('outboxSending')
                : t('outboxQueued');
          return (
            <li key={entry.id} class={`outbox-entry ${entry.status}`} data-status={entry.status}>
              <div class="outbox-main">
                <span class="outbox-label">{entry.label}</span>
                <span class="outbox-meta">
                  {kind} · <span class={`pill ${entry.status}`}>{status}</span>
                  {entry.attempts > 1 && <> · {t('outboxAttempts', entry.attempts)}</>}
                  {entry.status === 'queued' &&
                    entry.nextAttemptAt !== null &&
                    entry.attempts > 0 && (
                      <>
                        {' '}
                        ·{' '}
                        {t('outboxNextAttempt', new Date(entry.nextAttemptAt).toLocaleTimeString())}
                      </>
                    )}
                </span>
                {entry.lastError && (
                  <span class="outbox-reason">
                    {entry.lastError.code === REPLAY_WINDOW_CODE
                      ? t('outboxReplayWarning')
                      : problemText(entry.lastError, props.serviceUrl)}
                  </span>
                )}
              </div>
              <div class="outbox-actions">
                {problemAction(entry.lastError) === 'open-settings' ? (
                  <OpenSettingsButton />
                ) : (
                  <button
                    type="button"
                    class="button small"
                    onClick={() => act(sendToBackground('outbox.retry', { id: entry.id }))}
                  >
                    {t('retry')}
                  </button>
                )}
                <button
                  type="button"
                  class="button small ghost"
                  aria-expanded={editing === entry.id}
                  onClick={() => {
                    setEditing(editing === entry.id ? null : entry.id);
                    setFolderId('parentId' in entry.write ? entry.write.parentId : null);
                    setPage(null);
                  }}
                >
                  {t('outboxEditDestination')}
                </button>
                <DiscardButton
                  onDiscard={() => act(sendToBackground('outbox.discard', { id: entry.id }))}
                />
              </div>
              {editing === entry.id && (
                <div class="outbox-edit">
                  <FolderPicker
                    idPrefix={`outbox-${entry.id}`}
                    folders={props.folders}
                    recent={props.recentFolders}
                    value={folderId}
                    refreshing={false}
                    onChange={setFolderId}
                    onCreate={props.onCreateFolder}
                  />
                  {entry.write.kind === 'add-to-page' && (
                    <PagePicker
                      idPrefix={`outbox-${entry.id}`}
                      folderId={folderId}
                      recent={props.recentPages}
                      value={page}
                      operation={entry.write.operation}
                      onChange={setPage}
                    />
                  )}
                  <button
                    type="button"
                    class="button primary small"
                    disabled={entry.write.kind === 'add-to-page' && page === null}
                    onClick={() => {
                      const write = retargetWrite(entry.write, {
                        folderId,
                        pageId: page?.id ?? null,
                      });
                      act(
                        sendToBackground('outbox.retarget', {
                          id: entry.id,
                          write,
                          label: page?.title,
                        }),
                        () => setEditing(null),
                      );
                    }}
                  >
                    {t('outboxApplyDestination')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
