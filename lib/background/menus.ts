/**
 * Context menus. On a selection: Append to "<last page>", and Append to… (recent pages and
 * Choose…). On a page: Clip page to "<last folder>". On a link: Clip link. Titles follow the
 * recents; `refreshMenus` rebuilds them (serialized: Chrome rejects a duplicate id).
 */
import { browser } from 'wxt/browser';
import { composeLinkMarkdown } from '../clip-markdown';
import { clipDefaultsItem, readItem } from '../settings';
import { claimClick, type ClickInfo } from './click-dedupe';
import { submitClip } from './clips';
import type { BackgroundContext } from './context';
import { currentInbox } from './inbox';
import { extractTab } from './extraction';
import { appendHighlight, stashHighlight } from './highlights';
import { startHighlighter } from './highlighter';
import { describeDestination, showConfirmation } from './append-confirmation';
import { readSelectionSource } from './selection-source';
import { t } from './i18n';
import { getRecents, lastFolder, lastPage } from './recents';

export const MENU = {
  appendLast: 'append-last',
  appendTo: 'append-to',
  appendRecentPrefix: 'append-recent:',
  appendChoose: 'append-choose',
  clipPageLast: 'clip-page-last',
  clipLink: 'clip-link',
  highlighter: 'highlighter',
} as const;

const RECENT_IN_MENU = 5;
let building: Promise<void> = Promise.resolve();

function create(props: Parameters<typeof browser.contextMenus.create>[0]): Promise<void> {
  return new Promise((resolve) => {
    // The callback form: the only one Chrome and Firefox share for `create`.
    browser.contextMenus.create(props, () => {
      void browser.runtime.lastError;
      resolve();
    });
  });
}

export function refreshMenus(): Promise<void> {
  const run = async () => {
    const [{ pages }, folder, inbox] = await Promise.all([
      getRecents(),
      lastFolder(),
      currentInbox(),
    ]);
    const page = pages[0];
    await browser.contextMenus.removeAll();
    await create({
      id: MENU.appendLast,
      title: page
        ? t('menuAppendToLast', 'Append to "$1"', [page.title])
        : inbox.title === 'Inbox'
          ? t('menuAppendToInbox', 'Append to "Inbox"')
          : t('menuAppendToLast', 'Append to "$1"', [inbox.title]),
      contexts: ['selection'],
    });
    await create({
      id: MENU.appendTo,
      title: t('menuAppendTo', 'Append to…'),
      contexts: ['selection'],
    });
    for (const p of pages.slice(0, RECENT_IN_MENU)) {
      await create({
        id: MENU.appendRecentPrefix + p.id,
        parentId: MENU.appendTo,
        title: p.title,
        contexts: ['selection'],
      });
    }
    await create({
      id: 'append-separator',
      parentId: MENU.appendTo,
      type: 'separator',
      contexts: ['selection'],
    });
    await create({
      id: MENU.appendChoose,
      parentId: MENU.appendTo,
      title: t('menuChoose', 'Choose…'),
      contexts: ['selection'],
    });
    await create({
      id: MENU.clipPageLast,
      title: folder
        ? t('menuClipPageToLast', 'Clip page to "$1"', [folder.name])
        : t('menuClipPage', 'Clip page'),
      contexts: ['page'],
    });
    await create({ id: MENU.clipLink, title: t('menuClipLink', 'Clip link'), contexts: ['link'] });
    await create({
      id: MENU.highlighter,
      title: t('menuHighlight', 'Highlight'),
      contexts: ['selection', 'page'],
    });
  };
  building = building.then(run, run);
  return building;
}

/** The subset of `contextMenus.OnClickData` and `tabs.Tab` we use (what Chrome passes). */
export interface MenuClick extends Omit<ClickInfo, 'tabId'> {
  linkText?: string;
}
export interface MenuTab {
  id?: number;
  title?: string;
  url?: string;
}

export type MenuOutcome = 'written' | 'duplicate' | 'stashed' | 'ignored' | { problem: string };

export interface MenuClickOptions {
  /**
   * `action.openPopup()` already called synchronously in the `onClicked` listener (Firefox
   * opens the popup only inside the user-action handler itself, before any await); resolves
   * to whether it opened. Without it, or when it failed, the picker opens afterwards.
   */
  popupOpened?: Promise<boolean>;
}

/** The "Choose…" click being handled, so `highlight.pending` can wait for its stash. */
let choosing: Promise<unknown> | null = null;

/** Resolves once a "Choose…" click in progress has stored its highlight (at most `maxMs`). */
export function highlightChoiceSettled(maxMs = 3_000): Promise<void> {
  if (!choosing) return Promise.resolve();
  return Promise.race([
    choosing.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((r) => setTimeout(r, maxMs)),
  ]);
}

export function onMenuClicked(
  ctx: BackgroundContext,
  info: MenuClick,
  tab?: MenuTab,
  opts: MenuClickOptions = {},
): Promise<MenuOutcome> {
  const run = handleMenuClick(ctx, info, tab, opts);
  if (String(info.menuItemId) === MENU.appendChoose) {
    const tracked: Promise<unknown> = run.finally(() => {
      if (choosing === tracked) choosing = null;
    });
    choosing = tracked;
  }
  return run;
}

async function handleMenuClick(
  ctx: BackgroundContext,
  info: MenuClick,
  tab: MenuTab | undefined,
  opts: MenuClickOptions,
): Promise<MenuOutcome> {
  const id = String(info.menuItemId);
  if (id === MENU.highlighter)
    return tab?.id !== undefined && (await startHighlighter(ctx, tab.id, 'on'))
      ? 'written'
      : { problem: t('highlighterUnavailable', 'This page cannot be highlighted.') };
  const claim = await claimClick({ ...info, tabId: tab?.id }, ctx.now(), ctx.randomId);
  if (!claim.fresh) return 'duplicate';
  const { clipId } = claim;
  const sourceUrl = info.pageUrl ?? tab?.url ?? '';

  if (
    id === MENU.appendLast ||
    id.startsWith(MENU.appendRecentPrefix) ||
    id === MENU.appendChoose
  ) {
    const source = await readSelectionSource(
      ctx,
      { id: tab?.id, title: tab?.title, url: sourceUrl },
      info.selectionText,
    );
    if (!source.quote) return 'ignored';
    const input = { clipId, sourceUrl, ...source };
    if (id === MENU.appendChoose) {
      await stashHighlight(ctx, input);
      if (!(await opts.popupOpened)) await openPicker();
      return 'stashed';
    }
    const { pages } = await getRecents();
    const page =
      id === MENU.appendLast
        ? await lastPage()
        : pages.find((p) => p.id === id.slice(MENU.appendRecentPrefix.length));
    if (id !== MENU.appendLast && !page)
      return { problem: 'That page is no longer among the recent pages.' };
    const entry = await appendHighlight(ctx, input, page ?? null);
    await showConfirmation(ctx, {
      tabId: tab?.id,
      entry,
      destination: await describeDestination(ctx, { page: entry.label, parentId: page?.parentId }),
    });
    return 'written';
  }
  if (id === MENU.clipPageLast) {
    const folder = await lastFolder();
    const extraction = await extractTab({
      tabId: tab?.id,
      mode: (await readItem(clipDefaultsItem)).mode === 'bookmark' ? 'bookmark' : 'article',
      now: new Date(ctx.now()),
    });
    if (!extraction.ok) return { problem: extraction.problem.message };
    await submitClip(ctx, {
      write: {
        kind: 'create-page',
        clipId,
        title: pageTitle(extraction.result.title, sourceUrl),
        markdown: extraction.result.markdown,
        parentId: folder?.id ?? null,
      },
      label: folder?.name ?? t('folderRoot', 'Top level'),
      folderName: folder?.name ?? t('folderRoot', 'Top level'),
    });
    return 'written';
  }
  if (id === MENU.clipLink && info.linkUrl) {
    const markdown = composeLinkMarkdown(
      info.linkUrl,
      info.linkText ?? '',
      sourceUrl,
      new Date(ctx.now()),
    );
    if (markdown === null) {
      return {
        problem: t(
          'clipLinkUnsafe',
          'Only web, mail, phone and FTP links can be clipped; this link is not one.',
        ),
      };
    }
    const folder = await lastFolder();
    const title = pageTitle(info.linkText ?? '', info.linkUrl);
    await submitClip(ctx, {
      write: {
        kind: 'create-page',
        clipId,
        title,
        markdown,
        parentId: folder?.id ?? null,
      },
      label: folder?.name ?? t('folderRoot', 'Top level'),
      folderName: folder?.name ?? t('folderRoot', 'Top level'),
    });
    return 'written';
  }
  return 'ignored';
}

export function pageTitle(title: string, url: string): string {
  const clean = title.replace(/\s+/g, ' ').trim().slice(0, 500);
  if (clean) return clean;
  try {
    const u = new URL(url);
    return (
      (u.hostname + u.pathname).replace(/\/$/, '').slice(0, 500) || url.slice(0, 500) || 'Untitled'
    );
  } catch {
    return url.slice(0, 500) || 'Untitled';
  }
}

/** The selection with its line breaks (Chrome's `selectionText` collapses them), from the page if we can read it. */
export async function selectedText(
  ctx: BackgroundContext,
  tabId: number | undefined,
  fallback?: string,
): Promise<string> {
  if (tabId !== undefined) {
    const extraction = await extractTab({ tabId, mode: 'selection', now: new Date(ctx.now()) });
    if (extraction.ok && extraction.selectionText) return extraction.selectionText;
  }
  return (fallback ?? '').trim();
}

/** Open the popup for "Choose…"; where `action.openPopup` is unavailable, the popup page in a small window. */
async function openPicker(): Promise<void> {
  try {
    await browser.action.openPopup();
  } catch {
    await browser.windows.create({
      url: browser.runtime.getURL('/popup.html?pick=highlight'),
      type: 'popup',
      width: 420,
      height: 600,
    });
  }
}
