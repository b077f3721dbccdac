/** Every word the on-page highlighter shows, in the user's language (the page gets text only). */
import type { HighlighterLabels } from '../messaging/highlighter';
import { t } from './i18n';

export function highlighterLabels(): HighlighterLabels {
  return {
    palette: t('highlighterPalette', 'Pageclip highlight'),
    colors: {
      yellow: t('highlightYellow', 'Yellow'),
      green: t('highlightGreen', 'Green'),
      blue: t('highlightBlue', 'Blue'),
      pink: t('highlightPink', 'Pink'),
      purple: t('highlightPurple', 'Purple'),
    },
    note: t('highlighterNote', 'Note'),
    saveNote: t('highlighterSaveNote', 'Save note'),
    remove: t('highlighterRemove', 'Remove'),
    close: t('highlighterClose', 'Close the highlighter'),
    orphans: t('highlighterOrphans', 'Not found on this page'),
    orphansHint: t(
      'highlighterOrphansHint',
      'The page changed; these highlights are kept in your notes.',
    ),
    previous: t('highlighterPrevious', 'Previous highlight'),
    next: t('highlighterNext', 'Next highlight'),
    position: t('highlighterPosition', 'Highlight {n} of {total}'),
    unreachable: t(
      'highlighterUnreachable',
      'Pageclip cannot be reached: reload the page to highlight again.',
    ),
  };
}
