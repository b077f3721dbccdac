/**
 * On-demand capture script: what the background injects into the clipped tab while the
 * extraction document is open (every clip but the first of a session). It defines the same
 * function as `extractor.js`, without the pipeline's second half: the page's capture only,
 * 14 kB instead of 215 kB for the tab to load at each click. Same rules: injected with
 * `scripting.executeScript({ files })`, called with `executeScript({ func, args })`, its
 * answer parsed with zod; no token, no messages.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { captureTab } from '../lib/extraction/in-tab';

export default defineUnlistedScript(() => {
  (globalThis as { __pageclipExtract?: unknown }).__pageclipExtract = (options: never) =>
    captureTab(options);
});
