/**
 * What the palette lists on a page whose highlights go to the page picked for its site: that
 * page gathers highlights from several pages of the site, and only those made on the page in
 * the tab are anchored and listed there; the others are not "not found on this page", and a
 * change sent from this page cannot remove or rewrite them. On a page's own clip, all are listed.
 * The highlights are written through the real outbox into the real service.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { describeSpan } from '../../lib/anchoring';
import { connectWithToken } from '../../lib/background/connection';
import type { BackgroundContext } from '../../lib/background/context';
import { highlightsForPage, loadHighlights } from '../../lib/background/highlighter-list';
import type { HighlightPage, OpenPage } from '../../lib/background/highlighter-target';
import { saveHighlightChange, type ChangeSession } from '../../lib/background/highlighter-write';
import { renderRecord, type StoredHighlight } from '../../lib/clip-markdown/highlight-record';
import type { HighlightChange } from '../../lib/clip-markdown/highlight-schema';
import { readHighlights } from '../../lib/clip-markdown/highlights-section';
import type { HighlighterUpdate } from '../../lib/messaging/highlighter';
import { testBackground } from '../helpers/background-context';
import { useService } from '../helpers/use-service';

const svc = useService();
beforeEach(() => {
  fakeBrowser.reset();
  // The service's host access, which fakeBrowser does not implement.
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => true);
});
afterEach(() => vi.restoreAllMocks());

async function background(): Promise<BackgroundContext> {
  const ctx = testBackground();
  await connectWithToken(ctx, svc.service.baseUrl, svc.token);
  return ctx;
}

const VALLEYS = {
  // Arrived at from a feed: the tracking parameter is not part of the page's address.
  url: 'https://rivers.example/valleys?utm_source=feed',
  title: 'How rivers shape valleys',
  text: 'Rivers carve valleys over time, and floods widen them in a single season.',
};
const DELTAS = {
  url: 'https://rivers.example/deltas',
  title: 'How deltas grow',
  text: 'Silt settles where the river slows, and the delta reaches into the sea.',
};

function highlight(id: string, text: string, passage: string): StoredHighlight {
  const start = text.indexOf(passage);
  return {
    id,
    color: 'yellow',
    selectors: describeSpan(text, start, start + passage.length),
    note: '',
  };
}

function session(page: OpenPage, target: HighlightPage, others?: Set<string>) {
  const told: HighlighterUpdate[] = [];
  const s: ChangeSession = { tabId: 7, page, target, others, post: (u) => told.push(u) };
  return { s, told };
}

async function send(ctx: BackgroundContext, s: ChangeSession, change: HighlightChange) {
  await saveHighlightChange(ctx, s, change, async () => {
    throw new Error('a page with somewhere to go is never clipped');
  });
}

async function idsIn(pageId: string): Promise<string[]> {
  return readHighlights((await svc.api.getContent(pageId)).markdown).highlights.map((h) => h.id);
}

describe('the palette on a page whose site has a chosen page', () => {
  it('lists only the highlights made on this page, and changes from it leave the others alone', async () => {
    const ctx = await background();
    const notes = await svc.api.createPage({
      title: `River notes ${crypto.randomUUID()}`,
      markdown: '# River notes\n\nWhat I read about rivers.\n',
    });
    const site: HighlightPage = { pageId: notes.id, title: notes.title, site: 'rivers.example' };
    const valleys = { url: VALLEYS.url, title: VALLEYS.title };
    const deltas = { url: DELTAS.url, title: DELTAS.title };
    const add = (id: string, text: string, passage: string): HighlightChange => ({
      action: 'add',
      highlight: highlight(id, text, passage),
    });
    await send(ctx, session(valleys, site).s, add('hl-valley1', VALLEYS.text, 'carve valleys'));
    await send(ctx, session(deltas, site).s, add('hl-delta1', DELTAS.text, 'Silt settles'));
    await send(ctx, session(valleys, site).s, add('hl-valley2', VALLEYS.text, 'floods widen'));
    expect(await idsIn(notes.id)).toEqual(['hl-valley1', 'hl-delta1', 'hl-valley2']);

    // The valleys page again, from another link to it: its two highlights, none of the deltas'.
    const again = { url: 'https://rivers.example/valleys#floods', title: VALLEYS.title };
    const onValleys = await loadHighlights(ctx, again, site);
    expect(onValleys.listed.map((h) => h.id)).toEqual(['hl-valley1', 'hl-valley2']);
    expect(onValleys.listed[0]!.selectors.quote.exact).toBe('carve valleys');
    expect(onValleys.others).toEqual(['hl-delta1']);
    const onDeltas = await loadHighlights(ctx, deltas, site);
    expect(onDeltas.listed.map((h) => h.id)).toEqual(['hl-delta1']);
    // A page of the site without highlights of its own lists none.
    const lakes = { url: 'https://rivers.example/lakes', title: 'Lakes' };
    expect((await loadHighlights(ctx, lakes, site)).listed).toEqual([]);

    // From the valleys page, the deltas' highlight cannot be removed or recoloured.
    const { s, told } = session(again, site, new Set(onValleys.others));
    await send(ctx, s, { action: 'remove', id: 'hl-delta1' });
    await send(ctx, s, { action: 'update', id: 'hl-delta1', color: 'pink' });
    expect(told.map((u) => u.type === 'status' && u.tone)).toEqual(['problem', 'problem']);
    await send(ctx, s, { action: 'remove', id: 'hl-valley2' });
    expect(await idsIn(notes.id)).toEqual(['hl-valley1', 'hl-delta1']);
    const { markdown } = await svc.api.getContent(notes.id);
    expect(readHighlights(markdown).highlights[1]).toMatchObject({
      id: 'hl-delta1',
      color: 'yellow',
    });

    // The same page as a page's own clip (no site): every highlight in it, as before.
    const own: HighlightPage = { pageId: notes.id, title: notes.title };
    expect((await loadHighlights(ctx, again, own)).listed.map((h) => h.id)).toEqual([
      'hl-valley1',
      'hl-delta1',
    ]);
  });

  it('leaves alone an entry whose link to its page the user took out', () => {
    const h = highlight('hl-nolink', VALLEYS.text, 'carve valleys');
    const record = renderRecord(h);
    const markdown = `# Notes\n\n## Highlights\n\n> carve valleys\n\n${record}\n`;
    expect(readHighlights(markdown).highlights.map((x) => x.id)).toEqual(['hl-nolink']);
    const site = { pageId: crypto.randomUUID(), title: 'Notes', site: 'rivers.example' };
    expect(highlightsForPage(markdown, VALLEYS, site)).toEqual({
      listed: [],
      others: ['hl-nolink'],
    });
  });
});
