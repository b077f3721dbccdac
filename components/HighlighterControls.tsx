/** The popup's "Highlight" button and the site's "show highlights on load" switch. */
import type { ResponseOf } from '../lib/messaging/requests';
import { t } from '../lib/ui/i18n';
import { useHighlighter } from '../lib/ui/use-highlighter';

export function HighlighterControls(props: {
  extraction: Promise<ResponseOf<'tab.extract'>>;
  close: () => void;
}) {
  const h = useHighlighter(props.extraction, props.close);
  if (!h.available) return null;
  return (
    <div class="highlighter-controls">
      <button type="button" class="button ghost small" onClick={() => void h.start()}>
        {t('popupHighlight', 'Highlight on this page')}
      </button>
      {h.onLoad !== null && (
        <label class="checkbox">
          <input
            type="checkbox"
            checked={h.onLoad}
            onChange={(e) => void h.changeOnLoad(e.currentTarget.checked)}
          />
          {t('popupHighlightsOnLoad', 'Show my highlights when this site loads')}
        </label>
      )}
    </div>
  );
}
