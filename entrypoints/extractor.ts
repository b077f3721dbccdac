/**
 * On-demand extraction script that makes a whole clip: injected into one tab with
 * `scripting.executeScript({ files })` when the user clips while the extraction document is
 * closed (the first clip of a session), never a content script on every page. It only defines
 * a function in the isolated world; the background then calls it with
 * `executeScript({ func, args })` and parses its return value (the clip, or the page's
 * capture, as plain data) with zod. It holds no token and sends no messages. While the
 * extraction document is open, the much smaller `capture.js` is injected instead.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { clipFromCapture } from '../lib/extraction/clip-from-capture';
import { captureTab } from '../lib/extraction/in-tab';

export default defineUnlistedScript(() => {
  (globalThis as { __pageclipExtract?: unknown }).__pageclipExtract = (options: never) =>
    captureTab(options, document, clipFromCapture);
});
