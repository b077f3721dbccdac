/**
 * A page without a clip on a site whose highlights the user sent to a page of their own: the
 * popup's choice is remembered for the site through the background's validated request, and a
 * highlight made there is appended to that page's `## Highlights` section through the real
 * outbox and the real service; no clip of the web page is made.
 */
import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { describeSpan } from '../../lib/anchoring';
import type { BackgroundContext } from '../../lib/background/context';
import { createHandlers } from '../../lib/background/handlers';
import { dispatch } from '../../lib/background/router';
import { findHighlightPage, type ExtractedPage } from '../../lib/background/highlighter-target';
import { saveHighlightChange, type ChangeSession } from '../../lib/background/highlighter-write';
import type { StoredHighlight } from '../../lib/clip-markdown/highlight-record';
import { readHighlights } from '../../lib/clip-markdown/highlights-section';
import { MESSAGE_CHANNEL } from '../../lib/messaging/channel';
import type { HighlighterUpdate } from '../../lib/messaging/highlighter';
import { testBackground } from '../helpers/background-context';
import { useRig } from '../outbox/rig';

const rig = useRig();

const TEXT = 'Rivers carve valleys over time, and floods widen them in a single season.';
const URL = 'https://rivers.example/valleys';
const PAGE = { url: URL, title: 'How rivers shape valleys' };

function highlight(id: string, passage: string): StoredHighlight {
  const start = TEXT.indexOf(passage);
  return {
    id,
    color: 'green',
    selectors: describeSpan(TEXT, start, start + passage.length),
    note: 'Slowly',
  };
}

const context = (): BackgroundContext =>
  testBackground({ now: () => rig.clock.now, outbox: rig.makeOutbox() });

const popup = () => ({ id: browser.runtime.id, url: browser.runtime.getURL('/popup.html') });

async function ask(ctx: BackgroundContext, type: string, data: unknown, sender = popup()) {
  return dispatch(createHandlers(ctx), { channel: MESSAGE_CHANNEL, type, data }, sender);
}

describe('highlights on a site with a chosen page', () => {
  it('go to the page remembered for the site, and no clip is made', async () => {
    const ctx = context();
    const notes = await rig.direct.createPage({
      title: `River notes ${crypto.randomUUID()}`,
      markdown: '# River notes\n\nWhat I read about rivers.\n',
    });

    expect(await ask(ctx, 'highlighter.destination', PAGE)).toEqual({
      ok: true,
      data: { site: 'rivers.example', clipped: false, chosen: null },
    });
    const chosen = { pageId: notes.id, title: notes.title };
    expect(await ask(ctx, 'highlighter.chooseDestination', { url: URL, page: chosen })).toEqual({
      ok: true,
      data: { site: 'rivers.example', chosen },
    });
    // Another page of the same site finds it too.
    const other = { url: 'https://rivers.example/deltas', title: 'Deltas' };
    expect(await ask(ctx, 'highlighter.destination', other)).toMatchObject({
      data: { chosen },
    });

    const target = await findHighlightPage(ctx, PAGE);
    expect(target).toMatchObject({ pageId: notes.id });
    let extractions = 0;
    const extract = async (): Promise<ExtractedPage> => {
      extractions++;
      return { ok: true, title: PAGE.title, markdown: `# ${PAGE.title}\n\n${TEXT}` };
    };
    const told: HighlighterUpdate[] = [];
    const session: ChangeSession = { tabId: 3, page: PAGE, target, post: (u) => told.push(u) };
    await saveHighlightChange(
      ctx,
      session,
      { action: 'add', highlight: highlight('hl-river1', 'carve valleys') },
      extract,
    );
    await rig.drain(ctx.outbox);

    expect(extractions).toBe(0);
    expect((await ctx.outbox.list()).map((e) => e.write.kind)).toEqual(['highlight-page']);
    expect(await rig.direct.resolvePages({ title: PAGE.title })).toEqual([]);
    const { markdown } = await rig.direct.getContent(notes.id);
    expect(markdown).toContain('What I read about rivers.');
    expect(markdown).toContain('## Highlights');
    expect(readHighlights(markdown).highlights.map((h) => [h.id, h.color, h.note])).toEqual([
      ['hl-river1', 'green', 'Slowly'],
    ]);
  });

  it('forgotten, the site goes back to clipping first', async () => {
    const ctx = context();
    const chosen = { pageId: crypto.randomUUID(), title: 'Somewhere' };
    await ask(ctx, 'highlighter.chooseDestination', { url: URL, page: chosen });
    expect(await findHighlightPage(ctx, PAGE)).toMatchObject({ pageId: chosen.pageId });
    expect(await ask(ctx, 'highlighter.chooseDestination', { url: URL, page: null })).toEqual({
      ok: true,
      data: { site: 'rivers.example', chosen: null },
    });
    expect(await findHighlightPage(ctx, PAGE)).toBeNull();
  });

  it('reads every site on its own: a damaged entry is no choice for that site only', async () => {
    const ctx = context();
    const kept = { pageId: crypto.randomUUID(), title: 'Kept' };
    await fakeBrowser.storage.local.set({
      highlightSites: { 'rivers.example': { pageId: 'nope' }, 'lakes.example': kept },
    });
    expect(await findHighlightPage(ctx, PAGE)).toBeNull();
    const lake = { url: 'https://lakes.example/a', title: 'A lake' };
    expect(await findHighlightPage(ctx, lake)).toEqual({ ...kept, site: 'lakes.example' });
    await fakeBrowser.storage.local.set({ highlightSites: 'garbage' });
    expect(await findHighlightPage(ctx, lake)).toBeNull();
  });

  it('is chosen only by our own pages, with a valid page, for a website', async () => {
    const ctx = context();
    const page = { pageId: crypto.randomUUID(), title: 'Somewhere' };
    const contentScript = { id: browser.runtime.id, url: URL, tab: { id: 3 } };
    expect(
      await ask(ctx, 'highlighter.chooseDestination', { url: URL, page }, contentScript),
    ).toMatchObject({ ok: false });
    expect(
      await ask(ctx, 'highlighter.chooseDestination', {
        url: URL,
        page: { pageId: 'not-a-page', title: 'x' },
      }),
    ).toMatchObject({ ok: false });
    expect(
      await ask(ctx, 'highlighter.chooseDestination', { url: 'file:///notes.html', page }),
    ).toMatchObject({ ok: false });
    expect(await findHighlightPage(ctx, PAGE)).toBeNull();
  });
});
