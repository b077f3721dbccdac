import type { OutboxEntryView } from '../outbox/entry';
import { t } from './i18n';

/** "Already in <page>" or "2 new, 3 already there" for a saved append of highlights, else null. */
export function highlightOutcome(entry: Pick<OutboxEntryView, 'result' | 'label'>): string | null {
  const counts = entry.result?.highlights;
  if (!counts) return null;
  if (counts.added === 0) return t('highlightsAlready', entry.label);
  if (counts.already === 0) return null;
  return t('highlightsCounts', [counts.added, counts.already]);
}
