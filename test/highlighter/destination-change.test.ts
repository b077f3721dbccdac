// @vitest-environment happy-dom
/**
 * The user picked another page for the site's highlights while the page was highlighting: the
 * background sends the highlights of the new destination, and the page lists and draws those
 * instead, as a reload would; the palette no longer shows a highlight that went away.
 */
import { describe, expect, it } from 'vitest';
import { open, stored, usePalettePage } from './palette-rig';

usePalettePage();

describe('a new destination for the page’s highlights', () => {
  it('replaces what the page lists and draws, and closes a highlight that is gone', () => {
    const page = open();
    page.actions().onStep(1);
    expect(page.views.at(-1)?.active?.quote).toBe('coastal wetlands');

    page.controller.receive({ type: 'highlights', highlights: [stored('hl-herons', 'Herons')] });
    expect(page.controller.highlights.map((h) => h.id)).toEqual(['hl-herons']);
    const view = page.views.at(-1)!;
    expect(view.placed).toBe(1);
    expect(view.orphans).toEqual([]);
    expect(view.active).toBeNull();
    // Nothing was sent: the highlights moved with the destination, none was removed.
    expect(page.sent).toEqual([]);

    page.controller.receive({ type: 'highlights', highlights: [] });
    expect(page.controller.highlights).toEqual([]);
    expect(page.views.at(-1)?.placed).toBe(0);
  });
});
