/**
 * `npm run test:chaos [-- --writes 240 --seed N]`: the outbox's chaos run against the built
 * extension in real Chromium (see test/chaos/chaos-run.ts). Prints the faults injected and
 * ends with `chaos: N writes, F faults, L lost, D duplicated`; exits non-zero when anything was
 * lost, duplicated or delivered out of order.
 */
import { parseArgs } from 'node:util';
import { chaosLastLine, runChaos } from '../test/chaos/chaos-run';

const { values } = parseArgs({
  options: {
    writes: { type: 'string', default: '240' },
    seed: { type: 'string' },
  },
});
const writes = Number(values.writes);
if (!Number.isInteger(writes) || writes < 1) {
  console.error(`--writes must be a positive integer, not ${values.writes}`);
  process.exit(2);
}
const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed);

try {
  const report = await runChaos({ writes, seed, log: (line) => console.log(line) });
  if (report.outOfOrder > 0) console.log(`chaos: ${report.outOfOrder} appends out of order`);
  console.log(chaosLastLine(report));
  process.exit(report.lost === 0 && report.duplicated === 0 && report.outOfOrder === 0 ? 0 : 1);
} catch (err) {
  console.error('chaos: the run itself failed:', err);
  console.log(`chaos: ${writes} writes, 0 faults, ${writes} lost, 0 duplicated`);
  process.exit(1);
}
