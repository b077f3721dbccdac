import { detectSets, loadSet, type SetName, type SetSource } from './corpus.ts';
import { loadOurs } from './ours.ts';
import { runPage, type PageResult } from './run-page.ts';

/**
 * The page loop, shared by the main thread (`--jobs 1`) and worker threads: every shard
 * enumerates the same pages in the same order and runs those whose ordinal modulo `count` is
 * its `index`. Each page is timed inside one thread, ours beside the baseline, so the time
 * ratio stays fair however many shards run.
 */

export interface ShardPlan {
  corpus: string;
  set?: SetName;
  limit: number;
  page?: string;
  standIn: boolean;
  index: number;
  count: number;
}

export type ShardMessage =
  | { type: 'result'; ordinal: number; result: PageResult }
  | { type: 'failure'; ordinal: number; message: string };

export function selectedSources(plan: Pick<ShardPlan, 'corpus' | 'set'>): SetSource[] {
  return detectSets(plan.corpus).filter((source) => !plan.set || source.set === plan.set);
}

export async function runShard(
  plan: ShardPlan,
  emit: (message: ShardMessage) => void,
): Promise<void> {
  const ours = await loadOurs(plan.standIn);
  let ordinal = 0;
  for (const source of selectedSources(plan)) {
    let taken = 0;
    for (const ref of loadSet(source)) {
      if (plan.page && !ref.id.includes(plan.page)) continue;
      if (taken++ >= plan.limit) break;
      const mine = ordinal++ % plan.count === plan.index;
      if (!mine) continue;
      try {
        // Alternate which extractor runs first, page by page.
        emit({
          type: 'result',
          ordinal: ordinal - 1,
          result: runPage(ref.load(), ours.extract, ordinal % 2 === 0),
        });
      } catch (error) {
        // Reading, parsing or scoring broke, not an extractor: report it and go on.
        emit({
          type: 'failure',
          ordinal: ordinal - 1,
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
