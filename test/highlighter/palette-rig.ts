// A highlighter controller on a happy-dom page with the real session, painter and palette,
// recording what it sends, reveals and shows. Used with `// @vitest-environment happy-dom`.
import { beforeEach } from 'vitest';
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

/** Resets the browser and the page: two paragraphs, no highlighter. */
export function usePalettePage(): void {
  beforeEach(() => {
    fakeBrowser.reset();
    for (const host of document.querySelectorAll('pageclip-highlighter')) host.remove();
    document.body.innerHTML =
      '<p>Salt marshes are coastal wetlands flooded by the tides.</p><p>Herons stalk the creeks.</p>';
  });
}

/** The range of `text` in the page's paragraphs. */
export function rangeOf(text: string): Range {
  const node = [...document.querySelectorAll('p')]
    .map((p) => p.firstChild as Text)
    .find((t) => t.data.includes(text))!;
  const range = document.createRange();
  range.setStart(node, node.data.indexOf(text));
  range.setEnd(node, node.data.indexOf(text) + text.length);
  return range;
}

export function stored(id: string, text: string): StoredHighlight {
  return { id, color: 'yellow', selectors: describeRange(document.body, rangeOf(text))!, note: '' };
}

export function open() {
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
