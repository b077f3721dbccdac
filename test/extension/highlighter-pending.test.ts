/**
 * The highlighter's first highlight clips the page first; while that clip waits in the outbox
 * (the service is unavailable, behind the fault proxy) later highlights, edits and removals,
 * from the same tab or after a reload, wait for that one page: the page is clipped once and
 * ends up with every change, in order, through the real outbox and the real service.
 */
import { describe, expect, it } from 'vitest';
import { describeSpan } from '../../lib/anchoring';
import type { BackgroundContext } from '../../lib/background/context';
import { attachPendingClips } from '../../lib/background/highlighter-pending';
import type { ExtractedPage } from '../../lib/background/highlighter-target';
import { saveHighlightChange, type ChangeSession } from '../../lib/background/highlighter-write';
import type { StoredHighlight } from '../../lib/clip-markdown/highlight-record';
import { readHighlights } from '../../lib/clip-markdown/highlights-section';
import type { HighlighterUpdate } from '../../lib/messaging/highlighter';
import { testBackground } from '../helpers/background-context';
import { useRig } from '../outbox/rig';

const rig = useRig();

const TEXT =
  'Salt marshes are coastal wetlands that are flooded and drained by salt water brought in by the tides.';
const URL = 'https://e.x/marsh';

function highlight(id: string, passage: string): StoredHighlight {
  const start = TEXT.indexOf(passage);
  return {
    id,
    color: 'yellow',
    selectors: describeSpan(TEXT, start, start + passage.length),
    note: '',
  };
}

const context = (): BackgroundContext =>
  testBackground({ now: () => rig.clock.now, outbox: rig.makeOutbox() });

/** One tab's highlighter session, as the port's session is, with what it was told. */
function tab(tabId: number, told: HighlighterUpdate[]): ChangeSession {
  return { tabId, page: { url: URL, title: 'Marshes' }, target: null, post: (u) => told.push(u) };
}

const serviceDown = () => rig.proxy.setRandom({ seed: 1, probabilities: { unavailable: 1 } });

describe('highlights while the page is being clipped', () => {
  it('clips the page once and saves every later change in it, in order', async () => {
    const ctx = context();
    const title = `Marshes ${crypto.randomUUID()}`;
    let extractions = 0;
    const extract = async (): Promise<ExtractedPage> => {
      extractions++;
      return { ok: true, title, markdown: `# ${title}\n\n${TEXT}` };
    };
    const told: HighlighterUpdate[] = [];
    const first = tab(7, told);
    serviceDown();

    await saveHighlightChange(
      ctx,
      first,
      { action: 'add', highlight: highlight('hl-aaaa1', 'coastal wetlands') },
      extract,
    );
    await saveHighlightChange(
      ctx,
      first,
      { action: 'add', highlight: highlight('hl-bbbb2', 'salt water') },
      extract,
    );
    await saveHighlightChange(
      ctx,
      first,
      { action: 'update', id: 'hl-aaaa1', note: 'Where?' },
      extract,
    );
    await saveHighlightChange(
      ctx,
      first,
      { action: 'add', highlight: highlight('hl-cccc3', 'the tides') },
      extract,
    );
    await saveHighlightChange(ctx, first, { action: 'remove', id: 'hl-cccc3' }, extract);
    // The tab reloaded: a new session for the same page, still without a clip.
    const reloaded = tab(7, told);
    await saveHighlightChange(
      ctx,
      reloaded,
      { action: 'add', highlight: highlight('hl-dddd4', 'flooded and drained') },
      extract,
    );

    expect(extractions).toBe(1);
    const kinds = (await ctx.outbox.list()).map((e) => e.write.kind);
    expect(kinds).toEqual(['create-page']);
    expect(told.at(-1)).toMatchObject({ type: 'status', tone: 'progress' });

    rig.proxy.reset();
    await rig.drain(ctx.outbox);
    await attachPendingClips(ctx);
    await rig.drain(ctx.outbox);

    const pages = await rig.direct.resolvePages({ title });
    expect(pages).toHaveLength(1);
    const { markdown } = await rig.direct.getContent(pages[0]!.id);
    expect(readHighlights(markdown).highlights.map((h) => [h.id, h.note])).toEqual([
      ['hl-aaaa1', 'Where?'],
      ['hl-bbbb2', ''],
      ['hl-dddd4', ''],
    ]);

    // Once the page is saved, a change goes straight to it.
    await saveHighlightChange(
      ctx,
      reloaded,
      { action: 'update', id: 'hl-bbbb2', color: 'green' },
      extract,
    );
    expect(reloaded.target?.pageId).toBe(pages[0]!.id);
    await rig.drain(ctx.outbox);
    const after = readHighlights((await rig.direct.getContent(pages[0]!.id)).markdown);
    expect(after.highlights.find((h) => h.id === 'hl-bbbb2')?.color).toBe('green');
    expect(extractions).toBe(1);
  });

  it('says so when a change has no page to go to', async () => {
    const told: HighlighterUpdate[] = [];
    await saveHighlightChange(context(), tab(8, told), { action: 'remove', id: 'hl-eeee5' });
    expect(told).toEqual([expect.objectContaining({ type: 'status', tone: 'problem' })]);
  });
});
