/**
 * The many-tabs panel's rules, pure: which tabs a click means, which sites to ask access to,
 * and what to say about a job's progress and result (docs/architecture.md, "Many tabs at once").
 */
import type { ManyTabsJob, TabReason } from '../messaging/many-tabs';
import { MAX_TABS } from '../messaging/many-tabs-limit';
import { t } from './i18n';

/** A tab as the popup sees it (title and address need the `tabs` permission). */
export interface WindowTab {
  id?: number;
  title?: string;
  url?: string;
  highlighted: boolean;
}

export type TabScope = 'selected' | 'window';

/**
 * The tabs a click means: the highlighted ones, or every tab of the window, in window order,
 * without Pageclip's own pages (the popup opened as a tab is one) and at most `MAX_TABS`.
 */
export function tabsInScope(tabs: readonly WindowTab[], scope: TabScope, ownBase: string) {
  return tabs
    .filter((tab) => tab.id !== undefined && !(tab.url ?? '').startsWith(ownBase))
    .filter((tab) => scope === 'window' || tab.highlighted)
    .slice(0, MAX_TABS);
}

/** The scope the entry offers: the selection when several tabs are selected, else the window. */
export function offeredScope(tabs: readonly WindowTab[], ownBase: string): TabScope | null {
  if (tabsInScope(tabs, 'selected', ownBase).length >= 2) return 'selected';
  return tabsInScope(tabs, 'window', ownBase).length >= 2 ? 'window' : null;
}

/**
 * The site patterns to ask for, one per host (`https://host/*`; the browser ignores ports).
 * Only sites the manifest allows asking for: any https site and the local machine. Other
 * tabs (plain-http sites, browser pages) are saved as bookmarks.
 */
export function sitePatterns(urls: readonly string[]): string[] {
  const patterns = new Set<string>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    if (url.protocol === 'https:' || (url.protocol === 'http:' && local))
      patterns.add(`${url.protocol}//${url.hostname}/*`);
  }
  return [...patterns];
}

/** `https://example.com/*` → `example.com`, for saying which sites are asked for. */
export function siteName(pattern: string): string {
  return pattern.replace(/^https?:\/\//, '').replace(/\/\*$/, '');
}

export function jobProgress(job: ManyTabsJob): { done: number; total: number } {
  return {
    done: job.items.filter((item) => item.outcome !== 'pending').length,
    total: job.items.length,
  };
}

/** Why a tab became a bookmark or was not clipped, in the UI's words. */
export function reasonText(reason: TabReason): string {
  switch (reason) {
    case 'not-web':
      return t('manyTabsReasonNotWeb');
    case 'no-access':
      return t('manyTabsReasonNoAccess');
    case 'unreadable':
      return t('manyTabsReasonUnreadable');
    case 'timeout':
      return t('manyTabsReasonTimeout');
    case 'closed':
      return t('manyTabsReasonClosed');
    case 'not-saved':
      return t('manyTabsReasonNotSaved');
  }
}

export interface TabLine {
  title: string;
  why: string;
}

/** What a job says: progress while it runs, then what went where and which tabs need a look. */
export function jobView(job: ManyTabsJob) {
  const { done, total } = jobProgress(job);
  const line = (item: ManyTabsJob['items'][number]): TabLine => ({
    title: item.title || item.url || `#${item.tabId}`,
    why: item.reason ? reasonText(item.reason) : '',
  });
  const clipped = job.items.filter((item) => item.outcome === 'clipped').length;
  const bookmarks = job.items.filter((item) => item.outcome === 'bookmark').map(line);
  const failed = job.items.filter((item) => item.outcome === 'failed').map(line);
  const folder = job.folderName;
  let headline: string;
  if (job.status === 'running') headline = t('manyTabsProgress', [done, total]);
  else if (job.layout === 'links')
    headline =
      clipped > 0 ? t('manyTabsDoneLinks', [clipped, folder]) : t('manyTabsDoneNone', folder);
  else
    headline =
      clipped + bookmarks.length > 0
        ? t('manyTabsDonePages', [clipped + bookmarks.length, folder])
        : t('manyTabsDoneNone', folder);
  return { running: job.status === 'running', done, total, headline, bookmarks, failed };
}
