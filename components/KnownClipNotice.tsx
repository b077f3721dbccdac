import type { OutboxEntryView } from '../lib/outbox/entry';
import { folderPath } from '../lib/ui/folder-tree';
import { t, uiLanguage } from '../lib/ui/i18n';
import { clipDate, sentEntry, type useKnownClip } from '../lib/ui/known-clip';
import { pageLinkFor } from '../lib/ui/page-link';
import { problemText } from '../lib/ui/problem-text';
import type { PopupData } from '../lib/ui/use-popup-data';

/**
 * "Clipped on 12 Nov into Reading / <title>" with Open, Update, Add to it and Clip as new; then
 * the update's progress, or, when the page was edited since, what changed and the choice.
 * Titles and lines of the page are rendered as text only.
 */
export function KnownClipNotice(props: {
  known: ReturnType<typeof useKnownClip>;
  data: PopupData;
  outbox: readonly OutboxEntryView[];
  onAddTo: () => void;
}) {
  const { known, data } = props;
  const { state } = known;
  if (state.phase !== 'known') return null;
  const { clip, step } = state;
  const byId = new Map(data.folders.map((f) => [f.id, f]));
  const folder =
    clip.folderId === null
      ? t('folderRoot')
      : (folderPath(clip.folderId, byId).at(-1) ?? t('folderRoot'));
  const link = pageLinkFor(data.connection.serviceUrl, data.settings.pageLinkTemplate, clip.pageId);
  const entry = sentEntry(state, props.outbox);
  const busy =
    step.kind === 'asking' ||
    (entry !== null && entry.status !== 'failed' && entry.status !== 'saved');

  return (
    <section class="known-clip" aria-label={t('knownClipped', ['', folder, clip.title])}>
      <p class="known-clip-text">
        <span class="check" aria-hidden="true" />
        {t('knownClipped', [
          clipDate(clip.clippedAt, Date.now(), uiLanguage()),
          folder,
          clip.title,
        ])}
      </p>
      <div class="known-clip-actions">
        {link !== null && (
          <a class="button small" href={link} target="_blank" rel="noreferrer noopener">
            {t('knownOpen')}
          </a>
        )}
        <button type="button" class="button small" disabled={busy} onClick={() => known.update()}>
          {t('knownUpdate')}
        </button>
        <button type="button" class="button small" onClick={props.onAddTo}>
          {t('knownAddTo')}
        </button>
        <button type="button" class="button small" onClick={known.dismiss}>
          {t('knownClipNew')}
        </button>
      </div>
      <div class="known-clip-status" role="status" aria-live="polite">
        {step.kind === 'asking' && <p class="status saving">{t('knownUpdating')}</p>}
        {entry !== null &&
          (entry.status === 'saved' ? (
            <p class="status saved">{t('knownUpdated', clip.title)}</p>
          ) : entry.status === 'failed' ? (
            <p class="status failed">
              {t(
                'knownUpdateFailed',
                entry.lastError
                  ? problemText(entry.lastError, data.connection.serviceUrl)
                  : clip.title,
              )}
            </p>
          ) : (
            <p class="status queued">{t('knownUpdating')}</p>
          ))}
        {step.kind === 'gone' && <p class="status failed">{t('knownGone')}</p>}
        {step.kind === 'error' && (
          <p class="status failed">{t('knownUpdateFailed', step.message)}</p>
        )}
      </div>
      {step.kind === 'edited' && (
        <div class="known-clip-edited" role="group" aria-label={t('knownEdited', clip.title)}>
          <p>{t('knownEdited', clip.title)}</p>
          {step.changes.onlyInPageCount > 0 && (
            <>
              <p class="hint">{t('knownOnlyInPage', step.changes.onlyInPageCount)}</p>
              <ul class="changes removed">
                {step.changes.onlyInPage.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </>
          )}
          {step.changes.onlyInNewCount > 0 && (
            <>
              <p class="hint">{t('knownOnlyInNew', step.changes.onlyInNewCount)}</p>
              <ul class="changes added">
                {step.changes.onlyInNew.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </>
          )}
          <div class="known-clip-actions">
            <button
              type="button"
              class="button small primary"
              onClick={() => known.update('section', step.etag)}
            >
              {t('knownKeepEdits')}
            </button>
            <button
              type="button"
              class="button small"
              onClick={() => known.update('replace', step.etag)}
            >
              {t('knownReplace')}
            </button>
            <button type="button" class="button small" onClick={known.cancel}>
              {t('knownCancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
