/**
 * The background worker: wiring only. It alone holds the API token, answers the UI's messages
 * (lib/messaging.ts), runs the outbox, context menus and commands (lib/background/).
 */
import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../lib/background/start-background';

export default defineBackground(() => {
  const ctx = startBackground();
  // The e2e harness drives handlers from the worker (context-menu clicks and commands cannot
  // be automated, see TOOLCHAIN.md); only the e2e build exposes them.
  if (import.meta.env.MODE === 'e2e') (globalThis as { pageclip?: unknown }).pageclip = ctx;
});
