import { detectSets, loadSet, type SetName, type SetSource } from './corpus.ts';
import { loadOurs } from './ours.ts';
import { runPage, type PageResult } from './run-page.ts';

/**
 * The page loop of one worker thread (scripts/bench/worker.ts): every shard enumerates the
 * same pages in the same order and runs those whose ordinal modulo `count` is its `index`.
 * Each page is timed inside one thread, ours beside the baseline, so the time ratio stays
 * fair however many shards run.
 */

export interface ShardPlan {
  corpus: string;
  set?: SetName;
  limit: number;
  page?: string;
  standIn: boolean;
  /** Ours works in the page's own DOM (jsdom) rather than linkedom. */
  pageDom: boolean;
  index: number;
  count: number;
  /** Skip ordinals up to this one: a replacement worker resumes after a page that hung. */
  after?: number;
}

export type ShardMessage =
  | { type: 'start'; ordinal: number; page: string }
  | { type: 'result'; ordinal: number; result: PageResult }
  | { type: 'failure'; ordinal: number; message: string }
  | { type: 'recycle'; after: number };

/**
 * Pages one worker runs before it is replaced by a fresh one: jsdom documents are not all
 * released (a whole-corpus run once grew a worker past its heap limit), so memory is bounded
 * by recycling instead of trusting every page to clean up.
 */
const PAGES_PER_WORKER = 60;

export function selectedSources(plan: Pick<ShardPlan, 'corpus' | 'set'>): SetSource[] {
  return detectSets(plan.corpus).filter((source) => !plan.set || source.set === plan.set);
}

export async function runShard(
  plan: ShardPlan,
  emit: (message: ShardMessage) => void,
  recycle = false,
): Promise<void> {
  const ours = await loadOurs(plan.standIn, plan.pageDom);
  let ordinal = 0;
  let done = 0;
  for (const source of selectedSources(plan)) {
    let taken = 0;
    for (const ref of loadSet(source)) {
      if (plan.page && !ref.id.includes(plan.page)) continue;
      if (taken++ >= plan.limit) break;
      const current = ordinal++;
      if (current % plan.count !== plan.index || current <= (plan.after ?? -1)) continue;
      if (recycle && done++ >= PAGES_PER_WORKER) {
        emit({ type: 'recycle', after: current - 1 });
        return;
      }
      emit({ type: 'start', ordinal: current, page: `${ref.set}/${ref.id}` });
      try {
        // Alternate which extractor runs first, page by page.
        const result = runPage(ref.load(), ours.extract, current % 2 === 0);
        emit({ type: 'result', ordinal: current, result });
      } catch (error) {
        // Reading, parsing or scoring broke, not an extractor: report it and go on.
        emit({
          type: 'failure',
          ordinal: current,
          message: `${ref.set}/${ref.id}: ${(error as Error).message}`,
        });
      }
    }
  }
}

/** How many pages a run will do, for progress reporting. */
export function plannedPages(plan: Pick<ShardPlan, 'corpus' | 'set' | 'limit' | 'page'>): number {
  let total = 0;
  for (const source of selectedSources(plan)) {
    let taken = 0;
    for (const ref of loadSet(source)) {
      if (plan.page && !ref.id.includes(plan.page)) continue;
      if (taken++ >= plan.limit) break;
      total++;
    }
  }
  return total;
}
