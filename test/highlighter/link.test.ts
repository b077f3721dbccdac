// @vitest-environment happy-dom
/**
 * The page script after the worker stopped: its port closed, the reader's next highlight opens
 * a new port (hello with `resume`, then the highlight), and when no port can be had the palette
 * says the background cannot be reached. The ports are in-memory pairs that behave as
 * Chromium's do: a closed port throws on `postMessage`, and `connect` throws once the
 * extension is gone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { mountPalette } from '../../components/highlighter-palette';
import { describeRange } from '../../lib/anchoring';
import { highlighterLabels } from '../../lib/background/highlighter-labels';
import { HighlighterController, type PaletteLike } from '../../lib/highlighter/controller';
import { HighlighterLink, type PortLike } from '../../lib/highlighter/link';
import { createPainter } from '../../lib/highlighter/paint';
import { HighlightSession } from '../../lib/highlighter/session';
import type { HighlighterMessage, HighlighterUpdate } from '../../lib/messaging/highlighter';
import { rangeOf } from './palette-rig';

/** The background's end of one port. */
class WorkerEnd {
  received: unknown[] = [];
  closed = false;
  private toPage: ((m: HighlighterUpdate) => void)[] = [];
  private onClose: (() => void)[] = [];
  readonly page: PortLike = {
    postMessage: (m) => {
      if (this.closed) throw new Error('Attempting to use a disconnected port object');
      this.received.push(m);
    },
    disconnect: () => {
      this.closed = true;
    },
    onMessage: { addListener: (l) => void this.toPage.push(l) },
    onDisconnect: { addListener: (l) => void this.onClose.push(l) },
  };
  answer(update: HighlighterUpdate): void {
    for (const l of this.toPage) l(update);
  }
  /** The worker stopped (or refused the port): the page hears the disconnect. */
  stop(): void {
    this.closed = true;
    for (const l of this.onClose) l();
  }
}

const HELLO: Extract<HighlighterMessage, { type: 'hello' }> = {
  type: 'hello',
  id: '0b7c0a8e-3d5e-4a4c-9b0e-1f2a3b4c5d6e',
  title: 'Marshes',
};

function pageScript() {
  document.body.innerHTML =
    '<p>Salt marshes are coastal wetlands flooded by the tides.</p><p>Herons stalk the creeks.</p>';
  const ports: WorkerEnd[] = [];
  let extensionGone = false;
  const views: Parameters<PaletteLike['update']>[0][] = [];
  let controller: HighlighterController | null = null;
  const link = new HighlighterLink({
    connect: () => {
      if (extensionGone) throw new Error('Extension context invalidated.');
      const end = new WorkerEnd();
      ports.push(end);
      return end.page;
    },
    hello: HELLO,
    receive: (u) => controller?.receive(u),
    unreachable: () => controller?.unreachable(),
  });
  controller = new HighlighterController({
    session: new HighlightSession(document.body, createPainter(document), (n) =>
      crypto.getRandomValues(new Uint8Array(n)),
    ),
    send: (m) => link.send(m),
    selection: () => document.getSelection(),
    reveal: () => undefined,
    mountPalette: (actions) => {
      const real = mountPalette(document, actions);
      return { ...real, update: (v) => (views.push(v), real.update(v)) };
    },
  });
  link.start();
  const select = (text: string) => {
    const range = rangeOf(text);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    controller!.selectionDone();
    return describeRange(document.body, range);
  };
  return { ports, controller, views, select, goAway: () => (extensionGone = true) };
}

beforeEach(() => {
  fakeBrowser.reset();
  document.body.innerHTML = '';
  for (const host of document.querySelectorAll('pageclip-highlighter')) host.remove();
});

const labels = () => highlighterLabels();
const sentTypes = (end: WorkerEnd) => end.received.map((m) => (m as { type: string }).type);

describe('the page script after the worker stopped', () => {
  it('connects again on the next highlight, hello (resume) first', () => {
    const page = pageScript();
    const [first] = page.ports;
    expect(first!.received).toEqual([HELLO]);
    first!.answer({ type: 'state', mode: 'on', highlights: [], labels: labels() });
    page.select('coastal wetlands');
    expect(sentTypes(first!)).toEqual(['hello', 'add']);

    first!.stop();
    page.select('Herons');
    expect(page.ports).toHaveLength(2);
    const second = page.ports[1]!;
    expect(second.received[0]).toEqual({ ...HELLO, resume: true });
    expect(sentTypes(second)).toEqual(['hello', 'add']);
    // The new port's state keeps what the page shows (both highlights).
    second.answer({ type: 'state', mode: 'draw', highlights: [], labels: labels() });
    expect(page.controller.highlights).toHaveLength(2);
    expect(page.views.at(-1)?.status).toBeNull();
  });

  it('says the background cannot be reached when the new port is refused', () => {
    const page = pageScript();
    page.ports[0]!.answer({ type: 'state', mode: 'on', highlights: [], labels: labels() });
    page.ports[0]!.stop();
    page.select('coastal wetlands');
    page.ports[1]!.stop();
    expect(page.views.at(-1)?.status).toEqual({ tone: 'problem', text: labels().unreachable });
  });

  it('says so when the extension is gone (reloaded or updated)', () => {
    const page = pageScript();
    page.ports[0]!.answer({ type: 'state', mode: 'on', highlights: [], labels: labels() });
    page.ports[0]!.stop();
    page.goAway();
    page.select('Herons');
    expect(page.ports).toHaveLength(1);
    expect(page.views.at(-1)?.status).toEqual({ tone: 'problem', text: labels().unreachable });
  });
});
