/**
 * Where highlights go on a page without a clip, folded into one line under the tab row:
 * "Clip this page first" (the default) or "Add highlights to a page…" with the folder and page
 * pickers, remembered for the site; "Forget for this site" goes back to the default. The state
 * lives in `lib/ui/highlight-destination.ts`.
 */
import type { Folder } from '../lib/messaging/library';
import type { Extraction } from '../lib/ui/clip-form';
import {
  destinationMode,
  useHighlightDestination,
  type DestinationMode,
} from '../lib/ui/highlight-destination';
import { t } from '../lib/ui/i18n';
import type { PopupData } from '../lib/ui/use-popup-data';
import { FolderPicker } from './FolderPicker';
import { PagePicker } from './PagePicker';

const MODES: DestinationMode[] = ['clip', 'page'];

export function HighlighterDestination(props: {
  extraction: Promise<Extraction>;
  data: PopupData;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
}) {
  const d = useHighlightDestination(props.extraction);
  const s = d.state;
  if (s.phase !== 'ready') return null;
  const mode = destinationMode(s);
  return (
    <div class="highlighter-destination">
      <button
        type="button"
        class="button ghost small"
        aria-expanded={s.expanded}
        aria-controls="highlighter-destination-choice"
        onClick={d.toggle}
      >
        {s.chosen
          ? t('highlighterDestinationSummaryPage', s.chosen.title)
          : t('highlighterDestinationSummaryClip')}
      </button>
      {s.expanded && (
        <div id="highlighter-destination-choice" class="highlighter-destination-choice">
          <fieldset class="segmented compact" disabled={s.busy}>
            <legend class="label">{t('highlighterDestinationLegend')}</legend>
            <div class="segmented-options">
              {MODES.map((value) => (
                <label class="segment" key={value}>
                  <input
                    type="radio"
                    name="highlighter-destination"
                    value={value}
                    checked={mode === value}
                    onChange={() => d.setMode(value)}
                  />
                  <span>
                    {value === 'clip'
                      ? t('highlighterDestinationClipFirst')
                      : t('highlighterDestinationPage')}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {s.chosen && !s.picking && (
            <div class="actions">
              <p class="hint">{t('highlighterDestinationRemembered', [s.site, s.chosen.title])}</p>
              <button
                type="button"
                class="button ghost small danger"
                disabled={s.busy}
                onClick={d.forget}
              >
                {t('highlighterDestinationForget')}
              </button>
            </div>
          )}
          {s.picking && (
            <>
              <FolderPicker
                idPrefix="highlighter"
                folders={props.data.folders}
                recent={props.data.recent.folders}
                value={s.folderId}
                refreshing={props.data.foldersRefreshing}
                onChange={d.setFolder}
                onCreate={props.onCreateFolder}
              />
              <PagePicker
                idPrefix="highlighter"
                folderId={s.folderId}
                recent={props.data.recent.pages}
                value={null}
                operation="append"
                onChange={d.pick}
              />
            </>
          )}
          {s.error && (
            <p class="error" role="alert">
              {t('highlighterDestinationFailed', s.error)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
