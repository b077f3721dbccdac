import { parentPort, workerData } from 'node:worker_threads';
import { runShard, type ShardPlan } from './shard.ts';

// Worker-thread entry for `--jobs N`: runs one shard and posts each page's result.
const port = parentPort;
if (!port) throw new Error('scripts/bench/worker.ts must run as a worker thread');
await runShard(workerData as ShardPlan, (message) => port.postMessage(message), true);
