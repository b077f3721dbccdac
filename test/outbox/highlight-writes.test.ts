/**
 * `highlight-page` writes through the real outbox and the real service behind the fault
 * proxy: each change lands exactly once however its answers are lost, and a page edited
 * between the read and the edit is read again and the edit redone.
 */
import { describe, expect, it } from 'vitest';
import { describeSpan } from '../../lib/anchoring';
import { readHighlights } from '../../lib/clip-markdown/highlights-section';
import type { StoredHighlight } from '../../lib/clip-markdown/highlight-record';
import type { HighlightChange } from '../../lib/clip-markdown/highlight-schema';
import type { WriteRequest } from '../../lib/write-request';
import { countOf, useRig } from './rig';

const rig = useRig();

const uuid = (): string => crypto.randomUUID();
const TEXT =
  'Salt marshes are coastal wetlands that are flooded and drained by salt water brought in by the tides.';
const URL = 'https://e.x/marsh';

function highlight(id: string, passage: string, note = ''): StoredHighlight {
  const start = TEXT.indexOf(passage);
  return {
    id,
    color: 'yellow',
    selectors: describeSpan(TEXT, start, start + passage.length),
    note,
  };
}

const write = (pageId: string, change: HighlightChange): WriteRequest => ({
  kind: 'highlight-page',
  clipId: uuid(),
  pageId,
  pageUrl: URL,
  change,
});

async function page(markdown: string): Promise<string> {
  const folder = await rig.newFolder();
  return (await rig.direct.createPage({ title: `P ${uuid()}`, markdown, parentId: folder })).id;
}

const EDITS = /\/edits$/;
const APPENDS = /content-operations$/;

describe('outbox: highlight-page', () => {
  it('adds a section, then entries, each once, though every answer is lost', async () => {
    const id = await page('# Marshes\n\nMy clip.');
    const outbox = rig.makeOutbox();
    rig.proxy.addRule({ method: 'POST', path: APPENDS, faults: ['drop-after-apply', 'reset'] });
    rig.proxy.addRule({
      method: 'POST',
      path: EDITS,
      faults: ['drop-after-apply', 'unavailable', 'drop-after-apply'],
    });
    const first = highlight('hl-aaaa1', 'coastal wetlands');
    const second = highlight('hl-bbbb2', 'flooded and drained by salt water', 'Depth?');
    await outbox.enqueue(write(id, { action: 'add', highlight: first }), 'Marshes');
    await outbox.enqueue(write(id, { action: 'add', highlight: second }), 'Marshes');
    await rig.drain(outbox);

    const { markdown } = await rig.direct.getContent(id);
    expect(countOf(markdown, '## Highlights')).toBe(1);
    expect(countOf(markdown, '[pageclip-highlight:hl-aaaa1]')).toBe(1);
    expect(countOf(markdown, '[pageclip-highlight:hl-bbbb2]')).toBe(1);
    expect(readHighlights(markdown).highlights.map((h) => [h.id, h.note])).toEqual([
      ['hl-aaaa1', ''],
      ['hl-bbbb2', 'Depth?'],
    ]);
    expect((await outbox.list()).map((e) => e.status)).toEqual(['saved', 'saved']);
  });

  it('changes a note and removes a highlight exactly once under lost answers', async () => {
    const id = await page('# Marshes');
    const outbox = rig.makeOutbox();
    const a = highlight('hl-cccc3', 'coastal wetlands');
    const b = highlight('hl-dddd4', 'brought in by the tides');
    await outbox.enqueue(write(id, { action: 'add', highlight: a }), 'Marshes');
    await outbox.enqueue(write(id, { action: 'add', highlight: b }), 'Marshes');
    await rig.drain(outbox);

    rig.proxy.addRule({
      method: 'POST',
      path: EDITS,
      faults: ['drop-after-apply', 'drop-after-apply', 'reset'],
    });
    await outbox.enqueue(
      write(id, { action: 'update', id: 'hl-cccc3', note: 'Check the **depth**.', color: 'green' }),
      'Marshes',
    );
    await outbox.enqueue(write(id, { action: 'remove', id: 'hl-dddd4' }), 'Marshes');
    await rig.drain(outbox);

    const { markdown } = await rig.direct.getContent(id);
    const read = readHighlights(markdown).highlights;
    expect(read.map((h) => [h.id, h.color, h.note])).toEqual([
      ['hl-cccc3', 'green', 'Check the **depth**.'],
    ]);
    expect(countOf(markdown, 'Check the **depth**.')).toBe(1);
    expect(markdown).not.toContain('brought in by the tides');
  });

  it('reads again and redoes the edit when the page changed under it', async () => {
    const id = await page('# Marshes');
    const outbox = rig.makeOutbox();
    await outbox.enqueue(
      write(id, { action: 'add', highlight: highlight('hl-eeee5', 'coastal wetlands') }),
      'Marshes',
    );
    await rig.drain(outbox);
    // Another browser recolours the last highlight (its record line) between this delivery's
    // read and its edit: the edit no longer matches; delivery reads again and redoes it.
    const before = await rig.direct.getContent(id);
    let edited = false;
    const editing = rig.makeOutbox({
      getClient: async () => {
        if (!edited) {
          edited = true;
          return new Proxy(rig.client, {
            get(target, prop, receiver) {
              if (prop !== 'applyEdits') return Reflect.get(target, prop, receiver) as unknown;
              return async (...args: Parameters<typeof target.applyEdits>) => {
                const now = await rig.direct.getContent(id);
                await rig.direct.replaceContent(id, now.markdown.replace('"yellow"', '"blue"'), {
                  ifMatch: now.etag,
                });
                return target.applyEdits(...args);
              };
            },
          });
        }
        return rig.client;
      },
    });
    await editing.enqueue(
      write(id, { action: 'add', highlight: highlight('hl-ffff6', 'brought in by the tides') }),
      'Marshes',
    );
    await rig.drain(editing);
    const { markdown } = await rig.direct.getContent(id);
    expect(markdown.startsWith(before.markdown.replace('"yellow"', '"blue"'))).toBe(true);
    expect(readHighlights(markdown).highlights.map((h) => [h.id, h.color])).toEqual([
      ['hl-eeee5', 'blue'],
      ['hl-ffff6', 'yellow'],
    ]);
    const editKeys = rig.sentKeys.filter((r) => EDITS.test(r.url)).map((r) => r.key);
    expect(new Set(editKeys.slice(-2)).size).toBe(2);
    expect((await editing.list())[0]?.status).toBe('saved');
  });

  it('saves a change the page already shows without writing', async () => {
    const id = await page('# Marshes');
    const outbox = rig.makeOutbox();
    await outbox.enqueue(write(id, { action: 'remove', id: 'hl-gone7' }), 'Marshes');
    const before = await rig.direct.getContent(id);
    await rig.drain(outbox);
    expect((await rig.direct.getContent(id)).etag).toBe(before.etag);
    expect((await outbox.list())[0]?.status).toBe('saved');
  });
});
