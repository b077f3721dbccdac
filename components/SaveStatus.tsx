import type { SaveState } from '../lib/ui/use-save';
import { pageLinkFor } from '../lib/ui/page-link';
import { t } from '../lib/ui/i18n';
import { highlightOutcome } from '../lib/ui/highlight-outcome';
import { problemAction } from '../lib/ui/problem-action';
import { problemText } from '../lib/ui/problem-text';
import { OpenSettingsButton } from './OpenSettingsButton';

/**
 * The save feedback, in a polite live region of fixed height (no layout jump): progress,
 * "Saved" with a link to the page, "Queued" while the outbox has not confirmed, or the
 * failure with its reason and Retry. Page titles are rendered as text, never as HTML.
 */
export function SaveStatus(props: {
  state: SaveState;
  serviceUrl: string;
  pageLinkTemplate: string;
  onRetry: () => void;
}) {
  const { state } = props;
  let body = null;
  if (state.phase === 'saving') {
    body = (
      <p class="status saving">
        <span class="spinner" aria-hidden="true" />
        <span class="status-text">{t('saving')}</span>
      </p>
    );
  } else if (state.phase === 'error') {
    body = (
      <div class="status failed">
        <p>
          {t('failed', problemText(state.problem, props.serviceUrl))} {t('keptSafe')}
        </p>
        {problemAction(state.problem) === 'open-settings' && <OpenSettingsButton />}
      </div>
    );
  } else if (state.phase === 'submitted') {
    const { entry } = state;
    if (entry.status === 'saved') {
      const link = entry.result
        ? pageLinkFor(props.serviceUrl, props.pageLinkTemplate, entry.result.pageId)
        : null;
      body = (
        <p class="status saved">
          <span class="check" aria-hidden="true" />
          <span class="status-text">{highlightOutcome(entry) ?? t('saved', entry.label)}</span>
          {link !== null && (
            <a href={link} target="_blank" rel="noreferrer noopener">
              {t('openPage')}
            </a>
          )}
        </p>
      );
    } else if (entry.status === 'failed') {
      body = (
        <div class="status failed">
          <p>
            {t(
              'failed',
              entry.lastError ? problemText(entry.lastError, props.serviceUrl) : entry.label,
            )}{' '}
            {t('keptSafe')}
          </p>
          {problemAction(entry.lastError) === 'open-settings' ? (
            <OpenSettingsButton />
          ) : (
            <button type="button" class="button small" onClick={props.onRetry}>
              {t('retry')}
            </button>
          )}
        </div>
      );
    } else {
      body = (
        <p class="status queued">
          <span class="spinner" aria-hidden="true" />
          <span class="status-text">
            {t('queued', entry.label)}
            {entry.lastError && (
              <span class="detail"> ({problemText(entry.lastError, props.serviceUrl)})</span>
            )}
          </span>
        </p>
      );
    }
  }
  return (
    <div
      class="save-status"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-phase={statusName(state)}
    >
      {body}
    </div>
  );
}

function statusName(state: SaveState): string {
  return state.phase === 'submitted' ? state.entry.status : state.phase;
}
