import { parseHTML } from 'linkedom';

/**
 * The document Node callers let extraction work in (`ExtractOptions.workingDocument`). The
 * page is parsed with jsdom, the closest to a browser; the pipeline then copies what it
 * keeps into linkedom, where Readability, our cleaning steps and Turndown run about 2.5×
 * faster than in jsdom (measured with `npm run bench:extract`). The extension needs none
 * of this: in the browser the page's own implementation is native and fast.
 *
 * linkedom is patched (patches/linkedom+0.18.14.patch, applied by `npm install`): its
 * EventTarget gave every node a WeakMap entry holding a new Map for listeners, in the
 * constructor. Extraction never listens to its working document, and those entries were a
 * third of the pipeline's time in Node, mostly the collector's (200 benchmark pages: median
 * 73–76 ms a page without the patch, 41–44 ms with it). The patch makes the map on the first
 * `addEventListener`.
 */
export function linkedomDocument(): Document {
  return parseHTML('<!DOCTYPE html><html><head></head><body></body></html>')
    .document as unknown as Document;
}
