import type { CapturedPage } from './captured-page';
import { selectionContainer } from './selection';
import { snapshotDocument } from './snapshot';
import type { ExtractOptions } from './types';
import { baseUrlOf } from './urls';

/**
 * The boundary between the two halves of the pipeline. The first (this file) needs the live
 * page, for what only it knows: which elements the reader sees, the selection's ranges, its
 * text as a whole. The second (index.ts, steps 2–8) needs only this capture, so it can run
 * elsewhere: the extension runs it in its own long-lived extraction document, where the
 * pipeline's code and patterns stay compiled from one clip to the next, instead of in a
 * script that is new to every page (docs/architecture.md, "Extraction").
 */

/**
 * Chromium refuses an extension message over 64 MiB of JSON; a copy this long (far past any
 * article: the largest page of the extraction benchmark's 1,327 is under 4 MB) is refused
 * in the tab with a clear message instead.
 */
export const CAPTURED_PAGE_MAX_CHARS = 24_000_000;

export interface PageCapture {
  /** The page's copy, hidden elements marked (snapshot.ts). */
  page: Document;
  url: string;
  /**
   * Length of the live body's text, hidden parts and inline scripts included. Measured on the
   * live page rather than on the copy, which has no scripts: without their text, Readability's
   * shorter results passed as long more often and skipped the check for the page's own article
   * element, and the benchmark found 10 fewer `with` snippets.
   */
  textLength: number;
  /** For a selection clip: the container of the selected blocks, in `page`'s document. */
  selection: Element | null;
}

type CaptureOptions = Pick<ExtractOptions, 'mode' | 'selection' | 'workingDocument'>;

export function capturePage(
  live: Document,
  url: string,
  options: CaptureOptions = {},
): PageCapture {
  // The base URL is read once: finding `<base>` walks the live page. The copy carries it as its
  // own `<base href>`.
  const page = snapshotDocument(live, baseUrlOf(live, url), options.workingDocument);
  const selection =
    options.mode === 'selection' ? selectionContainer(page, live, options.selection ?? []) : null;
  return { page, url, textLength: textLength(live.body), selection };
}

/**
 * The text's length with each run of whitespace counted as one character. Counted from the
 * runs rather than by replacing them: on a large page the replaced copy of the text cost up to
 * 15 ms in Chromium, counting the runs under 2 ms.
 */
function textLength(el: Element | null): number {
  const text = el?.textContent ?? '';
  let length = text.length;
  for (const run of text.match(/\s{2,}/g) ?? []) length -= run.length - 1;
  return length;
}

/**
 * The capture as plain data, to cross from the tab to the extension. The page's inline event
 * handlers (`on…` attributes) are removed from the copy first: no later step reads them, and
 * an extension page parses each one under its content security policy, which checks and
 * reports it as a refused inline script. Chromium took 1.5 s to parse a page with 10,000
 * `onclick` attributes that way, against 60 ms without them.
 */
export function serializeCapture(capture: PageCapture): CapturedPage {
  dropHandlers(capture.page.documentElement);
  if (capture.selection) dropHandlers(capture.selection);
  return {
    html: `<!DOCTYPE html>${capture.page.documentElement.outerHTML}`,
    url: capture.url,
    textLength: capture.textLength,
    selection: capture.selection ? capture.selection.innerHTML : null,
  };
}

// Every attribute whose name starts with "on", found by the engine's own XPath evaluator:
// in Chromium this took 1–3 ms on the benchmark's largest pages, where a walk reading each
// element's attribute names took 4–11 ms.
const HANDLERS = "descendant-or-self::*/@*[starts-with(name(), 'on')]";
// XPathResult.ORDERED_NODE_SNAPSHOT_TYPE; `XPathResult` is no global outside a window.
const ORDERED_NODE_SNAPSHOT_TYPE = 7;

function dropHandlers(root: Element): void {
  const found = root.ownerDocument.evaluate(HANDLERS, root, null, ORDERED_NODE_SNAPSHOT_TYPE, null);
  for (let i = 0; i < found.snapshotLength; i++) {
    const attr = found.snapshotItem(i) as Attr;
    attr.ownerElement?.removeAttributeNode(attr);
  }
}

/**
 * The capture again from plain data. `parse` must make an inert document (`DOMParser`, never
 * one that loads what it holds): the HTML is the page's, untrusted.
 */
export function parseCapture(data: CapturedPage, parse: (html: string) => Document): PageCapture {
  const page = parse(data.html);
  let selection: Element | null = null;
  if (data.selection !== null) {
    // The blocks are parsed by the same inert parser, as a document body of their own.
    const blocks = parse(`<!DOCTYPE html><html><head></head><body>${data.selection}</body></html>`);
    selection = page.createElement('div');
    for (let n = blocks.body.firstChild; n; n = n.nextSibling)
      selection.appendChild(page.importNode(n, true));
  }
  return { page, url: data.url, textLength: data.textLength, selection };
}
