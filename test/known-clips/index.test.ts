import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  findKnownClip,
  forgetKnownPage,
  KNOWN_CLIPS_AFTER_PRUNE,
  KNOWN_CLIPS_LIMIT,
  knownClipCount,
  rememberClip,
  updateKnownPage,
} from '../../lib/known-clips';
import { clipSourceKey, recordConfirmation } from '../../lib/known-clips/confirmations';
import { splitHighlights } from '../../lib/known-clips/highlights';
import { clip } from './known-clip-fixture';
import { knownClipKey, knownClipKeys, normaliseUrl } from '../../lib/known-clips/normalise-url';
import { knownClipItems } from '../../lib/known-clips/storage-layout';
import { createEntry, claim, succeed } from '../../lib/outbox/state';
import type { WriteRequest } from '../../lib/write-request';

beforeEach(() => fakeBrowser.reset());

describe('normaliseUrl', () => {
  it('drops the fragment, tracking parameters and default port; sorts the rest', () => {
    expect(
      normaliseUrl(
        'HTTPS://Example.COM:443/a/b?utm_source=x&b=2&fbclid=1&a=1&gclid=z&UTM_Medium=m#part',
      ),
    ).toBe('https://example.com/a/b?a=1&b=2');
    expect(normaliseUrl('https://example.com/a?utm_campaign=1')).toBe('https://example.com/a');
  });
  it('keeps what names the page: path case, other parameters', () => {
    expect(normaliseUrl('https://e.x/Page?id=7')).toBe('https://e.x/Page?id=7');
    expect(normaliseUrl('https://e.x/Page?id=7')).not.toBe(normaliseUrl('https://e.x/page?id=7'));
  });
  it('knows only http(s) pages', () => {
    expect(normaliseUrl('chrome://extensions')).toBeNull();
    expect(normaliseUrl('not a url')).toBeNull();
    expect(normaliseUrl('file:///tmp/a.html')).toBeNull();
  });
  it('prefers a declared canonical URL', () => {
    expect(knownClipKey({ url: 'https://m.e.x/a?ref=1', canonical: 'https://e.x/a' })).toBe(
      'https://e.x/a',
    );
    expect(knownClipKey({ url: 'https://e.x/a#x', canonical: 'javascript:alert(1)' })).toBe(
      'https://e.x/a',
    );
  });
  it("ignores a canonical URL on another site: a page cannot claim another site's page", () => {
    expect(knownClipKey({ url: 'https://e.x/a', canonical: 'https://other.example/a' })).toBe(
      'https://e.x/a',
    );
    expect(knownClipKey({ url: 'https://evil-e.x/a', canonical: 'https://e.x/a' })).toBe(
      'https://evil-e.x/a',
    );
  });
  it('knows a page by its canonical URL and by its own address', () => {
    expect(
      knownClipKeys({ url: 'https://e.x/amp/a?utm_source=x', canonical: 'https://e.x/a' }),
    ).toEqual(['https://e.x/a', 'https://e.x/amp/a']);
    expect(knownClipKeys({ url: 'https://e.x/a?fbclid=1', canonical: 'https://e.x/a' })).toEqual([
      'https://e.x/a',
    ]);
  });
});

describe('the known-clips index', () => {
  it('remembers, updates and forgets by page', async () => {
    await rememberClip(clip(1));
    await rememberClip(clip(2, { pageId: 'page-1', url: 'https://e.x/other' }));
    expect((await findKnownClip('https://e.x/1'))?.title).toBe('Page 1');
    expect(await updateKnownPage('page-1', { title: 'Renamed', etag: '"9"' })).toBe(2);
    expect(await findKnownClip('https://e.x/other')).toMatchObject({
      title: 'Renamed',
      etag: '"9"',
    });
    expect(await forgetKnownPage('page-1')).toBe(2);
    expect(await findKnownClip('https://e.x/1')).toBeNull();
  });

  it('takes what does not parse as absent instead of failing', async () => {
    await fakeBrowser.storage.local.set({
      'knownClip:https://e.x/1': { url: 'https://e.x/1' },
      'knownClip:https://e.x/2': clip(3),
      'knownClipPage:page-1': 'not a list',
      knownClipsMeta: { count: -1 },
    });
    expect(await findKnownClip('https://e.x/1')).toBeNull();
    expect(await findKnownClip('https://e.x/2')).toBeNull(); // stored under another URL
    expect(await updateKnownPage('page-1', { title: 'x' })).toBe(0);
    await rememberClip(clip(1));
    expect(await findKnownClip('https://e.x/1')).toMatchObject({ pageId: 'page-1' });
    expect(await forgetKnownPage('page-1')).toBe(1);
  });

  it('is bounded: beyond the limit the least recently written entries go, in one pass', async () => {
    const many = Array.from({ length: KNOWN_CLIPS_LIMIT }, (_, i) => clip(i, { at: i + 10 }));
    await fakeBrowser.storage.local.set(knownClipItems(many));
    expect(await knownClipCount()).toBe(KNOWN_CLIPS_LIMIT);
    await rememberClip(clip(99_999, { at: 1e12 }));
    // Pruned below the limit, so the next confirmations do not each read the whole index.
    expect(await knownClipCount()).toBe(KNOWN_CLIPS_AFTER_PRUNE);
    const all = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(all).filter((k) => k.startsWith('knownClip:'))).toHaveLength(
      KNOWN_CLIPS_AFTER_PRUNE,
    );
    const dropped = KNOWN_CLIPS_LIMIT + 1 - KNOWN_CLIPS_AFTER_PRUNE;
    expect(await findKnownClip('https://e.x/0')).toBeNull(); // the oldest (at 10)
    expect(await findKnownClip(`https://e.x/${dropped - 1}`)).toBeNull();
    expect(all['knownClipPage:page-0']).toBeUndefined();
    expect(await findKnownClip(`https://e.x/${dropped}`)).not.toBeNull();
    expect(await findKnownClip('https://e.x/99999')).not.toBeNull();
    expect(await forgetKnownPage(`page-${dropped}`)).toBe(1);
    expect(await knownClipCount()).toBe(KNOWN_CLIPS_AFTER_PRUNE - 1);
  });
});

describe('fed from the outbox confirmations', () => {
  const folder = crypto.randomUUID();
  const claimed = (write: WriteRequest, label: string) =>
    claim(createEntry(write, label, 1000), 1001, { token: 't', until: 9e9 });
  const saved = (write: WriteRequest, result: { pageId: string; etag?: string }, label = 'L') =>
    succeed(claimed(write, label), result, 1002, { lateCopyWindowMs: 120_000 });
  const markdown = (source: string) =>
    `---\ntitle: "T"\nsource: "${source}"\nclipped: "2026-11-12T10:00:00.000Z"\n---\n\nBody`;

  it('a saved clip of a web page becomes known with its ETag', async () => {
    const write: WriteRequest = {
      kind: 'create-page',
      clipId: crypto.randomUUID(),
      title: 'T',
      markdown: markdown('https://e.x/a?utm_source=feed#top'),
      parentId: folder,
    };
    expect(clipSourceKey(write.kind === 'create-page' ? write.markdown : '')).toBe('https://e.x/a');
    await recordConfirmation(saved(write, { pageId: 'p1', etag: '"e1"' }), 5000);
    expect(await findKnownClip('https://e.x/a')).toEqual({
      url: 'https://e.x/a',
      pageId: 'p1',
      title: 'T',
      folderId: folder,
      clippedAt: 1000,
      at: 5000,
      etag: '"e1"',
    });
  });

  it('a saved update records the new ETag; an append does not', async () => {
    await rememberClip(clip(1, { pageId: crypto.randomUUID() }));
    const pageId = (await findKnownClip('https://e.x/1'))!.pageId;
    await recordConfirmation(
      saved(
        { kind: 'update-page', clipId: crypto.randomUUID(), pageId, ifMatch: '"1"', markdown: 'x' },
        { pageId, etag: '"2"' },
      ),
      7000,
    );
    expect(await findKnownClip('https://e.x/1')).toMatchObject({ etag: '"2"', at: 7000 });
    await recordConfirmation(
      saved(
        {
          kind: 'add-to-page',
          clipId: crypto.randomUUID(),
          pageId,
          operation: 'append',
          content: 'more',
        },
        { pageId, etag: '"3"' },
      ),
      8000,
    );
    expect((await findKnownClip('https://e.x/1'))?.etag).toBe('"2"');
  });

  it('a note without a source is not a known clip', async () => {
    const write: WriteRequest = {
      kind: 'create-page',
      clipId: crypto.randomUUID(),
      title: 'Note',
      markdown: 'just a note',
      parentId: null,
    };
    await recordConfirmation(saved(write, { pageId: 'p9' }), 1);
    expect(await knownClipCount()).toBe(0);
  });
});

describe('splitHighlights: what the page holds as a quote', () => {
  const quotes = (page: string, ...q: string[]) =>
    splitHighlights(
      page,
      q.map((quote) => ({ quote })),
    ).already.map((h) => h.quote);

  it('a short highlight counts only as a whole quote or line, not as a word of the text', () => {
    const page = '# Notes\n\nThe city is full of foxes.\n\n> Foxes.\n>\n> — [Src](https://e.x/)';
    expect(quotes(page, 'city', 'foxes', 'Foxes.')).toEqual(['Foxes.']);
  });

  it('a longer one is found inside a block quote (credit on its line), not in the prose', () => {
    const page =
      '# Notes\n\nThe city is full of foxes, say the people who live there.\n\n> Foxes moved into the city. — [Src](https://e.x/)';
    expect(
      quotes(page, 'Foxes moved into the city.', 'The city is full of foxes, say the people'),
    ).toEqual(['Foxes moved into the city.']);
  });

  it("recognises the highlighter's entries (escaped text, ↗ link) and multi-line quotes", () => {
    const page =
      "## Highlights\n\n> 2 \\* 3 is six [↗](https://e.x/#:~:text=2) \n\n[pageclip-highlight:a]: <> '{}'\n\n> Foxes moved\n> into the city.";
    expect(quotes(page, '2 * 3 is six', 'Foxes moved into\nthe city.')).toEqual([
      '2 * 3 is six',
      'Foxes moved into\nthe city.',
    ]);
  });
});
