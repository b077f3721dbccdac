/**
 * The many-tabs job as data: made at the click, each tab's outcome recorded as it is known,
 * kept in `storage.session` so a popup opened later (or a restarted worker) finds it. Updates
 * go through one promise chain, so tabs finishing together never lose each other's outcome.
 */
import type {
  ManyTabsItem,
  ManyTabsJob,
  ManyTabsRequest,
  TabOutcome,
  TabReason,
} from '../messaging/many-tabs';
import { manyTabsJobItem, readItem } from '../settings';
import type { BackgroundContext } from './context';

export interface TabFacts {
  tabId: number;
  title: string;
  url: string;
}

/** A new job: one item per tab (duplicates dropped), each with the clipId its page will carry. */
export function newJob(
  ctx: BackgroundContext,
  request: ManyTabsRequest,
  tabs: (TabFacts | null)[],
): ManyTabsJob {
  const seen = new Set<number>();
  const items: ManyTabsItem[] = [];
  request.tabIds.forEach((tabId, i) => {
    if (seen.has(tabId)) return;
    seen.add(tabId);
    const tab = tabs[i];
    items.push(
      tab
        ? { ...tab, clipId: ctx.randomId(), outcome: 'pending' }
        : {
            tabId,
            title: '',
            url: '',
            clipId: ctx.randomId(),
            outcome: 'failed',
            reason: 'closed',
          },
    );
  });
  return {
    id: ctx.randomId(),
    layout: request.layout,
    parentId: request.parentId,
    folderName: request.folderName,
    ...(request.note ? { note: request.note } : {}),
    ...(request.release ? { release: request.release } : {}),
    ...(request.layout === 'links' ? { linksClipId: ctx.randomId() } : {}),
    status: 'running',
    startedAt: ctx.now(),
    items,
  };
}

export interface Outcome {
  outcome: Exclude<TabOutcome, 'pending'>;
  reason?: TabReason;
  detail?: string;
}

let chain: Promise<unknown> = Promise.resolve();

/** Change the stored job (if it is still `jobId`) and tell open pages. */
export function updateJob(
  ctx: BackgroundContext,
  jobId: string,
  change: (job: ManyTabsJob) => ManyTabsJob,
): Promise<ManyTabsJob | null> {
  const next = chain.then(async () => {
    const job = await readItem(manyTabsJobItem);
    if (!job || job.id !== jobId) return null;
    const updated = change(job);
    await saveJob(ctx, updated);
    return updated;
  });
  chain = next.catch(() => undefined);
  return next;
}

export async function saveJob(ctx: BackgroundContext, job: ManyTabsJob | null): Promise<void> {
  await manyTabsJobItem.setValue(job);
  ctx.broadcast({ type: 'many-tabs-changed', job });
}

export function withOutcome(job: ManyTabsJob, clipId: string, outcome: Outcome): ManyTabsJob {
  return {
    ...job,
    items: job.items.map((item) => {
      if (item.clipId !== clipId) return item;
      const { reason: _reason, detail: _detail, ...rest } = item;
      return {
        ...rest,
        outcome: outcome.outcome,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        ...(outcome.detail ? { detail: outcome.detail.slice(0, 2_000) } : {}),
      };
    }),
  };
}
