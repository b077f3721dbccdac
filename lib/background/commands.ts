/**
 * Keyboard commands declared in the manifest (`_execute_action` opens the popup by itself):
 * quick-clip to the last destination, and append the selection to the last page.
 */
import { appendedSection } from '../clip-markdown';
import { creditTitle } from '../clip-markdown/credit-title';
import type { Problem } from '../messaging/problem';
import type { OutboxEntryView } from '../outbox/entry';
import { clipDefaultsItem, readItem } from '../settings';
import { submitClip } from './clips';
import type { BackgroundContext } from './context';
import { describeDestination, showConfirmation } from './append-confirmation';
import { activeTabId, extractTab } from './extraction';
import { appendHighlight } from './highlights';
import { highlighterCommand } from './highlighter-command';
import { t } from './i18n';
import { getRecents, lastPage } from './recents';
import { pageTitle, selectedText } from './menus';
import { problem } from './problems';

export const COMMAND = {
  quickClip: 'quick-clip',
  appendSelection: 'append-selection',
  highlighter: 'highlighter',
} as const;

/** What a shortcut did: queued a write, failed before reaching the outbox, or was not ours. */
export type CommandOutcome =
  | { kind: 'queued'; entry: OutboxEntryView }
  | { kind: 'started' }
  | { kind: 'failed'; problem: Problem }
  | { kind: 'ignored' };

export async function onCommand(
  ctx: BackgroundContext,
  command: string,
  tabId?: number,
): Promise<CommandOutcome> {
  const tab = tabId ?? (await activeTabId()) ?? undefined;
  if (command === COMMAND.quickClip) return quickClip(ctx, tab);
  if (command === COMMAND.highlighter) return highlighterCommand(ctx, tab);
  if (command === COMMAND.appendSelection) {
    const extraction = await extractTab({
      tabId: tab,
      mode: 'selection',
      now: new Date(ctx.now()),
    });
    if (!extraction.ok) return { kind: 'failed', problem: extraction.problem };
    const quote = extraction.selectionText || (await selectedText(ctx, tab));
    if (!quote)
      return {
        kind: 'failed',
        problem: problem(
          'other',
          t('modeSelectionUnavailable', 'Select text on the page to clip only the selection.'),
        ),
      };
    const { result } = extraction;
    const page = await lastPage();
    const entry = await appendHighlight(
      ctx,
      {
        clipId: ctx.randomId(),
        quote,
        sourceTitle:
          creditTitle({ tabTitle: result.title, siteName: result.siteName, url: result.url }) ||
          result.url,
        sourceUrl: result.url,
      },
      page,
    );
    await confirm(ctx, extraction.tabId, entry, { page: entry.label, parentId: page?.parentId });
    return { kind: 'queued', entry };
  }
  return { kind: 'ignored' };
}

async function quickClip(
  ctx: BackgroundContext,
  tabId: number | undefined,
): Promise<CommandOutcome> {
  const clipId = ctx.randomId();
  const { lastDestination } = await getRecents();
  const defaults = await readItem(clipDefaultsItem);
  const extraction = await extractTab({
    tabId,
    mode: defaults.mode === 'selection' ? 'article' : defaults.mode,
    now: new Date(ctx.now()),
  });
  if (!extraction.ok) return { kind: 'failed', problem: extraction.problem };
  const { result } = extraction;
  if (lastDestination?.kind === 'page') {
    const entry = await submitClip(ctx, {
      write: {
        kind: 'add-to-page',
        clipId,
        pageId: lastDestination.pageId,
        operation: lastDestination.operation,
        content: appendedSection({
          title: pageTitle(result.title, result.url),
          url: result.url,
          body: result.body,
          date: new Date(ctx.now()),
        }),
      },
      label: lastDestination.title,
    });
    await confirm(ctx, extraction.tabId, entry, { page: lastDestination.title });
    return { kind: 'queued', entry };
  }
  const folderId = lastDestination?.kind === 'folder' ? lastDestination.folderId : null;
  const folderName =
    lastDestination?.kind === 'folder' ? lastDestination.name : t('folderRoot', 'Top level');
  const entry = await submitClip(ctx, {
    write: {
      kind: 'create-page',
      clipId,
      title: pageTitle(result.title, result.url),
      markdown: result.markdown,
      parentId: folderId,
    },
    label: folderName,
    folderName,
  });
  await confirm(ctx, extraction.tabId, entry, {
    page: pageTitle(result.title, result.url),
    folderName,
  });
  return { kind: 'queued', entry };
}

/** The on-page confirmation with Undo, as after a context-menu append. */
async function confirm(
  ctx: BackgroundContext,
  tabId: number,
  entry: OutboxEntryView,
  place: Parameters<typeof describeDestination>[1],
): Promise<void> {
  const destination = await describeDestination(ctx, place);
  await showConfirmation(ctx, { tabId, entry, destination });
}
