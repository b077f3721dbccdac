// @vitest-environment happy-dom
/**
 * The highlighter from the keyboard: with the palette open (the shortcut opens it, focused),
 * Previous and Next step through the page's highlights in the page's order, each scrolled into
 * view and named with its place and quote; an orphan is removed from its list.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { mountPalette, type PaletteActions } from '../../components/highlighter-palette';
import { describeRange } from '../../lib/anchoring';
import { describeSpan } from '../../lib/anchoring/selectors';
import { highlighterLabels } from '../../lib/background/highlighter-labels';
import type { StoredHighlight } from '../../lib/clip-markdown/highlight-record';
import { HighlighterController, type PaletteLike } from '../../lib/highlighter/controller';
import { createPainter } from '../../lib/highlighter/paint';
import { HighlightSession } from '../../lib/highlighter/session';
import type { HighlighterMessage } from '../../lib/messaging/highlighter';

beforeEach(() => {
  fakeBrowser.reset();
  for (const host of document.querySelectorAll('pageclip-highlighter')) host.remove();
  document.body.innerHTML =
    '<p>Salt marshes are coastal wetlands flooded by the tides.</p><p>Herons stalk the creeks.</p>';
});

function stored(id: string, text: string): StoredHighlight {
  const node = [...document.querySelectorAll('p')]
    .map((p) => p.firstChild as Text)
    .find((t) => t.data.includes(text))!;
  const range = document.createRange();
  range.setStart(node, node.data.indexOf(text));
  range.setEnd(node, node.data.indexOf(text) + text.length);
  return { id, color: 'yellow', selectors: describeRange(document.body, range)!, note: '' };
}

function open() {
  const sent: HighlighterMessage[] = [];
  const revealed: string[] = [];
  const views: Parameters<PaletteLike['update']>[0][] = [];
  let actions: PaletteActions | null = null;
  const controller = new HighlighterController({
    session: new HighlightSession(document.body, createPainter(document), (n) =>
      crypto.getRandomValues(new Uint8Array(n)),
    ),
    send: (m) => sent.push(m),
    selection: () => document.getSelection(),
    reveal: (range) => revealed.push(range.toString()),
    mountPalette: (a) => {
      actions = a;
      const real = mountPalette(document, a);
      return { ...real, update: (v) => (views.push(v), real.update(v)) };
    },
  });
  const orphan: StoredHighlight = {
    id: 'hl-gone1',
    color: 'blue',
    selectors: describeSpan('A passage the page no longer has at all.', 2, 30),
    note: '',
  };
  // Stored out of the page's order: stepping follows the page, not the list.
  controller.receive({
    type: 'state',
    mode: 'on',
    highlights: [
      stored('hl-later', 'Herons stalk'),
      orphan,
      stored('hl-first', 'coastal wetlands'),
    ],
    labels: highlighterLabels(),
  });
  return { controller, sent, revealed, views, actions: () => actions! };
}

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
