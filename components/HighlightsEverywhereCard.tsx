import { t } from '../lib/ui/i18n';
import { useHighlightsEverywhere } from '../lib/ui/mark-clipped';
import { PermissionToggleCard } from './PermissionToggleCard';

/** The options page's "Show my highlights on every site" toggle (host access to https sites). */
export function HighlightsEverywhereCard() {
  return (
    <PermissionToggleCard
      id="highlights-everywhere"
      toggle={useHighlightsEverywhere()}
      label={t('highlightsEverywhere')}
      hint={t('highlightsEverywhereHint')}
    />
  );
}
