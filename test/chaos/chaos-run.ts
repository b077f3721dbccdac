/**
 * The outbox's chaos run: the built extension (e2e variant) in real Chromium, the
 * real local service behind the fault-injecting proxy, and many clips, appends, quick notes and
 * updates of clips (`PUT` with `If-Match`) submitted through the background's real entry point (`clip.submit`, as the popup sends it)
 * while the proxy drops responses after the service applied them, answers 503, delays and
 * resets connections, the service goes down for a while, the service worker is stopped
 * mid-flight and the browser is restarted on the same profile.
 *
 * Once the outbox has drained, the proxy has let go of every request it held back (a create
 * the client gave up on may still reach the service then) and the saved entries' late checks
 * have run (lib/outbox/late-copies.ts), the service must hold exactly the expected pages,
 * exactly one copy of each append and note (in submission order per page), each updated page
 * exactly its update's content (a retry after an applied update must not fail with a refusal),
 * and the outbox nothing pending or failed.
 * Used by `scripts/test-chaos.ts` (`npm run test:chaos`, 240 writes) and by
 * `test/chaos/chaos.test.ts` (`npm test`, a shorter run).
 */
import { ApiClient, collect } from '../../lib/api';
import { readPageclipId } from '../../lib/clip-markdown';
import type { WriteRequest } from '../../lib/write-request';
import { launchExtension, type ExtensionHarness } from '../e2e/harness';
import { seededRandom, startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';
import { startService, type RunningService } from '../helpers/service';

export interface ChaosOptions {
  writes: number;
  seed?: number;
  /** Progress and summary lines. */
  log?: (line: string) => void;
  /** Give up waiting for the outbox to drain after this long (the run then reports losses). */
  drainTimeoutMs?: number;
}

export interface ChaosReport {
  writes: number;
  faults: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  /** Entries still queued, sending or failed at the end. */
  leftInOutbox: number;
  faultCounts: Record<string, number>;
  summary: string[];
}

type Planned =
  | { kind: 'create'; write: WriteRequest & { kind: 'create-page' } }
  | { kind: 'append'; write: WriteRequest & { kind: 'add-to-page' }; marker: string }
  | { kind: 'note'; write: WriteRequest & { kind: 'add-to-titled-page' }; marker: string }
  | { kind: 'update'; write: WriteRequest & { kind: 'update-page' } };

type ChaosEvent = 'stop-worker' | 'service-down' | 'restart-browser';

/** When (as a share of the writes submitted) each disruption happens. */
const DISRUPTIONS: [number, ChaosEvent][] = [
  [0.15, 'stop-worker'],
  [0.3, 'service-down'],
  [0.45, 'stop-worker'],
  [0.6, 'restart-browser'],
  [0.75, 'stop-worker'],
  [0.85, 'service-down'],
  [0.95, 'stop-worker'],
];

const TARGET_PAGES = 6;
const INBOX = 'Inbox';
const OUTAGE_MS = 3000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runChaos(opts: ChaosOptions): Promise<ChaosReport> {
  const seed = opts.seed ?? 20261121;
  const log = opts.log ?? (() => undefined);
  const random = seededRandom(seed);
  const started = Date.now();
  const events: Record<ChaosEvent, number> = {
    'stop-worker': 0,
    'service-down': 0,
    'restart-browser': 0,
  };

  let service: RunningService | null = null;
  let proxy: FaultProxy | null = null;
  let h: ExtensionHarness | null = null;
  const outages: Promise<void>[] = [];
  try {
    service = await startService();
    proxy = await startFaultProxy({ target: service.origin });
    h = await launchExtension({ service });
    const token = await service.token({ scopes: ['pages:read', 'pages:write'] });
    const connected = await h.send('connection.connectToken', {
      serviceUrl: proxy.rebase(service.baseUrl),
      token,
    });
    if (!connected.user) throw new Error(`chaos: could not connect: ${JSON.stringify(connected)}`);
    const direct = new ApiClient({
      baseUrl: service.baseUrl,
      credential: { kind: 'token', token },
    });

    const folder = (await direct.createFolder({ name: `Chaos ${seed}`, parentId: null })).id;
    const targets: string[] = [];
    for (let i = 0; i < TARGET_PAGES; i++) {
      const page = await direct.createPage({
        title: `Target ${i}`,
        markdown: `# Target ${i}\n`,
        parentId: folder,
      });
      targets.push(page.id);
    }

    const plan = makePlan(opts.writes, folder, targets, random);
    // Each update replaces a clip of its own, at the revision it was created with.
    for (const p of plan) {
      if (p.kind !== 'update') continue;
      const page = await direct.createPage({
        title: `Updated ${p.write.clipId}`,
        markdown: `# Clip before its update
`,
        parentId: folder,
      });
      p.write.pageId = page.id;
      p.write.ifMatch = (await direct.getContent(page.id)).etag;
    }
    const kinds = countBy(plan, (p) => p.kind);
    log(
      `chaos: seed ${seed}, ${plan.length} writes (${kinds.create ?? 0} new pages, ` +
        `${kinds.append ?? 0} appends to ${TARGET_PAGES} pages, ${kinds.note ?? 0} notes to "${INBOX}", ` +
        `${kinds.update ?? 0} updates with If-Match)`,
    );

    // Faults on every request from here on: reads (resolve, content) as much as writes.
    proxy.setRandom({
      seed,
      probabilities: { 'drop-after-apply': 0.1, unavailable: 0.08, reset: 0.06, delay: 0.06 },
      delayMs: [100, 1500],
    });

    const harness = h;
    const svc = service;
    const timeline: string[] = [];
    const disrupt = async (event: ChaosEvent): Promise<void> => {
      events[event]++;
      timeline.push(`${Date.now()} ${event}`);
      if (event === 'stop-worker') await stopWorkers(harness);
      else if (event === 'restart-browser') await harness.restartBrowser();
      else {
        await svc.stop();
        outages.push(sleep(OUTAGE_MS).then(() => svc.restart()));
      }
    };

    let next = 0;
    for (let i = 0; i < plan.length; i++) {
      while (next < DISRUPTIONS.length && i >= Math.floor(DISRUPTIONS[next]![0] * plan.length)) {
        await disrupt(DISRUPTIONS[next]![1]);
        next++;
      }
      await submit(harness, plan[i]!);
      await sleep(15);
    }
    log(`chaos: all ${plan.length} writes submitted after ${seconds(started)}`);
    await sleep(1000);
    await disrupt('stop-worker');
    await Promise.all(outages);

    const drainTimeout = opts.drainTimeoutMs ?? 240_000;
    const left = await waitForDrain(harness, plan.length, drainTimeout, proxy, log);
    const finalStates = countBy((await harness.send('outbox.list', {})).entries, (e) => e.status);
    log(`chaos: outbox drained after ${seconds(started)} (${left} entries left)`);
    const faultCounts = {
      ...withoutPass(proxy.counts()),
      'refused while down': proxy.log.filter((r) => r.upstreamStatus === null && r.fault === 'pass')
        .length,
      'worker stops': events['stop-worker'],
      'browser restarts': events['restart-browser'],
      'service outages': events['service-down'],
    };
    proxy.setRandom(null);
    // A request held back (a `delay` fault) is forwarded even when the client gave up on it: a
    // create can still arrive now. Once none is held, no request of the run can arrive any
    // more, so the late checks need not wait out their window.
    await proxy.idle();
    const lateChecks = await runLateChecks(harness);
    log(
      `chaos: late checks after the drain: ${lateChecks.ran} run, ${lateChecks.left} still pending`,
    );

    const verdict = await verify(direct, folder, targets, plan);
    if (verdict.duplicateClips.length > 0) {
      // What the outbox knew about each duplicated clip: the first thing to look at.
      const details = await harness.background(
        (pc, ids: string[]) =>
          pc.ctx.outbox
            .list()
            .then((entries) =>
              entries.filter((e) => ids.includes(e.id)).map((e) => ({ ...e, write: e.write.kind })),
            ),
        verdict.duplicateClips,
      );
      for (const d of details) log(`chaos: duplicated clip ${JSON.stringify(d)}`);
      log(`chaos: disruptions at ${timeline.join(', ')}`);
      const pages = await collect(direct.listPages({ parentId: folder }));
      for (const p of pages) {
        const md = (await direct.getContent(p.id)).markdown;
        if (verdict.duplicateClips.includes(readPageclipId(md) ?? ''))
          log(`chaos: copy ${p.id} created ${Date.parse(p.createdAt)}`);
      }
    }
    const faults = Object.values(faultCounts).reduce((a, b) => a + b, 0);
    const summary = [
      `faults injected: ${Object.entries(faultCounts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
      `requests through the proxy: ${proxy.log.length}`,
      `outbox at the end: ${left} entries pending or failed ` +
        `(${finalStates.saved ?? 0} saved receipts, kept 10 min for the popup, then pruned), ` +
        `${lateChecks.left} late checks pending`,
      ...verdict.lines,
    ];
    for (const line of summary) log(line);
    return {
      writes: plan.length,
      faults,
      lost: verdict.lost + left,
      duplicated: verdict.duplicated,
      outOfOrder: verdict.outOfOrder,
      leftInOutbox: left,
      faultCounts,
      summary,
    };
  } finally {
    await Promise.allSettled(outages);
    await h?.close().catch(() => undefined);
    await proxy?.close().catch(() => undefined);
    await service?.stop().catch(() => undefined);
  }
}

function makePlan(n: number, folder: string, targets: string[], random: () => number): Planned[] {
  const plan: Planned[] = [];
  let creates = 0;
  for (let i = 0; i < n; i++) {
    const clipId = crypto.randomUUID();
    const draw = random();
    if (draw < 0.35) {
      // Pairs of clips share a title, so the lookup after a lost create must pick by pageclip_id.
      const title = `Clip ${Math.floor(creates++ / 2)}`;
      plan.push({
        kind: 'create',
        write: {
          kind: 'create-page',
          clipId,
          title,
          markdown: `# ${title}\n\nClipped during the chaos run (${i}).\n`,
          parentId: folder,
        },
      });
    } else if (draw < 0.72) {
      const marker = `append-${i}-${clipId}`;
      plan.push({
        kind: 'append',
        marker,
        write: {
          kind: 'add-to-page',
          clipId,
          pageId: targets[i % targets.length]!,
          operation: 'append',
          content: `> ${marker}`,
        },
      });
    } else if (draw >= 0.88) {
      plan.push({
        kind: 'update',
        write: {
          kind: 'update-page',
          clipId,
          // The page and its revision are filled in once the page exists.
          pageId: clipId,
          ifMatch: '"unset"',
          markdown: `# Updated during the chaos run (${i})

update-${i}-${clipId}
`,
        },
      });
    } else {
      const marker = `note-${i}-${clipId}`;
      plan.push({
        kind: 'note',
        marker,
        write: {
          kind: 'add-to-titled-page',
          clipId,
          title: INBOX,
          parentId: folder,
          operation: 'append',
          content: marker,
        },
      });
    }
  }
  return plan;
}

/**
 * Submits like the popup does; when the answer is lost (the worker was stopped under it), the
 * same write (same clipId) is sent again, as the popup's retry would: the outbox dedupes it.
 */
async function submit(h: ExtensionHarness, planned: Planned): Promise<void> {
  const label =
    planned.kind === 'append'
      ? 'Target'
      : planned.kind === 'update'
        ? 'Updated'
        : planned.write.title;
  for (let attempt = 1; ; attempt++) {
    try {
      const entry = await h.send('clip.submit', { write: planned.write, label });
      if (entry.id !== planned.write.clipId) throw new Error(`clip.submit answered ${entry.id}`);
      return;
    } catch (err) {
      if (attempt >= 20) throw err;
      await sleep(100 * attempt);
    }
  }
}

async function waitForDrain(
  h: ExtensionHarness,
  writes: number,
  timeoutMs: number,
  proxy: FaultProxy,
  log: (line: string) => void,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  // Faults stay on for most of the wait; the last stretch is calm so a slow tail can finish.
  const calmAt = Date.now() + timeoutMs * 0.6;
  let lastReport = 0;
  for (;;) {
    let entries: { status: string }[] = [];
    try {
      entries = (await h.send('outbox.list', {})).entries;
    } catch {
      // The worker is starting up again; ask again.
    }
    const open = entries.filter((e) => e.status !== 'saved').length;
    if (entries.length >= writes && open === 0) return 0;
    if (Date.now() > deadline) return open + Math.max(0, writes - entries.length);
    if (Date.now() > calmAt) proxy.setRandom(null);
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      const by = countBy(entries, (e) => e.status);
      const late = await pendingLateChecks(h).catch(() => '?');
      log(`chaos: waiting for the outbox: ${JSON.stringify(by)}, late checks pending: ${late}`);
    }
    await sleep(500);
  }
}

/** Saved entries whose late check has yet to run (they stay in the outbox until it has). */
function pendingLateChecks(h: ExtensionHarness): Promise<number> {
  return h.background((pc) =>
    pc.ctx.outbox.list().then((entries) => entries.filter((e) => e.lateCheckAt !== null).length),
  );
}

/**
 * Runs every pending late check now, inside the background, until none is pending (a check
 * the background's own flush is running meanwhile is left to it, and waited for). A copy left
 * by a check still pending after a minute shows up as a duplicate.
 */
async function runLateChecks(h: ExtensionHarness): Promise<{ ran: number; left: number }> {
  const deadline = Date.now() + 60_000;
  let ran = 0;
  for (;;) {
    try {
      ran += await h.background((pc) => pc.ctx.outbox.checkLateCopies({ dueBy: Infinity }));
      const left = await pendingLateChecks(h);
      if (left === 0 || Date.now() > deadline) return { ran, left };
    } catch (err) {
      // The worker is starting up again; ask again.
      if (Date.now() > deadline) throw err;
    }
    await sleep(500);
  }
}

interface Verdict {
  duplicateClips: string[];
  lost: number;
  duplicated: number;
  outOfOrder: number;
  lines: string[];
}

async function verify(
  direct: ApiClient,
  folder: string,
  targets: string[],
  plan: Planned[],
): Promise<Verdict> {
  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;

  const pages = await collect(direct.listPages({ parentId: folder }));
  const contents = new Map<string, string>();
  for (const page of pages) contents.set(page.id, (await direct.getContent(page.id)).markdown);

  const updates = plan.filter((p) => p.kind === 'update');
  const updated = new Set(updates.map((u) => u.write.pageId));

  // New pages: each clip's page exactly once, found by its pageclip_id.
  const creates = plan.filter((p) => p.kind === 'create');
  const byClip = new Map<string, number>();
  for (const [id, markdown] of contents) {
    if (targets.includes(id) || updated.has(id)) continue;
    const clip = readPageclipId(markdown);
    if (clip !== null) byClip.set(clip, (byClip.get(clip) ?? 0) + 1);
  }
  const createsFound = creates.filter((c) => byClip.has(c.write.clipId)).length;
  // Copies the outbox itself moved to the Trash (a create the browser sent twice, see
  // lib/outbox/own-pages.ts `settleCreated`): repaired, so not counted as duplicates.
  const ourTitles = new Set([...creates.map((c) => c.write.title), INBOX]);
  const repaired = (await collect(direct.listTrashedPages())).filter((p) =>
    ourTitles.has(p.title ?? ''),
  ).length;
  const inboxes = pages.filter((p) => p.title === INBOX);
  const notes = plan.filter((p) => p.kind === 'note');
  const duplicateClips: string[] = [];
  for (const c of creates) {
    const n = byClip.get(c.write.clipId) ?? 0;
    if (n === 0) lost++;
    if (n > 1) {
      duplicated += n - 1;
      duplicateClips.push(c.write.clipId);
    }
  }
  const expectedPages = TARGET_PAGES + creates.length + updates.length + (notes.length > 0 ? 1 : 0);
  const known = new Set([
    ...creates.map((c) => c.write.clipId),
    ...notes.map((n) => n.write.clipId),
  ]);
  const strays = [...contents].filter(
    ([id, md]) => !targets.includes(id) && !updated.has(id) && !known.has(readPageclipId(md) ?? ''),
  ).length;
  duplicated += strays;
  if (inboxes.length > 1) duplicated += inboxes.length - 1;

  // Appends and notes: exactly once each, in submission order per page.
  const check = (items: { marker: string }[], text: string): void => {
    let last = -1;
    for (const item of items) {
      const count = text.split(item.marker).length - 1;
      if (count === 0) lost++;
      if (count > 1) duplicated += count - 1;
      const at = text.indexOf(item.marker);
      if (count > 0 && at < last) outOfOrder++;
      if (count > 0) last = at;
    }
  };
  const appends = plan.filter((p) => p.kind === 'append');
  for (const pageId of targets) {
    check(
      appends.filter((a) => a.write.pageId === pageId),
      contents.get(pageId) ?? '',
    );
  }
  check(notes, inboxes.map((p) => contents.get(p.id) ?? '').join('\n'));

  // Updates: the page holds exactly what its update sent (never applied twice, never refused
  // after it applied: a refused one stays failed in the outbox and is counted there).
  let updatesApplied = 0;
  for (const u of updates) {
    if (contents.get(u.write.pageId) === u.write.markdown) updatesApplied++;
    else lost++;
  }

  return {
    duplicateClips,
    lost,
    duplicated,
    outOfOrder,
    lines: [
      `service: ${pages.length} pages in the chaos folder (expected ${expectedPages}), ` +
        `${createsFound} of ${creates.length} new pages found by pageclip_id, ${strays} unexpected, ` +
        `${inboxes.length} "${INBOX}" page(s); ${repaired} extra copies trashed by the outbox`,
      `appends: ${appends.length} to ${TARGET_PAGES} pages; notes: ${notes.length}; ` +
        `out of order: ${outOfOrder}`,
      `updates: ${updatesApplied} of ${updates.length} pages hold exactly their update`,
    ],
  };
}

/**
 * Stops the extension's service worker wherever it is in its work, through CDP, and does not
 * wait to see it stopped: under chaos the outbox's alarm restarts it within a second or two,
 * so `harness.stopServiceWorker()` (which waits until no version runs) can time out. Chromium
 * kills in-flight fetches and timers with it, which is the point.
 */
async function stopWorkers(h: ExtensionHarness): Promise<void> {
  const page = await h.context.newPage();
  try {
    const cdp = await h.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
  } finally {
    await page.close();
  }
}

function withoutPass(counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(counts)) if (k !== 'pass') out[k] = v;
  return out;
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

export function chaosLastLine(r: ChaosReport): string {
  return `chaos: ${r.writes} writes, ${r.faults} faults, ${r.lost} lost, ${r.duplicated} duplicated`;
}
