/**
 * The draft writer against a background on fakeBrowser that records `draft.set` (the
 * component tests' fake background, which checks each request against the contract). The
 * pause is a real timer under vitest's fake clock, so the test controls time exactly.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DRAFT_DELAY_MS, draftAutosave } from '../../lib/ui/draft-autosave';
import { installFakeBackground, type FakeBackground } from '../components/support/fake-background';

const draft = {
  url: 'https://example.com/rivers',
  title: 'Rivers',
  mode: 'article' as const,
  note: '',
  body: 'text',
  quickNote: '',
};

let bg: FakeBackground;
beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  bg = installFakeBackground();
});
afterEach(() => vi.useRealTimers());

const writes = () => bg.callsOf('draft.set').map((c) => c.draft);

describe('draft autosave', () => {
  it('writes once the user paused, only the latest text, stamped with the time of writing', async () => {
    const saver = draftAutosave(DRAFT_DELAY_MS, () => 1234);
    saver.schedule({ ...draft, body: 'te' });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS - 1);
    saver.schedule(draft);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS - 1);
    expect(writes()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(writes()).toEqual([{ ...draft, savedAt: 1234 }]));
  });

  it('drops a waiting write on cancel, and clear forgets the stored draft', async () => {
    const saver = draftAutosave();
    saver.schedule(draft);
    saver.cancel();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect(writes()).toEqual([]);
    saver.schedule(draft);
    saver.clear();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    await vi.waitFor(() => expect(writes()).toEqual([null]));
  });
});
