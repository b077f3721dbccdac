/**
 * Known clips in the background, with fakeBrowser against the real local service: the index fed
 * by a real clip through the real Outbox, safe updates, and finding a clip from another browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectWithToken } from '../../lib/background/connection';
import { createHandlers } from '../../lib/background/handlers';
import { wireKnownClips } from '../../lib/background/known-clips';
import { undoWrite } from '../../lib/background/undo-write';
import { markTab } from '../../lib/background/known-badge';
import { readFrontmatter, withClipMarkdown } from '../../lib/clip-markdown';
import { extract } from '../../lib/extract';
import { findKnownClip } from '../../lib/known-clips';
import { parseHtml } from '../../scripts/parse-html';
import { testBackground } from '../helpers/background-context';
import { useService } from '../helpers/use-service';

const svc = useService();
beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => true);
});
afterEach(() => vi.restoreAllMocks());

const sender = () => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/popup.html'),
});

async function background() {
  const ctx = testBackground();
  wireKnownClips(ctx);
  await connectWithToken(ctx, svc.service.baseUrl, svc.token);
  return { ctx, handlers: createHandlers(ctx) };
}

function article(url: string, title: string, body: string, clipped = '2026-11-12T09:00:00.000Z') {
  return `---\ntitle: "${title}"\nsource: "${url}"\nclipped: "${clipped}"\n---\n\n${body}\n`;
}

async function clipPage(title: string, url: string) {
  const { ctx, handlers } = await background();
  const folder = await svc.api.createFolder({
    name: `Reading ${crypto.randomUUID()}`,
    parentId: null,
  });
  const entry = await handlers['clip.submit'](
    {
      write: {
        kind: 'create-page',
        clipId: crypto.randomUUID(),
        title,
        markdown: article(url, title, 'First version.'),
        parentId: folder.id,
      },
      label: title,
      waitMs: 10_000,
    },
    sender(),
  );
  expect(entry.status).toBe('saved');
  const pageId = entry.result!.pageId;
  await vi.waitFor(async () => expect(await findKnownClip(url.replace(/#.*/, ''))).not.toBeNull(), {
    timeout: 10_000,
  });
  return { ctx, handlers, pageId, folderId: folder.id };
}

describe('known clips in the background', () => {
  it('a saved clip is known by its URL, tracking and fragment aside, with its ETag', async () => {
    const title = `Known ${crypto.randomUUID()}`;
    const { handlers, pageId, folderId } = await clipPage(title, 'https://news.example/a#top');
    const { clip } = await handlers['known.lookup'](
      { url: 'https://news.example/a?utm_source=rss', title: 'anything' },
      sender(),
    );
    expect(clip).toMatchObject({ pageId, title, folderId });
    expect(clip?.etag).toBe((await svc.api.getContent(pageId)).etag);
  });

  it('updates an unedited clip: same page, new content, new ETag, clipped kept, updated set', async () => {
    const title = `Update ${crypto.randomUUID()}`;
    const url = 'https://news.example/update';
    const { handlers, pageId } = await clipPage(title, url);
    const before = await svc.api.getContent(pageId);
    const answer = await handlers['known.update'](
      {
        clipId: crypto.randomUUID(),
        pageId,
        url,
        title,
        document: article(url, title, 'Second version.', '2026-11-21T10:00:00.000Z'),
        waitMs: 10_000,
      },
      sender(),
    );
    expect(answer.kind).toBe('queued');
    if (answer.kind !== 'queued') return;
    expect(answer.entry.status).toBe('saved');
    const after = await svc.api.getContent(pageId);
    expect(after.etag).not.toBe(before.etag);
    expect(after.markdown).toContain('Second version.');
    expect(after.markdown).not.toContain('First version.');
    const fm = readFrontmatter(after.markdown);
    expect(fm.kind === 'frontmatter' && fm.data).toMatchObject({
      clipped: '2026-11-12T09:00:00.000Z',
      updated: '2026-11-21T10:00:00.000Z',
      pageclip_id: expect.any(String),
    });
    await vi.waitFor(async () => expect((await findKnownClip(url))?.etag).toBe(after.etag), {
      timeout: 10_000,
    });
  });

  it('a clip edited since is never overwritten: the choice is offered, then kept as a section', async () => {
    const title = `Edited ${crypto.randomUUID()}`;
    const url = 'https://news.example/edited';
    const { handlers, pageId } = await clipPage(title, url);
    const clipped = await svc.api.getContent(pageId);
    const edited = `${clipped.markdown}\nMy own thought.\n`;
    await svc.api.replaceContent(pageId, edited, { ifMatch: clipped.etag });
    const document = article(url, title, 'Second version.', '2026-11-21T10:00:00.000Z');
    const base = { clipId: crypto.randomUUID(), pageId, url, title, document, waitMs: 10_000 };

    const asked = await handlers['known.update'](base, sender());
    expect(asked.kind).toBe('edited');
    if (asked.kind !== 'edited') return;
    expect(asked.changes.onlyInPage).toContain('My own thought.');
    expect(asked.changes.onlyInNew).toEqual(['Second version.']);
    expect((await svc.api.getContent(pageId)).markdown).toBe(edited);

    // Edited again after the user was asked: asked again, still nothing written.
    const current = await svc.api.getContent(pageId);
    await svc.api.replaceContent(pageId, `${edited}Another.\n`, { ifMatch: current.etag });
    const again = await handlers['known.update'](
      { ...base, choice: 'section', etag: asked.etag },
      sender(),
    );
    expect(again.kind).toBe('edited');
    if (again.kind !== 'edited') return;

    const kept = await handlers['known.update'](
      { ...base, choice: 'section', etag: again.etag },
      sender(),
    );
    expect(kept.kind === 'queued' && kept.entry.status).toBe('saved');
    const after = (await svc.api.getContent(pageId)).markdown;
    expect(after).toContain('My own thought.\nAnother.');
    expect(after).toContain('## New version (2026-11-21)\n\nSecond version.');
    expect(after).toContain('First version.');
  });

  it('another browser (an empty index) finds the clip through the service', async () => {
    const title = `Elsewhere ${crypto.randomUUID()}`;
    const { pageId, folderId } = await clipPage(title, 'https://news.example/elsewhere');
    fakeBrowser.reset();
    vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => true);
    const { handlers } = await background();
    const url = 'https://news.example/elsewhere?fbclid=abc';
    expect(
      (await handlers['known.lookup']({ url, title, localOnly: true }, sender())).clip,
    ).toBeNull();
    const { clip } = await handlers['known.lookup']({ url, title }, sender());
    expect(clip).toMatchObject({ pageId, folderId, title, found: true, etag: null });
    expect(await findKnownClip('https://news.example/elsewhere')).toMatchObject({ pageId });
    // Same title, another source: not this page's clip.
    const other = await handlers['known.lookup'](
      { url: 'https://news.example/not-it', title },
      sender(),
    );
    expect(other.clip).toBeNull();
  });

  it('a clip undone (trashed) is no longer known, and a restarted worker does not bring it back', async () => {
    const title = `Undone ${crypto.randomUUID()}`;
    const url = 'https://news.example/undone';
    const { ctx, handlers, pageId } = await clipPage(title, url);
    const created = (await ctx.outbox.list()).find((e) => e.result?.pageId === pageId)!;
    expect(await undoWrite(ctx, created.id)).toEqual({ kind: 'undone' });
    await vi.waitFor(async () => expect(await findKnownClip(url)).toBeNull(), { timeout: 10_000 });
    expect((await handlers['known.lookup']({ url, title }, sender())).clip).toBeNull();

    // A new worker catches up with the saved entries it did not see confirmed.
    await new Promise<void>((resolve) => wireKnownClips(ctx, resolve));
    expect(await findKnownClip(url)).toBeNull();
  });

  it('one known clip for a page reached by its canonical URL and by a tracking or AMP address', async () => {
    const title = `Canonical ${crypto.randomUUID()}`;
    const html = `<html><head><title>${title}</title><link rel="canonical" href="/story"></head><body><article><h1>${title}</h1><p>${'Foxes moved into the city. '.repeat(20)}</p></article></body></html>`;
    const address = 'https://news.example/amp/story?utm_source=rss';
    const result = extract(parseHtml(html, address), address, { mode: 'article' });
    expect(result.canonical).toBe('https://news.example/story');
    const { markdown } = withClipMarkdown(result);
    const fm = readFrontmatter(markdown);
    expect(fm.kind === 'frontmatter' && fm.data.canonical).toBe('https://news.example/story');

    const { handlers } = await background();
    const entry = await handlers['clip.submit'](
      {
        write: {
          kind: 'create-page',
          clipId: crypto.randomUUID(),
          title,
          markdown,
          parentId: null,
        },
        label: title,
        waitMs: 10_000,
      },
      sender(),
    );
    expect(entry.status).toBe('saved');
    const pageId = entry.result!.pageId;
    await vi.waitFor(
      async () =>
        expect(await findKnownClip('https://news.example/story')).toMatchObject({ pageId }),
      { timeout: 10_000 },
    );
    // The popup, on the canonical address or on another with the page's canonical link.
    for (const lookup of [
      { url: 'https://news.example/story?fbclid=1', title: 'x' },
      {
        url: 'https://news.example/story?ref_src=t',
        canonical: 'https://news.example/story',
        title: 'x',
      },
      { url: 'https://news.example/amp/story?gclid=2', title: 'x', localOnly: true },
    ])
      expect((await handlers['known.lookup'](lookup, sender())).clip).toMatchObject({ pageId });
    // The toolbar mark sees the tab's address only.
    expect(await markTab(7, 'https://news.example/amp/story?utm_medium=social')).toBe(true);
    expect(await markTab(7, 'https://news.example/story#comments')).toBe(true);
  });

  it('extraction ignores a canonical link to another site', () => {
    const html = `<html><head><link rel="canonical" href="https://elsewhere.example/p"></head><body><p>Text.</p></body></html>`;
    expect(
      extract(parseHtml(html, 'https://news.example/p'), 'https://news.example/p').canonical,
    ).toBeNull();
  });
});
