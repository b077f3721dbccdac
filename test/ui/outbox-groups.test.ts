import { describe, expect, it } from 'vitest';
import {
  entryDestination,
  entryTitle,
  failedWithPreviousConnection,
  groupOutbox,
} from '../../lib/ui/outbox-groups';
import { entry } from '../components/support/fake-background';

const FOLDER = '11111111-1111-4111-8111-111111111111';

describe('groupOutbox', () => {
  it('puts queued and sending clips under waiting, failed ones under failed, and leaves saved out', () => {
    const queued = entry({ status: 'queued' });
    const sending = entry({ status: 'sending' });
    const failed = entry({ status: 'failed' });
    const saved = entry({ status: 'saved' });
    const groups = groupOutbox([queued, failed, saved, sending]);
    expect(groups.waiting.map((e) => e.id)).toEqual([queued.id, sending.id]);
    expect(groups.failed.map((e) => e.id)).toEqual([failed.id]);
  });

  it('leaves out the clip the save feedback shows and the failures of a previous connection', () => {
    const shown = entry({ status: 'queued' });
    const previous = entry({ status: 'failed', previousConnection: true });
    const groups = groupOutbox([shown, previous], [shown.id]);
    expect(groups).toEqual({ waiting: [], failed: [] });
    expect(failedWithPreviousConnection([shown, previous])).toEqual([previous]);
  });
});

describe('entryTitle and entryDestination', () => {
  it('names a new page by its title, in its folder or at the top level', () => {
    const clipId = crypto.randomUUID();
    const e = entry({
      id: clipId,
      write: { kind: 'create-page', clipId, title: 'Rivers', markdown: 'x', parentId: FOLDER },
    });
    expect(entryTitle(e)).toBe('Rivers');
    expect(entryDestination(e, [{ id: FOLDER, name: 'Work' }])).toEqual({
      kind: 'new-page',
      folder: { id: FOLDER, name: 'Work' },
    });
    expect(entryDestination(e, [])).toEqual({
      kind: 'new-page',
      folder: { id: FOLDER, name: null },
    });
  });

  it('names an append by its section heading and its page', () => {
    const clipId = crypto.randomUUID();
    const e = entry({
      id: clipId,
      label: 'Journal',
      write: {
        kind: 'add-to-page',
        clipId,
        pageId: FOLDER,
        operation: 'append',
        content: 'A note\n\n## [Valleys](https://example.com)\n\nbody',
      },
    });
    expect(entryTitle(e)).toBe('Valleys');
    expect(entryDestination(e, [])).toEqual({ kind: 'page', page: 'Journal', folder: null });
    const plain = entry({
      id: clipId,
      write: {
        kind: 'add-to-page',
        clipId,
        pageId: FOLDER,
        operation: 'append',
        content: '\nJust a thought',
      },
    });
    expect(entryTitle(plain)).toBe('Just a thought');
  });
});
