/**
 * Loaded with the page after `highlighter.js` on sites whose access the user granted
 * (lib/background/highlighter-autoload.ts): starts the highlighter without an injected id, so
 * it draws the page's highlights if it has any. Wiring only.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

export default defineUnlistedScript(() => {
  (
    globalThis as { __pageclipHighlighter?: (init: { id?: string }) => void }
  ).__pageclipHighlighter?.({});
});
