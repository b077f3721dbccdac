/**
 * Clipping many tabs at once (docs/architecture.md, "Many tabs at once"). The popup names the
 * tabs and asked for the `tabs` permission and the tabs' sites at the click; here each tab is
 * read with the same injected extractor as a single clip, a few at a time and each within a
 * time limit, and handed to the outbox as its own page, or all of them as links on one page.
 * A tab that cannot be read becomes a bookmark (title and address). The job is stored, so the
 * popup can close meanwhile and a restarted worker carries on with the tabs not yet done,
 * under the clipIds minted at the click (the outbox takes each clipId once).
 */
import { browser } from 'wxt/browser';
import { localDateTime, tabBookmarkMarkdown, tabListMarkdown } from '../clip-markdown';
import type { ManyTabsItem, ManyTabsJob, ManyTabsRequest } from '../messaging/many-tabs';
import { manyTabsJobItem, markClippedItem, readItem } from '../settings';
import { forEachBounded, TimeLimitError, withTimeLimit } from './bounded';
import { submitClip } from './clips';
import type { BackgroundContext } from './context';
import { extractTab } from './extraction';
import { t } from './i18n';
import {
  newJob,
  type Outcome,
  saveJob,
  type TabFacts,
  updateJob,
  withOutcome,
} from './many-tabs-job';
import { pageTitle } from './menus';
import { originPatternOf } from './permissions';
import { problem } from './problems';
import { ProblemError } from './router';

/** Tabs read at once: enough to overlap slow pages, few enough to leave the browser responsive. */
export const TAB_CONCURRENCY = 3;
/** A tab whose page has not answered by then becomes a bookmark. */
export const TAB_TIME_LIMIT_MS = 20_000;

let running: Promise<void> | null = null;
// Set in the same turn as the check, before the job is read and stored: two clicks arriving
// together cannot both pass the check while the first is still awaiting.
let starting = false;

export async function startManyTabs(
  ctx: BackgroundContext,
  request: ManyTabsRequest,
): Promise<{ job: ManyTabsJob }> {
  if (running || starting) {
    throw new ProblemError(
      problem(
        'other',
        t('manyTabsBusy', 'Pageclip is still clipping the tabs of your last click.'),
      ),
    );
  }
  starting = true;
  try {
    const tabs = await Promise.all(request.tabIds.map(tabFacts));
    const job = newJob(ctx, request, tabs);
    await saveJob(ctx, job);
    run(ctx);
    return { job };
  } finally {
    starting = false;
  }
}

/** At start-up: a job the previous worker left running carries on with its remaining tabs. */
export async function resumeManyTabs(ctx: BackgroundContext): Promise<void> {
  if (running || starting) return;
  const job = await readItem(manyTabsJobItem);
  if (job?.status === 'running' && !running && !starting) run(ctx);
}

/** Settles when no job runs (for tests and for a caller that must wait). */
export function manyTabsIdle(): Promise<void> {
  return running ?? Promise.resolve();
}

function run(ctx: BackgroundContext): void {
  running = runJob(ctx)
    .catch((error: unknown) => console.error('pageclip: clipping tabs failed', error))
    .finally(() => {
      running = null;
    });
}

async function runJob(ctx: BackgroundContext): Promise<void> {
  const job = await readItem(manyTabsJobItem);
  if (!job || job.status !== 'running') return;
  if (job.layout === 'links') await clipAsLinks(ctx, job);
  else {
    const pending = job.items.filter((item) => item.outcome === 'pending');
    await forEachBounded(pending, TAB_CONCURRENCY, async (item) => {
      const outcome = await clipTab(ctx, job, item).catch((error: unknown): Outcome => ({
        outcome: 'failed',
        reason: 'not-saved',
        detail: messageOf(error),
      }));
      await updateJob(ctx, job.id, (j) => withOutcome(j, item.clipId, outcome));
    });
  }
  await updateJob(ctx, job.id, (j) => ({ ...j, status: 'finished' }));
  if (job.release) await releasePermissions(job.release);
}

async function releasePermissions(release: NonNullable<ManyTabsJob['release']>): Promise<void> {
  // Decided now, not at the click: "Mark pages I have clipped" is the `tabs` permission, and
  // the user may have switched it on while the job ran (or after the popup read it).
  const permissions = (await readItem(markClippedItem)) ? [] : release.permissions;
  if (permissions.length === 0 && release.origins.length === 0) return;
  // A permission the manifest requires (the e2e build's `tabs`) cannot be removed: nothing to give back.
  await browser.permissions
    .remove({ permissions, origins: release.origins })
    .catch(() => undefined);
}

async function tabFacts(tabId: number): Promise<TabFacts | null> {
  try {
    const tab = await browser.tabs.get(tabId);
    const url = tab.url ?? tab.pendingUrl ?? '';
    return { tabId, url: url.slice(0, 10_000), title: pageTitle(tab.title ?? '', url) };
  } catch {
    return null;
  }
}

const isWebPage = (url: string) => /^https?:\/\//i.test(url);
const isPdf = (url: string) => {
  try {
    return /\.pdf$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
};

async function hasSiteAccess(url: string): Promise<boolean> {
  const pattern = originPatternOf(url);
  if (!pattern) return false;
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}

type Reading =
  | { ok: true; title: string; markdown: string }
  | { ok: false; bookmark: Outcome & { outcome: 'bookmark' } };

/** The tab's article through the injected extractor, or why it is saved as a bookmark. */
async function readTab(tabId: number, url: string, now: Date): Promise<Reading> {
  if (!isWebPage(url)) return { ok: false, bookmark: { outcome: 'bookmark', reason: 'not-web' } };
  // The browser's PDF viewer is closed to extensions; its address is the document's.
  if (isPdf(url)) return { ok: false, bookmark: { outcome: 'bookmark', reason: 'unreadable' } };
  if (!(await hasSiteAccess(url)))
    return { ok: false, bookmark: { outcome: 'bookmark', reason: 'no-access' } };
  try {
    const extraction = await withTimeLimit(
      extractTab({ tabId, mode: 'article', now }),
      TAB_TIME_LIMIT_MS,
    );
    if (extraction.ok) {
      const { result } = extraction;
      return { ok: true, title: pageTitle(result.title ?? '', url), markdown: result.markdown };
    }
    const detail = extraction.problem.message;
    return { ok: false, bookmark: { outcome: 'bookmark', reason: 'unreadable', detail } };
  } catch (error) {
    return {
      ok: false,
      bookmark:
        error instanceof TimeLimitError
          ? { outcome: 'bookmark', reason: 'timeout' }
          : { outcome: 'bookmark', reason: 'unreadable', detail: messageOf(error) },
    };
  }
}

async function clipTab(
  ctx: BackgroundContext,
  job: ManyTabsJob,
  item: ManyTabsItem,
): Promise<Outcome> {
  const now = new Date(ctx.now());
  const current = await tabFacts(item.tabId);
  if (!current) return { outcome: 'failed', reason: 'closed' };
  const reading = await readTab(item.tabId, current.url, now);
  if (reading.ok) {
    await submit(ctx, job, item, reading.title, reading.markdown);
    return { outcome: 'clipped' };
  }
  await submit(ctx, job, item, current.title, tabBookmarkMarkdown(current, now));
  return reading.bookmark;
}

async function clipAsLinks(ctx: BackgroundContext, job: ManyTabsJob): Promise<void> {
  const listed = job.items.filter((item) => item.outcome === 'pending');
  const now = new Date(ctx.now());
  let outcome: Outcome = { outcome: 'clipped' };
  try {
    if (listed.length > 0 && job.linksClipId) {
      const title = t('manyTabsListTitle', 'Tabs, $1', [localDateTime(now)]);
      await submitClip(ctx, {
        write: {
          kind: 'create-page',
          clipId: job.linksClipId,
          title,
          markdown: tabListMarkdown(listed, now),
          parentId: job.parentId,
        },
        label: title,
        folderName: job.folderName,
        note: job.note,
      });
    }
  } catch (error) {
    outcome = { outcome: 'failed', reason: 'not-saved', detail: messageOf(error) };
  }
  await updateJob(ctx, job.id, (j) =>
    listed.reduce((acc, item) => withOutcome(acc, item.clipId, outcome), j),
  );
}

async function submit(
  ctx: BackgroundContext,
  job: ManyTabsJob,
  item: ManyTabsItem,
  title: string,
  markdown: string,
): Promise<void> {
  await submitClip(ctx, {
    write: { kind: 'create-page', clipId: item.clipId, title, markdown, parentId: job.parentId },
    label: title,
    folderName: job.folderName,
    note: job.note,
  });
}

/** The job for a popup that opens: the one running or last finished. */
export async function manyTabsStatus(): Promise<{ job: ManyTabsJob | null }> {
  return { job: await readItem(manyTabsJobItem) };
}

/** Forget a finished job once its result was read; a running one stays. */
export async function dismissManyTabs(
  ctx: BackgroundContext,
): Promise<{ job: ManyTabsJob | null }> {
  const job = await readItem(manyTabsJobItem);
  if (job?.status === 'finished') {
    await saveJob(ctx, null);
    return { job: null };
  }
  return { job };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
