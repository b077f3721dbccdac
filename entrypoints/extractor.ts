/**
 * On-demand extraction script: injected into one tab with `scripting.executeScript({ files })`
 * when the user clips (never a content script on every page). It only defines a function in
 * the isolated world; the background then calls it with `executeScript({ func, args })`, whose
 * return value (plain data, parsed with zod in the background) is the extraction result.
 * It holds no token and sends no messages.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { runExtraction } from '../lib/background/run-extraction';

export default defineUnlistedScript(() => {
  (globalThis as { __pageclipExtract?: unknown }).__pageclipExtract = runExtraction;
});
