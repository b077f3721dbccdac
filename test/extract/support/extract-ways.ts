/**
 * The ways a test runs extraction, each of which must give the same result: working in the
 * page's own DOM (jsdom standing in for the browser); in linkedom (the command line's working
 * document); and as in the extension, the capture serialized where the page is, carried as
 * JSON like an extension message, and parsed back with a `DOMParser` where steps 2–8 run.
 */
import {
  capturePage,
  extract,
  extractCapture,
  parseCapture,
  serializeCapture,
  type ExtractOptions,
  type ExtractResult,
} from '../../../lib/extract';
import { JSDOM } from 'jsdom';
import { linkedomDocument } from '../../../scripts/working-document';

// The extraction document's parser: another window than the page's, as in the extension.
const window = new JSDOM('').window;
const parser = new window.DOMParser();
// Scripts in the browser, the tab's and the extraction document's, have a global DOMParser
// (dom.ts `parseFragment` falls back to it for documents without a window, as ours are).
(globalThis as { DOMParser?: typeof DOMParser }).DOMParser ??= window.DOMParser;

export type ExtractWay = (doc: Document, url: string, options: ExtractOptions) => ExtractResult;

export function serializedExtract(doc: Document, url: string, options: ExtractOptions) {
  const message = JSON.stringify(serializeCapture(capturePage(doc, url, options)));
  const capture = parseCapture(JSON.parse(message), (html) =>
    parser.parseFromString(html, 'text/html'),
  );
  return extractCapture(capture, options);
}

export const EXTRACT_WAYS: [string, ExtractWay][] = [
  ['page DOM', (doc, url, options) => extract(doc, url, options)],
  [
    'linkedom',
    (doc, url, options) => extract(doc, url, { ...options, workingDocument: linkedomDocument }),
  ],
  ['serialized', serializedExtract],
];
