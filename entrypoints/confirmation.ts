/**
 * The on-page confirmation (lib/background/append-confirmation.ts): injected into one tab with
 * `scripting.executeScript({ files })` after a context-menu append or a shortcut, never a
 * content script on every page. It defines one function in the isolated world, which the
 * background calls with the confirmation's id and first view; it holds no token. Wiring only:
 * the card is `components/page-confirmation.ts`, the messages `lib/messaging/confirmation.ts`.
 */
import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { mountConfirmation, type ConfirmationHandle } from '../components/page-confirmation';
import type {
  ConfirmationInit,
  ConfirmationMessage,
  ConfirmationUpdate,
} from '../lib/messaging/confirmation';
import { CONFIRMATION_PORT } from '../lib/messaging/confirmation-port';

interface Shown {
  handle: ConfirmationHandle;
  port: ReturnType<typeof browser.runtime.connect>;
}
const state = globalThis as { __pageclipConfirm?: unknown; __pageclipConfirmShown?: Shown };

function show(init: ConfirmationInit): void {
  // A newer confirmation replaces the one still showing (injected again for the next append).
  const previous = state.__pageclipConfirmShown;
  previous?.handle.remove();
  previous?.port.disconnect();
  const port = browser.runtime.connect({ name: CONFIRMATION_PORT });
  const send = (message: ConfirmationMessage) => {
    try {
      port.postMessage(message);
    } catch {
      // The background is gone (extension reloaded): nothing more to say.
    }
  };
  const handle = mountConfirmation(document, init, {
    onUndo: () => send({ type: 'undo' }),
    onClose: () => {
      send({ type: 'close' });
      port.disconnect();
    },
  });
  port.onMessage.addListener((message: ConfirmationUpdate) => {
    if (message?.type === 'view') handle.update(message.view);
  });
  send({ type: 'hello', id: init.id });
  state.__pageclipConfirmShown = { handle, port };
}

export default defineUnlistedScript(() => {
  state.__pageclipConfirm = show;
});
