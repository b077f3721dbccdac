import { describe, expect, it } from 'vitest';
import { medianRows, type BrowserRow } from '../../scripts/bench/browser-report';

const row = (id: string, ours: number, extra: Partial<BrowserRow> = {}): BrowserRow => ({
  set: 'readability',
  id,
  captureChars: 1000,
  ours,
  tab: ours / 2,
  clone: ours - 1,
  inPlace: ours - 2,
  warm: NaN,
  ...extra,
});

// `bench:extract:browser --rounds N`: the figures it reports are each page's median over the
// rounds, so one slow round cannot make a page look slow.
describe('the browser benchmark over several rounds', () => {
  it("takes each page's median of each time, and leaves out a page missing from a round", () => {
    const rows = medianRows([
      [row('a', 10), row('b', 100), row('gone', 5)],
      [row('a', 30), row('b', 40)],
      [row('b', 50), row('a', 20, { clone: 1 })],
    ]);
    expect(rows.map((r) => r.id).sort()).toEqual(['a', 'b']);
    const a = rows.find((r) => r.id === 'a')!;
    expect(a).toMatchObject({ ours: 20, tab: 10, clone: 9, inPlace: 18, captureChars: 1000 });
    expect(rows.find((r) => r.id === 'b')!.ours).toBe(50);
  });

  it('takes the mean of the middle two over an even number of rounds', () => {
    const [a] = medianRows([[row('a', 10)], [row('a', 31)]]);
    expect(a!.ours).toBe(20.5);
  });
});
