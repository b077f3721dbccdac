/**
 * Service benchmark: the real service as a child process on loopback, a seeded
 * database, then concurrent keep-alive clients measuring each operation in turn.
 *
 *   npm run bench:service [-- --pages 10000 --clients 16 --seconds 10 --client fetch|http]
 *   npm run bench:service -- --worst-inputs
 *
 * `--worst-inputs` instead times, one request each, the inputs that once made the service's
 * markdown parsing quadratic, at the 5 MiB limit (scripts/bench/worst-inputs.ts).
 *
 * 1. Start `server/cli.ts serve --port 0 --quiet` on a temp data dir (test/helpers/service.ts).
 *    Clients use node:http keep-alive connections by default; `--client fetch` uses fetch
 *    (undici) instead. The load generator shares the 2 cores with the service, and fetch costs
 *    it 0.3-1.1 ms CPU per request (more than an append costs the service), so with fetch the
 *    figures measure the generator as much as the service.
 * 2. Seed `--pages` pages through the API, `--clients` requests at a time.
 * 3. For `--seconds` each, with `--clients` concurrent clients:
 *    - content appends: POST /pages/{id}/content-operations, a unique Idempotency-Key each,
 *      spread round-robin over the seeded pages;
 *    - page-list reads: GET /pages?limit=100 following nextCursor until null, each request
 *      timed on its own;
 *    - content reads: GET /pages/{id}/content of random seeded pages;
 *    - permanent deletes of a page showing a stored image (imported, then trashed, untimed),
 *      which read the pages linking stored images to delete the image with it.
 * 4. Print the table (operation, requests, p50, p99, requests/s, errors, target) and stop the
 *    service. Targets: appends p99 < 20 ms and >= 1,500 appends/s.
 *
 * Bounded: each phase stops at its deadline or at --max-requests, the whole run at a hard
 * timeout; the service is killed on every exit path.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startService, type RunningService } from '../test/helpers/service';
import { formatTable, summarise, type OperationStats } from './bench/service-stats';
import { timeWorstInputs } from './bench/worst-inputs';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '10' },
    'max-requests': { type: 'string', default: '500000' },
    client: { type: 'string', default: 'http' },
    'worst-inputs': { type: 'boolean', default: false },
  },
});

if (values.client !== 'fetch' && values.client !== 'http') {
  console.error(`--client must be fetch or http (got ${JSON.stringify(values.client)})`);
  process.exit(2);
}
const CLIENT_KIND = values.client;

function positiveInt(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive integer (got ${JSON.stringify(raw)})`);
    process.exit(2);
  }
  return value;
}

const PAGES = positiveInt('pages', values.pages);
const CLIENTS = positiveInt('clients', values.clients);
const SECONDS = positiveInt('seconds', values.seconds);
const MAX_REQUESTS = positiveInt('max-requests', values['max-requests']);
// Seeding at a pessimistic 50 pages/s (a machine shared with other work), three phases,
// start-up and shutdown.
const HARD_TIMEOUT_MS = (PAGES / 50 + 3 * SECONDS + 120) * 1000;

interface Ctx {
  service: RunningService;
  headers: Record<string, string>;
  pageIds: string[];
}

/**
 * User + system CPU time of a process in ms, from /proc (Linux; clock ticks are 100 Hz there).
 * The machine is shared, so wall-clock figures depend on the neighbours; CPU per request does not.
 */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Runs `clients` loops of `step` until the deadline or the request cap; times every request. */
async function phase(
  ctx: Ctx,
  name: string,
  step: (
    client: number,
    record: (ms: number, ok: boolean, detail?: string) => void,
  ) => Promise<void>,
  target?: OperationStats['target'],
): Promise<OperationStats> {
  const stats: OperationStats = { name, latenciesMs: [], errors: 0, elapsedMs: 0, target };
  const deadline = performance.now() + SECONDS * 1000;
  let issued = 0;
  const record = (ms: number, ok: boolean, detail?: string) => {
    if (ok) stats.latenciesMs.push(ms);
    else {
      stats.errors++;
      stats.firstError ??= detail;
    }
  };
  const cpuBefore = processCpuMs(ctx.service.pid());
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < deadline && issued < MAX_REQUESTS) {
        issued++;
        await step(client, record);
      }
    }),
  );
  stats.elapsedMs = performance.now() - started;
  const cpuAfter = processCpuMs(ctx.service.pid());
  if (cpuBefore !== undefined && cpuAfter !== undefined) stats.serverCpuMs = cpuAfter - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  stats.clientCpuMs = (client.user + client.system) / 1000;
  return stats;
}

// Keep-alive connections (the default client): one per client, reused for every request.
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(values.clients) || 16 });

/** One request with node:http (lighter than fetch; the load generator shares the 2 cores). */
function httpRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

async function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  if (CLIENT_KIND === 'http') return httpRequest(url, init);
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text() };
}

async function timed(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  expected: number,
  record: (ms: number, ok: boolean, detail?: string) => void,
): Promise<string | null> {
  const start = performance.now();
  try {
    const res = await send(url, init);
    const ms = performance.now() - start;
    const ok = res.status === expected;
    record(
      ms,
      ok,
      ok ? undefined : `${init.method ?? 'GET'} ${url}: ${res.status} ${res.text.slice(0, 200)}`,
    );
    return ok ? res.text : null;
  } catch (error) {
    record(performance.now() - start, false, `${url}: ${(error as Error).message}`);
    return null;
  }
}

async function seed(ctx: Ctx): Promise<void> {
  const started = performance.now();
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < PAGES) {
        const i = next++;
        const res = await fetch(`${ctx.service.baseUrl}/pages`, {
          method: 'POST',
          headers: { ...ctx.headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            title: `Bench page ${i}`,
            markdown: `---\nsource: bench\n---\n# Bench page ${i}\n\nSeed text for page ${i}.\n`,
            parentId: null,
          }),
        });
        const body = (await res.json()) as { id?: string };
        if (res.status !== 201 || !body.id) {
          if (++failures > 10)
            throw new Error(`seeding failed: ${res.status} ${JSON.stringify(body)}`);
          continue;
        }
        ctx.pageIds.push(body.id);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `seeded ${ctx.pageIds.length} pages in ${seconds.toFixed(1)} s (${(ctx.pageIds.length / seconds).toFixed(0)}/s)`,
  );
}

// A real 1x1 PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * A clip saved with "Keep images" (one note and its image, by vault import), not timed: its
 * permanent delete then reads every page linking a stored image to find the image unshown.
 */
async function importClipWithImage(ctx: Ctx): Promise<string | null> {
  const name = `clip-${randomUUID()}`;
  const res = await send(`${ctx.service.baseUrl}/imports/vaultapp`, {
    method: 'POST',
    headers: { ...ctx.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      files: [
        { path: `${name}.md`, content: `# ${name}\n\n![photo](${name}.png)\n` },
        { path: `${name}.png`, data: PNG_BASE64, mimeType: 'image/png' },
      ],
    }),
  });
  if (res.status !== 200) return null;
  const found = await send(
    `${ctx.service.baseUrl}/pages/resolve?title=${encodeURIComponent(name)}`,
    { headers: ctx.headers },
  );
  const data = (JSON.parse(found.text) as { data?: { id: string }[] }).data;
  return data?.[0]?.id ?? null;
}

const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join('/');

async function worstInputs(): Promise<void> {
  const service = await startService();
  try {
    const rows = await timeWorstInputs(service.baseUrl, await service.token({ name: 'bench' }));
    for (const row of rows) {
      console.log(
        `${row.input.padEnd(48)} ${String(row.status).padStart(3)} ${row.ms.toFixed(0).padStart(7)} ms`,
      );
    }
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  if (values['worst-inputs']) return worstInputs();
  const loadAtStart = loadNow();
  console.error(
    `starting the service (pages ${PAGES}, clients ${CLIENTS}, ${SECONDS} s per operation)`,
  );
  const service = await startService();
  const hardStop = setTimeout(() => {
    console.error(`benchmark exceeded its ${Math.round(HARD_TIMEOUT_MS / 1000)} s limit; stopping`);
    void service.stop().finally(() => process.exit(1));
  }, HARD_TIMEOUT_MS);
  hardStop.unref();
  try {
    const token = await service.token({ name: 'bench' });
    const ctx: Ctx = { service, headers: { authorization: `Bearer ${token}` }, pageIds: [] };
    await seed(ctx);
    const base = service.baseUrl;
    const results: OperationStats[] = [];

    let cursor = 0;
    console.error('measuring content appends');
    results.push(
      await phase(
        ctx,
        'content append',
        async (_client, record) => {
          const pageId = ctx.pageIds[cursor++ % ctx.pageIds.length]!;
          const key = randomUUID();
          await timed(
            `${base}/pages/${pageId}/content-operations`,
            {
              method: 'POST',
              headers: {
                ...ctx.headers,
                'content-type': 'application/json',
                'idempotency-key': key,
              },
              body: JSON.stringify({ id: key, operation: 'append', content: `- clipped ${key}` }),
            },
            200,
            record,
          );
        },
        { p99Ms: 20, perSecond: 1500 },
      ),
    );

    console.error('measuring page-list reads (following cursors)');
    const listCursors: (string | null)[] = Array.from({ length: CLIENTS }, () => null);
    results.push(
      await phase(ctx, 'page list (limit 100)', async (client, record) => {
        const after = listCursors[client];
        const url =
          `${base}/pages?limit=100` + (after ? `&cursor=${encodeURIComponent(after)}` : '');
        const text = await timed(url, { headers: ctx.headers }, 200, record);
        listCursors[client] = text
          ? ((JSON.parse(text) as { nextCursor: string | null }).nextCursor ?? null)
          : null;
      }),
    );

    console.error('measuring content reads');
    results.push(
      await phase(ctx, 'content read', async (_client, record) => {
        const pageId = ctx.pageIds[Math.floor(Math.random() * ctx.pageIds.length)]!;
        await timed(`${base}/pages/${pageId}/content`, { headers: ctx.headers }, 200, record);
      }),
    );

    console.error('measuring permanent deletes of pages showing a stored image');
    results.push(
      await phase(ctx, 'permanent delete, image', async (_client, record) => {
        const pageId = await importClipWithImage(ctx);
        if (!pageId) return record(0, false, 'the vault import of a clip with an image failed');
        await send(`${base}/pages/${pageId}/trash`, { method: 'DELETE', headers: ctx.headers });
        await timed(
          `${base}/pages/${pageId}/permanent`,
          { method: 'DELETE', headers: ctx.headers },
          204,
          record,
        );
      }),
    );

    const rows = results.map(summarise);
    console.log(
      `\nPage and Folder Service benchmark: ${ctx.pageIds.length} pages, ${CLIENTS} clients (keep-alive ${CLIENT_KIND}), ${SECONDS} s per operation, loopback\n`,
    );
    console.log(formatTable(rows));
    console.log(
      `\nmachine: ${availableParallelism()} cores, load average (1/5/15 min) ${loadAtStart} at start, ${loadNow()} at end` +
        "\nservice CPU ms/req is the service process's CPU time per request (from /proc), largely independent of other load;" +
        '\nest. max/s = 1000 / that: the ceiling of the single-threaded service on one core of its own',
    );
    for (const r of results) {
      const perRequest = r.clientCpuMs! / Math.max(1, r.latenciesMs.length + r.errors);
      console.log(
        `bench client CPU per ${r.name}: ${perRequest.toFixed(3)} ms (the load generator's own cost)`,
      );
      if (r.firstError) console.log(`first error of ${r.name}: ${r.firstError}`);
    }
  } finally {
    clearTimeout(hardStop);
    agent.destroy();
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
