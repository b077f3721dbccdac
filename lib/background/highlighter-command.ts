/** The highlighter's shortcut: mode on in the tab, and a selection already made becomes a highlight. */
import type { CommandOutcome } from './commands';
import type { BackgroundContext } from './context';
import { startHighlighter } from './highlighter';
import { t } from './i18n';
import { problem } from './problems';

export async function highlighterCommand(
  ctx: BackgroundContext,
  tabId: number | undefined,
): Promise<CommandOutcome> {
  if (tabId !== undefined && (await startHighlighter(ctx, tabId, 'on'))) return { kind: 'started' };
  return {
    kind: 'failed',
    problem: problem('other', t('highlighterUnavailable', 'This page cannot be highlighted.')),
  };
}
