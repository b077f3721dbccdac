import { JSDOM, VirtualConsole } from 'jsdom';

/**
 * Node-side page loading for the command line, benchmarks and tests. The extraction library
 * itself never imports this: in the browser it receives the live `document`. Decoding the
 * bytes is in decode-html.ts, which does not load jsdom.
 */

/**
 * Parses HTML into a `Document` whose URL is `url`, without running scripts or loading
 * resources. jsdom's console output (CSS parse noise) is dropped.
 */
export function parseHtml(html: string, url: string): Document {
  const virtualConsole = new VirtualConsole();
  const dom = new JSDOM(html, { url, virtualConsole, pretendToBeVisual: false });
  return dom.window.document;
}
