import { describe, expect, it } from 'vitest';
import { OutboxEntrySchema } from '../../lib/outbox/entry';
import { withImageProgress } from '../../lib/outbox/image-state';
import { claim, createEntry } from '../../lib/outbox/state';

const write = {
  kind: 'create-page' as const,
  clipId: crypto.randomUUID(),
  title: 'T',
  markdown: 'x',
  parentId: null,
  keepImages: true,
};

describe('kept-images delivery state', () => {
  it('records the progress on the entry being sent and extends its lease', () => {
    const entry = claim(createEntry(write, 'T', 1000), 1000, { token: 't', until: 31_000 });
    const next = withImageProgress(
      entry,
      { phase: 'fetching', done: 3, total: 12 },
      20_000,
      30_000,
    );
    expect(next.images).toEqual({ phase: 'fetching', done: 3, total: 12 });
    expect(next.lease).toEqual({ token: 't', until: 50_000 });
    expect(OutboxEntrySchema.parse(next)).toEqual(next);
  });

  it('is refused for an entry not being sent (a late answer of a stopped attempt)', () => {
    const entry = createEntry(write, 'T', 1000);
    expect(() =>
      withImageProgress(entry, { phase: 'importing', done: 1, total: 1 }, 2000, 30_000),
    ).toThrow(/not being sent/);
  });

  it('entries stored before the field existed still parse', () => {
    const entry = createEntry(write, 'T', 1000);
    const { images: _images, ...older } = { ...entry, images: undefined };
    expect(OutboxEntrySchema.safeParse(older).success).toBe(true);
  });
});
