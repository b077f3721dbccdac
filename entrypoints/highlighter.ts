/**
 * The on-page highlighter (lib/background/highlighter.ts): injected into one tab on demand
 * (popup, context menu, shortcut), or loaded with the page on sites whose access the user
 * granted. Wiring only: the logic is `lib/highlighter/`, the palette
 * `components/highlighter-palette.ts`, the messages `lib/messaging/highlighter.ts`.
 */
import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { mountPalette } from '../components/highlighter-palette';
import { HighlighterController } from '../lib/highlighter/controller';
import { createPainter } from '../lib/highlighter/paint';
import { HighlightSession } from '../lib/highlighter/session';
import { HighlighterLink } from '../lib/highlighter/link';
import type { HighlighterInit } from '../lib/messaging/highlighter';
import { HIGHLIGHTER_PORT } from '../lib/messaging/highlighter-port';

const state = globalThis as {
  __pageclipHighlighter?: (init: Partial<HighlighterInit>) => void;
  __pageclipHighlighterStop?: () => void;
};

function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const doc = document as Document & {
    caretPositionFromPoint?(x: number, y: number): { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?(x: number, y: number): Range | null;
  };
  const pos = doc.caretPositionFromPoint?.(x, y);
  if (pos) return { node: pos.offsetNode, offset: pos.offset };
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

function start(id: string | undefined): void {
  // Injected again (another click): the old connection and palette give way to the new ones.
  state.__pageclipHighlighterStop?.();
  const session = new HighlightSession(document.body, createPainter(document), (n) =>
    crypto.getRandomValues(new Uint8Array(n)),
  );
  const canonical = document.querySelector<HTMLLinkElement>('link[rel~="canonical"]')?.href;
  // The link is made before the controller and used only once both exist.
  let controller: HighlighterController | null = null;
  const link = new HighlighterLink({
    connect: () => browser.runtime.connect({ name: HIGHLIGHTER_PORT }),
    hello: {
      type: 'hello',
      ...(id ? { id } : {}),
      title: document.title,
      ...(canonical ? { canonical } : {}),
    },
    receive: (update) => controller?.receive(update),
    unreachable: () => controller?.unreachable(),
  });
  controller = new HighlighterController({
    session,
    send: (message) => link.send(message),
    selection: () => document.getSelection(),
    mountPalette: (actions) => mountPalette(document, actions),
    reveal: (range) => {
      const rect = range.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > window.innerHeight)
        window.scrollBy({ top: rect.top - window.innerHeight / 3 });
    },
  });
  const onMouseUp = () => controller.selectionDone();
  const onClick = (e: MouseEvent) => {
    const at = caretAt(e.clientX, e.clientY);
    if (at && document.getSelection()?.isCollapsed !== false)
      controller.clicked(at.node, at.offset, { x: e.clientX, y: e.clientY });
  };
  // Kept when the port closes (the worker stopped): the next action connects again.
  document.addEventListener('mouseup', onMouseUp);
  document.addEventListener('click', onClick);
  state.__pageclipHighlighterStop = () => {
    document.removeEventListener('mouseup', onMouseUp);
    document.removeEventListener('click', onClick);
    controller.close();
    link.stop();
  };
  link.start();
}

export default defineUnlistedScript(() => {
  // Called by the background after injecting; as a registered script (granted site) the page
  // loaded it itself and it says hello without an id.
  if (state.__pageclipHighlighter) return;
  state.__pageclipHighlighter = (init) => start(init.id);
});
