/**
 * Sums V8 CPU profiles (`Profiler.stop`'s answer over CDP) across pages: the time spent inside
 * each pipeline step of `extract` (inclusive, from the sampled stacks) and the functions that
 * cost the most themselves. For `bench:extract:browser --profile`.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The pipeline's steps, by the function that runs each (lib/extract/index.ts). */
const STEPS = [
  'snapshotDocument',
  'prepare',
  'readMetadata',
  'isProbablyReaderable',
  'readArticle',
  'applyFootnotes',
  'removeBoilerplate',
  'removeClutter',
  'absolutizeUrls',
  'classifyTables',
  'toMarkdown',
  'tidyMarkdown',
  'buildFrontmatter',
];

export class ProfileTally {
  private readonly steps = new Map<string, number>();
  private readonly self = new Map<string, number>();
  private total = 0;
  private profiles = 0;

  add(profile: CpuProfile): void {
    this.profiles += 1;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      // A sample's delta is the time since the previous one: charge it to this sample.
      const ms = (deltas[i] ?? 0) / 1000;
      const leaf = byId.get(samples[i]!);
      if (!leaf) continue;
      const name = leaf.callFrame.functionName || '(anonymous)';
      if (name === '(idle)' || name === '(program)' || name === '(root)') continue;
      this.total += ms;
      const key = `${name} :${leaf.callFrame.lineNumber + 1}${this.caller(leaf, byId, parent)}`;
      this.self.set(key, (this.self.get(key) ?? 0) + ms);
      const seen = new Set<string>();
      for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
        // esbuild renames a function whose name another module also uses (`prepare2`).
        const fn = byId.get(id)!.callFrame.functionName.replace(/\d+$/, '');
        if (STEPS.includes(fn) && !seen.has(fn)) {
          seen.add(fn);
          this.steps.set(fn, (this.steps.get(fn) ?? 0) + ms);
        }
      }
    }
  }

  /**
   * For native code (a regular expression, a DOM method, the collector), the nearest caller of
   * ours in the bundle: "RegExp: \\s+" alone does not say which of a dozen patterns is slow.
   */
  private caller(
    leaf: ProfileNode,
    byId: Map<number, ProfileNode>,
    parent: Map<number, number>,
  ): string {
    if (leaf.callFrame.lineNumber >= 0) return '';
    for (let id = parent.get(leaf.id); id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!.callFrame;
      if (frame.lineNumber >= 0 && frame.functionName)
        return ` ← ${frame.functionName} :${frame.lineNumber + 1}`;
    }
    return '';
  }

  report(): string {
    const pct = (v: number) => `${((100 * v) / (this.total || 1)).toFixed(1)}%`;
    const lines = [
      `### where ours spends its time (${this.profiles} pages sampled, ${this.total.toFixed(0)} ms busy)`,
      '',
      '| step (inclusive; steps nest) | ms | share |',
      '| --- | --: | --: |',
      ...STEPS.map((s) => [s, this.steps.get(s) ?? 0] as const)
        .sort((a, b) => b[1] - a[1])
        .map(([s, v]) => `| ${s} | ${v.toFixed(0)} | ${pct(v)} |`),
      '',
      '| function (self time; line in the bundle) | ms | share |',
      '| --- | --: | --: |',
      ...[...this.self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([k, v]) => `| ${k} | ${v.toFixed(0)} | ${pct(v)} |`),
    ];
    return lines.join('\n');
  }
}
