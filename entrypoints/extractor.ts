/**
 * On-demand extraction script: injected into one tab with `scripting.executeScript({ files })`
 * when the user clips (never a content script on every page). It only defines a function in
 * the isolated world; the background then calls it with `executeScript({ func, args })`, whose
 * return value (the page's capture as plain data, parsed with zod in the background) goes on
 * to the extraction document. It holds no token and sends no messages.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { captureTab } from '../lib/extraction/in-tab';

export default defineUnlistedScript(() => {
  (globalThis as { __pageclipExtract?: unknown }).__pageclipExtract = captureTab;
});
