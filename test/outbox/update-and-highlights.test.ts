import { describe, expect, it } from 'vitest';
import type { WriteRequest } from '../../lib/write-request';
import { countOf, useRig } from './rig';

const rig = useRig();

const uuid = (): string => crypto.randomUUID();

async function page(markdown: string): Promise<{ id: string; etag: string }> {
  const folder = await rig.newFolder();
  const created = await rig.direct.createPage({ title: `P ${uuid()}`, markdown, parentId: folder });
  const { etag } = await rig.direct.getContent(created.id);
  return { id: created.id, etag };
}

function update(pageId: string, ifMatch: string, markdown: string): WriteRequest {
  return { kind: 'update-page', clipId: uuid(), pageId, ifMatch, markdown };
}

function highlights(pageId: string, quotes: string[]): WriteRequest {
  const items = quotes.map((quote) => ({ quote, content: `> ${quote}\n> — [Src](https://e.x/)` }));
  return {
    kind: 'add-to-page',
    clipId: uuid(),
    pageId,
    operation: 'append',
    content: items.map((h) => h.content).join('\n\n'),
    highlights: items,
  };
}

describe('outbox: update-page (PUT with If-Match)', () => {
  it('replaces an unchanged page and records the new ETag', async () => {
    const p = await page('old version');
    const outbox = rig.makeOutbox();
    const entry = await outbox.enqueue(update(p.id, p.etag, 'new version'), 'P');
    await rig.drain(outbox);
    const saved = await outbox.get(entry.id);
    const now = await rig.direct.getContent(p.id);
    expect(saved?.status).toBe('saved');
    expect(now.markdown).toBe('new version');
    expect(saved?.result).toEqual({ pageId: p.id, etag: now.etag });
    expect(now.etag).not.toBe(p.etag);
  });

  it('never overwrites a page edited since: the entry fails with the refusal', async () => {
    const p = await page('old version');
    await rig.direct.replaceContent(p.id, 'edited by hand', { ifMatch: p.etag });
    const outbox = rig.makeOutbox();
    const entry = await outbox.enqueue(update(p.id, p.etag, 'new version'), 'P');
    await rig.drain(outbox);
    const failed = await outbox.get(entry.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.lastError?.code).toBe('revision_mismatch');
    expect((await rig.direct.getContent(p.id)).markdown).toBe('edited by hand');
  });

  it('a retry after the PUT applied (answer lost) is saved, not refused', async () => {
    const p = await page('old version');
    rig.proxy.addRule({ method: 'PUT', path: /\/content$/, faults: ['drop-after-apply'] });
    const outbox = rig.makeOutbox();
    const entry = await outbox.enqueue(update(p.id, p.etag, 'new version'), 'P');
    await rig.drain(outbox);
    const saved = await outbox.get(entry.id);
    expect(rig.proxy.counts()['drop-after-apply']).toBe(1);
    expect(saved?.status).toBe('saved');
    expect(saved?.attempts).toBe(2);
    const now = await rig.direct.getContent(p.id);
    expect(now.markdown).toBe('new version');
    expect(saved?.result?.etag).toBe(now.etag);
  });
});

describe('outbox: only new highlights', () => {
  it('appends the same highlight twice: stored once, the second says it was already there', async () => {
    const p = await page('# Notes');
    const outbox = rig.makeOutbox();
    const first = await outbox.enqueue(highlights(p.id, ['A sentence worth keeping.']), 'P');
    const second = await outbox.enqueue(highlights(p.id, ['A  sentence worth\nkeeping.']), 'P');
    await rig.drain(outbox);
    const markdown = (await rig.direct.getContent(p.id)).markdown;
    expect(countOf(markdown, 'A sentence worth keeping.')).toBe(1);
    expect((await outbox.get(first.id))?.result?.highlights).toEqual({ added: 1, already: 0 });
    expect((await outbox.get(second.id))?.result?.highlights).toEqual({ added: 0, already: 1 });
  });

  it('several at once: only the new ones are appended, and the counts say so', async () => {
    const p = await page('# Notes\n\n> One.\n\n> Two.\n\n> *Three.*');
    const outbox = rig.makeOutbox();
    const entry = await outbox.enqueue(
      highlights(p.id, ['One.', 'Four.', 'Two.', 'Five.', 'Three.']),
      'P',
    );
    await rig.drain(outbox);
    const markdown = (await rig.direct.getContent(p.id)).markdown;
    expect((await outbox.get(entry.id))?.result?.highlights).toEqual({ added: 2, already: 3 });
    for (const quote of ['One.', 'Two.', 'Four.', 'Five.'])
      expect(countOf(markdown, quote)).toBe(1);
  });

  it('a lost answer is replayed with the same request (same key, same content)', async () => {
    const p = await page('# Notes');
    rig.proxy.addRule({
      method: 'POST',
      path: /content-operations$/,
      faults: ['drop-after-apply'],
    });
    const outbox = rig.makeOutbox();
    const entry = await outbox.enqueue(highlights(p.id, ['Only once.']), 'P');
    await rig.drain(outbox);
    const saved = await outbox.get(entry.id);
    expect(saved?.status).toBe('saved');
    expect(saved?.result?.highlights).toEqual({ added: 1, already: 0 });
    expect(countOf((await rig.direct.getContent(p.id)).markdown, 'Only once.')).toBe(1);
  });

  it('a one-word highlight is new even where the word occurs in the page text', async () => {
    const p = await page('# Notes\n\nThe city is full of foxes.\n\n> Foxes moved into the city.');
    const outbox = rig.makeOutbox();
    const entry = await outbox.enqueue(
      highlights(p.id, ['city', 'Foxes moved into the city.']),
      'P',
    );
    await rig.drain(outbox);
    expect((await outbox.get(entry.id))?.result?.highlights).toEqual({ added: 1, already: 1 });
    const markdown = (await rig.direct.getContent(p.id)).markdown;
    expect(markdown).toContain('> city\n> — [Src](https://e.x/)');
    expect(countOf(markdown, 'Foxes moved into the city.')).toBe(1);
  });
});
