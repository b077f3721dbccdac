/**
 * The popup's split Highlight control, in the tab row (a page action that takes no room from
 * the form): "Highlight" with its "Where highlights go" popover beside it. The site's "show
 * highlights on load" switch lives in that popover, so the tab row holds only the tabs and this
 * control in every language.
 */
import type { Folder } from '../lib/messaging/library';
import type { ResponseOf } from '../lib/messaging/requests';
import { rememberedPage, useHighlightDestination } from '../lib/ui/highlight-destination';
import { t } from '../lib/ui/i18n';
import { useHighlighter } from '../lib/ui/use-highlighter';
import type { PopupData } from '../lib/ui/use-popup-data';
import { destinationSummary, HighlighterDestination } from './HighlighterDestination';

export function HighlighterControls(props: {
  extraction: Promise<ResponseOf<'tab.extract'>>;
  close: () => void;
  data: PopupData;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
}) {
  const h = useHighlighter(props.extraction, props.close);
  const destination = useHighlightDestination(props.extraction);
  if (!h.available) return null;
  return (
    <div class="highlighter-controls">
      <div class="split-button">
        <button
          type="button"
          class="button ghost small"
          title={rememberedPage(destination.state) ? destinationSummary(destination) : undefined}
          onClick={() => void h.start()}
        >
          {t('popupHighlight', 'Highlight on this page')}
        </button>
        <HighlighterDestination
          destination={destination}
          data={props.data}
          onCreateFolder={props.onCreateFolder}
          onLoad={h.onLoad}
          changeOnLoad={(wanted) => void h.changeOnLoad(wanted)}
        />
      </div>
    </div>
  );
}
