import { describe, expect, it } from 'vitest';
import { chaosLastLine, runChaos } from './chaos-run';

// The short version of `npm run test:chaos` (which runs 240 writes): the same faults, outages,
// worker stops and browser restart, with fewer clips, so `npm test` proves it on every run.
describe('outbox chaos run (built extension in Chromium, service behind the fault proxy)', () => {
  it('delivers 30 clips, appends, notes and updates exactly once through every fault', async () => {
    const lines: string[] = [];
    const report = await runChaos({ writes: 30, seed: 30, log: (l) => lines.push(l) });
    const last = chaosLastLine(report);
    console.log([...lines, last].join('\n'));
    expect(report.faults).toBeGreaterThanOrEqual(20);
    expect(report.leftInOutbox).toBe(0);
    expect(report.outOfOrder).toBe(0);
    expect(last).toBe(`chaos: 30 writes, ${report.faults} faults, 0 lost, 0 duplicated`);
  }, 420_000);
});
