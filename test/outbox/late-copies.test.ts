/**
 * The late check (lib/outbox/late-copies.ts): a create the client gave up on, held back by an
 * intermediary (here the fault proxy's `delay` fault, phase 'before') and forwarded after the
 * retry made the page and the entry was saved, leaves a second page; the saved entry looks
 * again `lateCopyWindowMs` after its last attempt and trashes it.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, collect } from '../../lib/api';
import { readPageclipId, withPageclipId } from '../../lib/clip-markdown';
import type { OutboxEntry } from '../../lib/outbox';
import { DEFAULT_POLICY } from '../../lib/outbox/policy';
import { nextWakeAt } from '../../lib/outbox/schedule';
import { readOutbox } from '../../lib/outbox/store';
import type { WriteRequest } from '../../lib/write-request';
import { CLIENT_TIMEOUT_MS, countOf, useRig } from './rig';

const rig = useRig();

const uuid = (): string => crypto.randomUUID();
const WINDOW_MS = DEFAULT_POLICY.lateCopyWindowMs;
/** Held back long after the client gave up, and after its retry has saved the entry. */
const HELD_MS = CLIENT_TIMEOUT_MS + 3500;
const CREATE = { method: 'POST', path: '/api/v1/pages' } as const;
const RESOLVE = { method: 'GET', path: '/api/v1/pages/resolve' } as const;

type CreateWrite = WriteRequest & { kind: 'create-page' };
type InboxWrite = WriteRequest & { kind: 'add-to-titled-page' };

function createWrite(parentId: string): CreateWrite {
  const title = `Clip ${uuid()}`;
  return { kind: 'create-page', clipId: uuid(), title, markdown: `# ${title}\n\nBody`, parentId };
}
function inboxWrite(parentId: string, content: string): InboxWrite {
  const clipId = uuid();
  return {
    kind: 'add-to-titled-page',
    clipId,
    title: 'Inbox',
    parentId,
    operation: 'append',
    content,
  };
}

async function entry(id: string): Promise<OutboxEntry> {
  const found = (await readOutbox()).entries.find((e) => e.id === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
}
/** The live pages titled so in the folder that carry this clip id. */
async function pagesOfClip(folder: string, title: string, clipId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const page of await rig.direct.resolvePages({ title, parentId: folder })) {
    if (readPageclipId((await rig.direct.getContent(page.id)).markdown) === clipId) {
      ids.push(page.id);
    }
  }
  return ids;
}
async function trashedIds(): Promise<string[]> {
  return (await collect(rig.direct.listTrashedPages())).map((p) => p.id);
}
/** A copy as a late request would make it: same title and folder, the clip's pageclip_id. */
async function lateCopy(write: CreateWrite): Promise<string> {
  const markdown = withPageclipId(write.markdown, write.clipId);
  const page = await rig.direct.createPage({
    title: write.title,
    markdown,
    parentId: write.parentId,
  });
  return page.id;
}

describe('a copy made by a request that arrives after the entry was saved', () => {
  it('is trashed by the late check, the saved page kept (a create held back past its timeout)', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    rig.proxy.addRule({ ...CREATE, faults: [{ kind: 'delay', ms: HELD_MS, phase: 'before' }] });
    await outbox.enqueue(write, 'Clip');
    await rig.drain(outbox);
    const saved = await entry(write.clipId);
    expect(saved).toMatchObject({ status: 'saved', attempts: 2, outcomeUnknown: true });
    expect(saved.lateCheckAt).toBe(saved.lastAttemptAt! + WINDOW_MS);

    // The first attempt's request reaches the service now, after the entry was saved.
    await rig.proxy.idle();
    const both = await pagesOfClip(folder, write.title, write.clipId);
    expect(both).toHaveLength(2);
    expect(both).toContain(saved.result!.pageId);

    // Not before its time: nothing is sent.
    rig.clock.now = saved.lateCheckAt! - 1;
    const sentBefore = rig.proxy.log.length;
    await outbox.flush();
    expect(rig.proxy.log.length).toBe(sentBefore);

    rig.clock.now = saved.lateCheckAt!;
    await outbox.flush();
    expect(await pagesOfClip(folder, write.title, write.clipId)).toEqual([saved.result!.pageId]);
    const copy = both.find((id) => id !== saved.result!.pageId)!;
    expect(await trashedIds()).toContain(copy);
    expect(await entry(write.clipId)).toMatchObject({ status: 'saved', lateCheckAt: null });
  });

  it('trashes an Inbox note’s late copy and leaves the existing Inbox it was appended to alone', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const marker = `note-${uuid()}`;
    const write = inboxWrite(folder, marker);
    rig.proxy.addRule({ ...CREATE, faults: [{ kind: 'delay', ms: HELD_MS, phase: 'before' }] });
    await outbox.enqueue(write, 'Inbox');
    // No Inbox yet: the first attempt creates one, and times out while its request is held.
    await outbox.flush();
    expect(await entry(write.clipId)).toMatchObject({ status: 'queued', outcomeUnknown: true });
    // Meanwhile an Inbox appears (made elsewhere): the retry finds it and appends the note.
    const existing = await rig.direct.createPage({
      title: 'Inbox',
      markdown: 'kept',
      parentId: folder,
    });
    await rig.drain(outbox);
    const saved = await entry(write.clipId);
    expect(saved).toMatchObject({ status: 'saved', result: { pageId: existing.id } });
    expect(saved.lateCheckAt).not.toBeNull();

    await rig.proxy.idle();
    const copies = await pagesOfClip(folder, 'Inbox', write.clipId);
    expect(copies).toHaveLength(1);
    const before = await rig.direct.getContent(existing.id);
    expect(countOf(before.markdown, marker)).toBe(1);

    // The proxy holds nothing more: every pending check may run now.
    expect(await outbox.checkLateCopies({ dueBy: Infinity })).toBe(1);
    expect(
      (await rig.direct.resolvePages({ title: 'Inbox', parentId: folder })).map((p) => p.id),
    ).toEqual([existing.id]);
    expect(await trashedIds()).toContain(copies[0]);
    expect(await rig.direct.getContent(existing.id)).toEqual(before);
    expect((await entry(write.clipId)).lateCheckAt).toBeNull();
  });

  it('is not looked for when no attempt’s outcome was ever unknown: no extra request', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const writes = [createWrite(folder), inboxWrite(folder, `n-${uuid()}`)];
    for (const w of writes) await outbox.enqueue(w, 'x');
    await rig.drain(outbox);
    for (const w of writes) {
      expect(await entry(w.clipId)).toMatchObject({ status: 'saved', lateCheckAt: null });
    }
    expect(nextWakeAt(await outbox.list())).toBeNull();
    const sent = rig.proxy.log.length;
    rig.clock.now += 2 * WINDOW_MS;
    await outbox.flush();
    expect(await outbox.checkLateCopies({ dueBy: Infinity })).toBe(0);
    expect(rig.proxy.log.length).toBe(sent);
  });
});

describe('a late check that fails', () => {
  /** Saved on its second attempt after a 503 (not applied, but the outcome counts as unknown). */
  async function savedWithCheck(outbox: ReturnType<typeof rig.makeOutbox>, write: CreateWrite) {
    rig.proxy.addRule({ ...CREATE, faults: ['unavailable'] });
    await outbox.enqueue(write, 'Clip');
    await rig.drain(outbox);
    const saved = await entry(write.clipId);
    expect(saved).toMatchObject({ status: 'saved', outcomeUnknown: true });
    expect(saved.lateCheckAt).not.toBeNull();
    return saved;
  }

  it('is tried again later after a 503, and then trashes the copy', async () => {
    const outbox = rig.makeOutbox();
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    const saved = await savedWithCheck(outbox, write);
    const copy = await lateCopy(write);

    // Each try reads with a few quick retries of its own: all three answered 503.
    rig.proxy.addRule({ ...RESOLVE, faults: ['unavailable', 'unavailable', 'unavailable'] });
    rig.clock.now = saved.lateCheckAt!;
    await outbox.flush();
    const waiting = await entry(write.clipId);
    // random() = 0.5: 3/4 of the first delivery backoff step (2 s).
    expect(waiting).toMatchObject({ lateCheckAt: rig.clock.now + 1500, lateCheckTries: 1 });
    expect(await pagesOfClip(folder, write.title, write.clipId)).toHaveLength(2);
    expect(nextWakeAt(await outbox.list())).toBe(waiting.lateCheckAt);

    rig.clock.now = waiting.lateCheckAt!;
    await outbox.flush();
    expect(await pagesOfClip(folder, write.title, write.clipId)).toEqual([saved.result!.pageId]);
    expect(await trashedIds()).toContain(copy);
    expect(await entry(write.clipId)).toMatchObject({ lateCheckAt: null, lateCheckTries: 0 });
  });

  it('is given up after its bound of tries, and reported', async () => {
    const errors: unknown[] = [];
    const outbox = rig.makeOutbox({
      policy: { lateCheckTries: 2 },
      onError: (err) => errors.push(err),
    });
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    const saved = await savedWithCheck(outbox, write);
    const copy = await lateCopy(write);
    rig.proxy.addRule({ ...RESOLVE, faults: Array<'unavailable'>(6).fill('unavailable') });

    rig.clock.now = saved.lateCheckAt!;
    await outbox.flush();
    const once = await entry(write.clipId);
    expect(once).toMatchObject({ lateCheckTries: 1 });
    expect(errors).toEqual([]);
    rig.clock.now = once.lateCheckAt!;
    await outbox.flush();
    expect(await entry(write.clipId)).toMatchObject({
      status: 'saved',
      lateCheckAt: null,
      lateCheckTries: 2,
    });
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/gave up looking for a late copy of "Clip" after 2 tries/);

    // Given up: nothing is sent for it any more, and the copy stays.
    const sent = rig.proxy.log.length;
    rig.clock.now += 10 * WINDOW_MS;
    await outbox.flush();
    expect(rig.proxy.log.length).toBe(sent);
    expect(await pagesOfClip(folder, write.title, write.clipId)).toContain(copy);
  });

  it('waits while not connected, without counting a try', async () => {
    let connected = true;
    const outbox = rig.makeOutbox({ getClient: async () => (connected ? rig.client : null) });
    const folder = await rig.newFolder();
    const write = createWrite(folder);
    const saved = await savedWithCheck(outbox, write);
    connected = false;
    const sent = rig.proxy.log.length;
    rig.clock.now = saved.lateCheckAt!;
    await outbox.flush();
    expect(await outbox.checkLateCopies({ dueBy: Infinity })).toBe(0);
    expect(rig.proxy.log.length).toBe(sent);
    expect(await entry(write.clipId)).toMatchObject({
      lateCheckAt: rig.clock.now + DEFAULT_POLICY.notConnectedDelayMs,
      lateCheckTries: 0,
    });
  });
});

describe('a late check on a slow network', () => {
  it('does not hold back a clip made while it waits for an answer', async () => {
    // The check's lookup (by the first clip's title) gets no answer until the test lets it go.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lookupsHeld = 0;
    let checkedTitle = '';
    const slow = new ApiClient({
      baseUrl: rig.proxy.rebase(rig.service.baseUrl),
      credential: { kind: 'token', token: rig.token },
      fetch: async (input, init) => {
        const url = new URL(String(input));
        if (
          url.pathname.endsWith('/pages/resolve') &&
          url.searchParams.get('title') === checkedTitle
        ) {
          lookupsHeld += 1;
          await held;
        }
        return fetch(input, init);
      },
    });
    const outbox = rig.makeOutbox({ getClient: async () => slow });
    const folder = await rig.newFolder();
    const first = createWrite(folder);
    rig.proxy.addRule({ ...CREATE, faults: ['unavailable'] });
    await outbox.enqueue(first, 'Clip');
    await rig.drain(outbox);
    const saved = await entry(first.clipId);
    expect(saved.lateCheckAt).not.toBeNull();

    checkedTitle = first.title;
    rig.clock.now = saved.lateCheckAt!;
    const flushing = outbox.flush();
    await expect.poll(() => lookupsHeld).toBe(1);
    const next = createWrite(folder);
    await outbox.enqueue(next, 'Next');
    void outbox.flush();
    await expect.poll(async () => (await entry(next.clipId)).status).toBe('saved');
    // The check is still waiting for its answer.
    expect((await entry(first.clipId)).lateCheckAt).toBe(saved.lateCheckAt);

    release();
    await flushing;
    expect(await entry(first.clipId)).toMatchObject({ status: 'saved', lateCheckAt: null });
  });
});

describe('a pending late check', () => {
  it('keeps its saved entry from being pruned and wakes the outbox for it', async () => {
    const scheduled: (number | null)[] = [];
    const outbox = rig.makeOutbox({
      // Longer than the saved entries' retention (10 minutes).
      policy: { lateCopyWindowMs: 60 * 60_000 },
      schedule: (at) => scheduled.push(at),
    });
    const folder = await rig.newFolder();
    const checked = createWrite(folder);
    const plain = createWrite(folder);
    rig.proxy.addRule({ ...CREATE, faults: ['unavailable'] });
    await outbox.enqueue(checked, 'Clip');
    await outbox.enqueue(plain, 'Clip');
    await rig.drain(outbox);
    const saved = await entry(checked.clipId);
    expect(saved.lateCheckAt).toBe(saved.lastAttemptAt! + 60 * 60_000);
    expect((await entry(plain.clipId)).lateCheckAt).toBeNull();
    // The alarm is set for the check (which wakes a stopped worker for it).
    expect(scheduled.at(-1)).toBe(saved.lateCheckAt);

    // Any later change prunes saved entries past the retention, but not one still to check.
    rig.clock.now += 11 * 60_000;
    await outbox.enqueue(createWrite(folder), 'Other');
    const ids = (await outbox.list()).map((e) => e.id);
    expect(ids).toContain(checked.clipId);
    expect(ids).not.toContain(plain.clipId);
    expect(nextWakeAt(await outbox.list())).not.toBeNull();

    rig.clock.now = saved.lateCheckAt!;
    await rig.drain(outbox);
    await outbox.flush();
    expect(await entry(checked.clipId)).toMatchObject({ lateCheckAt: null });
    expect(scheduled.at(-1)).toBeNull();
    // Once checked, it is pruned like any saved entry.
    rig.clock.now += DEFAULT_POLICY.savedRetentionMs;
    await outbox.enqueue(createWrite(folder), 'Last');
    expect((await outbox.list()).map((e) => e.id)).not.toContain(checked.clipId);
  });
});
