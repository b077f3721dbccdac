/**
 * On-demand capture script: what the background injects into the clipped tab while the
 * extraction document is open (every clip but the first of a session). It does what
 * `extractor.js` does without the pipeline's second half, under a name of its own: the
 * capture only, 15 kB instead of 215 kB for the tab to load at each click. Same rules:
 * injected with `scripting.executeScript({ files })`, called with `executeScript({ func,
 * args })`, its answer parsed with zod; no token, no messages.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { captureTab } from '../lib/extraction/in-tab';

export default defineUnlistedScript(() => {
  (globalThis as { __pageclipCapture?: unknown }).__pageclipCapture = (options: never) =>
    captureTab(options);
});
