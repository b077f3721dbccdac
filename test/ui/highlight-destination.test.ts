/** The popup's choice of where highlights go on a page without a clip, as a pure reducer. */
import { describe, expect, it } from 'vitest';
import {
  destinationMode,
  destinationReducer,
  rememberedPage,
  sitePageOf,
  type DestinationState,
} from '../../lib/ui/highlight-destination';

const PAGE = { pageId: '44444444-4444-4444-8444-444444444444', title: 'Reading journal' };
const URL = 'https://example.com/rivers';

function loaded(answer: Parameters<typeof destinationReducer>[1] & { type: 'loaded' }) {
  return destinationReducer({ phase: 'loading' }, answer);
}

function ready(chosen: typeof PAGE | null = null) {
  const state = loaded({
    type: 'loaded',
    url: URL,
    answer: { site: 'example.com', clipped: false, chosen },
  });
  if (state.phase !== 'ready') throw new Error('not ready');
  return state;
}

describe('where highlights go', () => {
  it('is offered only for a page on a website that has no clip', () => {
    expect(ready()).toMatchObject({ phase: 'ready', site: 'example.com', url: URL });
    const clipped = { site: 'example.com', clipped: true, chosen: PAGE };
    const withClip = loaded({ type: 'loaded', url: URL, answer: clipped });
    // The popover opens to say the clip gets them; nothing can be chosen or picked there.
    expect(withClip).toMatchObject({ phase: 'ready', clipped: true });
    expect(rememberedPage(withClip)).toBeNull();
    expect(destinationReducer(withClip, { type: 'mode', mode: 'page' })).toBe(withClip);
    const noSite = { site: null, clipped: false, chosen: null };
    expect(loaded({ type: 'loaded', url: 'file:///a', answer: noSite })).toEqual({
      phase: 'hidden',
    });
    expect(loaded({ type: 'loaded', url: '', answer: null })).toEqual({ phase: 'hidden' });
  });

  it('clips the page first by default; the popover opens and closes, dropping the pickers', () => {
    const state = ready();
    expect(destinationMode(state)).toBe('clip');
    expect(state.open).toBe(false);
    const open = destinationReducer(state, { type: 'toggle' });
    expect(open).toMatchObject({ open: true });
    const picking = destinationReducer(open, { type: 'mode', mode: 'page' });
    expect(destinationReducer(picking, { type: 'close' })).toMatchObject({
      open: false,
      picking: false,
    });
    expect(destinationReducer(open, { type: 'toggle' })).toMatchObject({ open: false });
  });

  it('shows the pickers for "Add highlights to a page…" and keeps the page once chosen', () => {
    let state: DestinationState = destinationReducer(ready(), { type: 'mode', mode: 'page' });
    expect(state).toMatchObject({ picking: true });
    state = destinationReducer(state, { type: 'folder', id: 'f1' });
    state = destinationReducer(state, { type: 'sending' });
    expect(state).toMatchObject({ busy: true, folderId: 'f1' });
    state = destinationReducer(state, { type: 'chosen', chosen: PAGE });
    expect(state).toMatchObject({ chosen: PAGE, picking: false, busy: false });
    if (state.phase !== 'ready') throw new Error('not ready');
    expect(destinationMode(state)).toBe('page');
  });

  it('starts from the page remembered for the site, and forgetting it goes back to clipping', () => {
    let state: DestinationState = ready(PAGE);
    if (state.phase !== 'ready') throw new Error('not ready');
    expect(destinationMode(state)).toBe('page');
    expect(rememberedPage(state)).toEqual(PAGE);
    state = destinationReducer(state, { type: 'chosen', chosen: null });
    if (state.phase !== 'ready') throw new Error('not ready');
    expect(destinationMode(state)).toBe('clip');
  });

  it('keeps the choice and says why when remembering it failed', () => {
    let state: DestinationState = destinationReducer(ready(), { type: 'mode', mode: 'page' });
    state = destinationReducer(state, { type: 'sending' });
    state = destinationReducer(state, { type: 'failed', message: 'Not connected' });
    expect(state).toMatchObject({
      busy: false,
      picking: true,
      chosen: null,
      error: 'Not connected',
    });
  });

  it('sends the picked page by id with a title the schema accepts', () => {
    expect(sitePageOf({ id: PAGE.pageId, title: 'x'.repeat(600) }).title).toHaveLength(500);
    expect(sitePageOf({ id: PAGE.pageId, title: '' }).title).toBe(PAGE.pageId);
  });
});
