// @vitest-environment happy-dom
/**
 * The highlighter from the keyboard: with the palette open (the shortcut opens it, focused),
 * Previous and Next step through the page's highlights in the page's order, each scrolled into
 * view and named with its place and quote; an orphan is removed from its list.
 */
import { describe, expect, it } from 'vitest';
import { open, usePalettePage } from './palette-rig';

usePalettePage();

describe('the highlighter from the keyboard', () => {
  it('steps through the highlights in the page order, each revealed and named', () => {
    const page = open();
    page.actions().onStep(1);
    expect(page.views.at(-1)?.active).toMatchObject({
      quote: 'coastal wetlands',
      position: 'Highlight 1 of 2',
    });
    page.actions().onStep(1);
    expect(page.views.at(-1)?.active?.quote).toBe('Herons stalk');
    page.actions().onStep(1);
    expect(page.views.at(-1)?.active?.quote).toBe('coastal wetlands');
    page.actions().onStep(-1);
    expect(page.views.at(-1)?.active).toMatchObject({
      quote: 'Herons stalk',
      position: 'Highlight 2 of 2',
    });
    expect(page.revealed).toEqual([
      'coastal wetlands',
      'Herons stalk',
      'coastal wetlands',
      'Herons stalk',
    ]);
    // The stepped-to highlight is the one the palette changes.
    page.actions().onRemove();
    expect(page.sent).toEqual([{ type: 'remove', id: 'hl-later' }]);
  });

  it('removes an orphan from its list', () => {
    const page = open();
    expect(page.views.at(-1)?.orphans.map((o) => o.id)).toEqual(['hl-gone1']);
    page.actions().onRemoveOrphan('hl-gone1');
    expect(page.sent).toEqual([{ type: 'remove', id: 'hl-gone1' }]);
    expect(page.views.at(-1)?.orphans).toEqual([]);
    expect(page.controller.highlights.map((h) => h.id)).toEqual(['hl-later', 'hl-first']);
  });
});
