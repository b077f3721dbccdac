/**
 * The extraction's second half: steps 2–8 of the pipeline on the tab's capture. Runs in the
 * extension's extraction document (Chromium's offscreen document, entrypoints/extraction),
 * or in Firefox's background page, which has a DOM of its own: places that live across
 * clips, so the pipeline's code and patterns are compiled once, not once per page
 * (docs/architecture.md, "Extraction"). `parse` must make an inert document (`DOMParser`):
 * the capture is the page's HTML, untrusted; nothing in it may run or load.
 */
import { parseCapture } from '../extract';
import type { ExtractionAnswer, ExtractionRequest } from '../messaging/extractor';
import { clipFromCapture } from './clip-from-capture';

export function extractCaptured(
  request: Pick<ExtractionRequest, 'capture' | 'options'>,
  parse: (html: string) => Document,
): ExtractionAnswer {
  try {
    return {
      ok: true,
      result: clipFromCapture(parseCapture(request.capture, parse), request.options),
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** An inert document from HTML with the browser's own parser. */
export function parseInert(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}
