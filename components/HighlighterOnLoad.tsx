/**
 * "Show my highlights when this site loads", in the "Where highlights go" popover: the site's
 * optional host access itself (`lib/ui/use-highlighter.ts`). The change handler asks for it
 * straight away, with no await before, so the browser still sees the click as a user gesture.
 */
import { t } from '../lib/ui/i18n';

export function HighlighterOnLoad(props: {
  checked: boolean;
  onChange: (wanted: boolean) => void;
}) {
  return (
    <label class="checkbox highlighter-on-load">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      {t('popupHighlightsOnLoad', 'Show my highlights when this site loads')}
    </label>
  );
}
