import { t } from '../lib/ui/i18n';
import { useMarkClipped } from '../lib/ui/mark-clipped';
import { PermissionToggleCard } from './PermissionToggleCard';

/** The options page's "Mark pages I have clipped" toggle (the optional `tabs` permission). */
export function MarkClippedCard() {
  return (
    <PermissionToggleCard
      id="mark-clipped"
      toggle={useMarkClipped()}
      label={t('markClipped')}
      hint={t('markClippedHint')}
    />
  );
}
