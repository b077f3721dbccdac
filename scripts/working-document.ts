import { parseHTML } from 'linkedom';

/**
 * The document Node callers let extraction work in (`ExtractOptions.workingDocument`). The
 * page is parsed with jsdom, the closest to a browser; the pipeline then copies what it
 * keeps into linkedom, where Readability, our cleaning steps and Turndown run about 2.5×
 * faster than in jsdom (measured with `npm run bench:extract`). The extension needs none
 * of this: in the browser the page's own implementation is native and fast.
 */
export function linkedomDocument(): Document {
  return parseHTML('<!DOCTYPE html><html><head></head><body></body></html>')
    .document as unknown as Document;
}
