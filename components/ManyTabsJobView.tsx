import type { ManyTabsJob } from '../lib/messaging/many-tabs';
import { t } from '../lib/ui/i18n';
import { jobView, type TabLine } from '../lib/ui/many-tabs';

function TabList(props: { id: string; heading: string; lines: TabLine[] }) {
  if (props.lines.length === 0) return null;
  return (
    <section class="many-tabs-list" aria-labelledby={props.id}>
      <h3 class="label" id={props.id}>
        {props.heading}
      </h3>
      <ul>
        {props.lines.map((line, i) => (
          <li key={i}>
            <span class="many-tabs-title">{line.title}</span>
            {line.why && <span class="hint"> — {line.why}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The job's progress while the background works, then what became of each tab. */
export function ManyTabsJobView(props: { job: ManyTabsJob; onDismiss: () => void }) {
  const view = jobView(props.job);
  return (
    <div class="panel many-tabs-job">
      <p class="many-tabs-headline" role="status" aria-live="polite" tabIndex={-1} data-autofocus>
        {view.headline}
      </p>
      {view.running ? (
        <>
          <progress value={view.done} max={view.total} aria-label={view.headline} />
          <p class="hint">{t('manyTabsBackground')}</p>
        </>
      ) : (
        <>
          <TabList
            id="many-tabs-bookmarks"
            heading={t('manyTabsBookmarksHeading')}
            lines={view.bookmarks}
          />
          <TabList id="many-tabs-failed" heading={t('manyTabsFailedHeading')} lines={view.failed} />
          <div class="actions">
            <button type="button" class="button primary" onClick={props.onDismiss}>
              {t('manyTabsDismiss')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
