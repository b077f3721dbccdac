/**
 * The background worker: wiring only. It alone holds the API token, answers the UI's messages
 * (lib/messaging/), runs the outbox, context menus and commands (lib/background/).
 */
import { defineBackground } from 'wxt/utils/define-background';
import { e2eHooks } from '../lib/background/e2e-hooks';
import { startBackground } from '../lib/background/start-background';

export default defineBackground(() => {
  const ctx = startBackground();
  // Dead code outside the e2e build (MODE is replaced at build time), so tree-shaken away.
  if (import.meta.env.MODE === 'e2e')
    (globalThis as { pageclip?: unknown }).pageclip = e2eHooks(ctx);
});
