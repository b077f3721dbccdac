/** Latency statistics and the result table of the service benchmark (scripts/bench-service.ts). */

export interface OperationStats {
  name: string;
  latenciesMs: number[];
  errors: number;
  elapsedMs: number;
  /** What the issue asks of this operation, printed beside the figures. */
  target?: { p99Ms?: number; perSecond?: number };
  firstError?: string;
  /** CPU time the service process spent during the phase (user + system), when known. */
  serverCpuMs?: number;
  /** CPU time of the benchmark's own process (the 16 clients) during the phase. */
  clientCpuMs?: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Row {
  operation: string;
  requests: number;
  p50: number;
  p99: number;
  perSecond: number;
  errors: number;
  target: string;
  met: boolean | null;
  /** Service CPU per request: what one request costs regardless of how busy the machine is. */
  serverCpuPerRequestMs: number | null;
}

export function summarise(stats: OperationStats): Row {
  const sorted = [...stats.latenciesMs].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const perSecond = stats.latenciesMs.length / (stats.elapsedMs / 1000);
  const targets: string[] = [];
  let met: boolean | null = null;
  if (stats.target?.p99Ms !== undefined) {
    targets.push(`p99 < ${stats.target.p99Ms} ms`);
    met = p99 < stats.target.p99Ms;
  }
  if (stats.target?.perSecond !== undefined) {
    targets.push(`>= ${stats.target.perSecond}/s`);
    met = (met ?? true) && perSecond >= stats.target.perSecond;
  }
  return {
    operation: stats.name,
    requests: stats.latenciesMs.length,
    p50,
    p99,
    perSecond,
    errors: stats.errors,
    target: targets.join(', ') || '-',
    met: stats.errors > 0 && met !== null ? false : met,
    serverCpuPerRequestMs:
      stats.serverCpuMs === undefined || stats.latenciesMs.length === 0
        ? null
        : stats.serverCpuMs / stats.latenciesMs.length,
  };
}

export function formatTable(rows: Row[]): string {
  const header = [
    'operation',
    'requests',
    'p50 ms',
    'p99 ms',
    'req/s',
    'errors',
    'target',
    'met',
    'service CPU ms/req',
    'est. max/s, 1 idle core',
  ];
  const body = rows.map((r) => [
    r.operation,
    String(r.requests),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    r.perSecond.toFixed(0),
    String(r.errors),
    r.target,
    r.met === null ? '-' : r.met ? 'yes' : 'NO',
    r.serverCpuPerRequestMs === null ? '-' : r.serverCpuPerRequestMs.toFixed(3),
    // The service is one Node thread: one core, fully its own, serves at most this many.
    r.serverCpuPerRequestMs ? (1000 / r.serverCpuPerRequestMs).toFixed(0) : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    '| ' +
    cells
      .map((cell, i) => (i === 0 || i === 6 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join(' | ') +
    ' |';
  const rule = '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|';
  return [line(header), rule, ...body.map(line)].join('\n');
}
