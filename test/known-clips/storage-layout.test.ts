/**
 * The known-clips index as stored: one item per URL, so a confirmation writes only what it
 * changes; the former one-item index split on first use; concurrent confirmations kept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  findKnownClip,
  forgetKnownPage,
  knownClipCount,
  rememberClip,
  updateKnownPage,
} from '../../lib/known-clips';
import { recordConfirmation } from '../../lib/known-clips/confirmations';
import { clip } from './known-clip-fixture';
import { knownClipItems } from '../../lib/known-clips/storage-layout';
import { claim, createEntry, succeed } from '../../lib/outbox/state';
import type { WriteRequest } from '../../lib/write-request';
import { withStorageGetKeys } from '../helpers/storage-get-keys';

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

const saved = (write: WriteRequest, result: { pageId: string; etag?: string }) =>
  succeed(claim(createEntry(write, 'L', 1000), 1001, { token: 't', until: 9e9 }), result, 1002, {
    lateCopyWindowMs: 120_000,
  });

function createPage(source: string, canonical?: string): WriteRequest {
  const canon = canonical ? `canonical: "${canonical}"\n` : '';
  return {
    kind: 'create-page',
    clipId: crypto.randomUUID(),
    title: 'T',
    markdown: `---\ntitle: "T"\nsource: "${source}"\n${canon}---\n\nBody`,
    parentId: null,
  };
}

/** The keys of each `storage.local` write, as its change events report them. */
function watchWrites(): string[][] {
  const writes: string[][] = [];
  fakeBrowser.storage.local.onChanged.addListener((changes) => {
    writes.push(Object.keys(changes).sort());
  });
  return writes;
}

describe('the known-clips index in storage', () => {
  it('a confirmation writes only its own items, once, however many clips are known', async () => {
    await fakeBrowser.storage.local.set(
      knownClipItems(Array.from({ length: 5_000 }, (_, i) => clip(i))),
    );
    const writes = watchWrites();
    await recordConfirmation(
      saved(createPage('https://e.x/amp/story?utm_source=x', 'https://e.x/story'), {
        pageId: 'new-page',
        etag: '"e"',
      }),
      5000,
    );
    expect(writes).toEqual([
      [
        'knownClip:https://e.x/amp/story',
        'knownClip:https://e.x/story',
        'knownClipPage:new-page',
        'knownClipsMeta',
      ],
    ]);
    expect(await findKnownClip('https://e.x/story')).toMatchObject({ pageId: 'new-page' });
    expect(await knownClipCount()).toBe(5_002);

    writes.length = 0;
    expect(await updateKnownPage('new-page', { etag: '"f"', at: 6000 })).toBe(2);
    expect(writes).toEqual([['knownClip:https://e.x/amp/story', 'knownClip:https://e.x/story']]);
  });

  it('splits the former one-item index once, dropping what does not parse', async () => {
    await fakeBrowser.storage.local.set({
      knownClips: {
        'https://e.x/story': clip(1, { url: 'https://e.x/story' }),
        'https://e.x/amp/story': clip(1, { url: 'https://e.x/amp/story' }),
        'https://e.x/2': clip(2),
        'https://e.x/broken': { url: 'https://e.x/broken' },
        'https://e.x/elsewhere': clip(3),
      },
    });
    expect(await findKnownClip('https://e.x/story')).toMatchObject({ pageId: 'page-1' });
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored.knownClips).toBeUndefined();
    expect(stored['knownClipPage:page-1']).toEqual(['https://e.x/amp/story', 'https://e.x/story']);
    expect(stored['knownClip:https://e.x/broken']).toBeUndefined();
    expect(stored['knownClip:https://e.x/elsewhere']).toBeUndefined();
    expect(await knownClipCount()).toBe(3);
    expect(await updateKnownPage('page-1', { title: 'Renamed' })).toBe(2);
    expect(await findKnownClip('https://e.x/amp/story')).toMatchObject({ title: 'Renamed' });
    expect(await forgetKnownPage('page-1')).toBe(2);
    expect(await findKnownClip('https://e.x/story')).toBeNull();
    expect(await findKnownClip('https://e.x/2')).toMatchObject({ pageId: 'page-2' });
    expect(await knownClipCount()).toBe(1);
  });

  it('splits the former index reading its own items, never the kept images beside it', async () => {
    withStorageGetKeys();
    await fakeBrowser.storage.local.set({
      knownClips: { 'https://e.x/1': clip(1) },
      'clipImages:queued': { kept: [], links: [], skipped: ['x'.repeat(100_000)] },
    });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await findKnownClip('https://e.x/1')).toMatchObject({ pageId: 'page-1' });
    const asked = get.mock.calls.map(([keys]) => keys);
    expect(asked.length).toBeGreaterThan(0);
    for (const keys of asked) {
      expect(keys).not.toBeNull();
      expect(JSON.stringify(keys)).not.toContain('clipImages:');
    }
  });

  it('a confirmation arriving first splits the former index before its own write', async () => {
    await fakeBrowser.storage.local.set({ knownClips: { 'https://e.x/1': clip(1) } });
    await Promise.all([
      recordConfirmation(saved(createPage('https://e.x/9'), { pageId: 'page-9' }), 9),
      findKnownClip('https://e.x/1'),
    ]);
    expect(await findKnownClip('https://e.x/1')).toMatchObject({ pageId: 'page-1' });
    expect(await findKnownClip('https://e.x/9')).toMatchObject({ pageId: 'page-9' });
    expect(await knownClipCount()).toBe(2);
    expect((await fakeBrowser.storage.local.get('knownClips')).knownClips).toBeUndefined();
  });

  it('concurrent confirmations never lose each other', async () => {
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        recordConfirmation(saved(createPage(`https://e.x/${i}`), { pageId: 'shared' }), i),
      ),
      rememberClip(clip(100)),
    ]);
    for (let i = 0; i < 20; i++)
      expect(await findKnownClip(`https://e.x/${i}`)).toMatchObject({ pageId: 'shared' });
    expect(await knownClipCount()).toBe(21);
    expect(
      (await fakeBrowser.storage.local.get('knownClipPage:shared'))['knownClipPage:shared'],
    ).toHaveLength(20);
    expect(await forgetKnownPage('shared')).toBe(20);
    expect(await knownClipCount()).toBe(1);
  });

  it('a URL clipped again as another page leaves the first page', async () => {
    await rememberClip(clip(1));
    await rememberClip(clip(1, { pageId: 'page-2' }));
    expect(await knownClipCount()).toBe(1);
    expect(await forgetKnownPage('page-1')).toBe(0);
    expect(await findKnownClip('https://e.x/1')).toMatchObject({ pageId: 'page-2' });
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored['knownClipPage:page-1']).toBeUndefined();
  });
});
