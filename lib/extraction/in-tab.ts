/**
 * The extraction's first half, run inside the clipped tab: what only the live page can answer.
 * The copy of what the reader sees (hidden elements marked), the selection, and the page data
 * templates read, as plain data; the rest of the pipeline runs in the extraction document
 * (in-document.ts). Two injected scripts carry it: `capture.js` (entrypoints/capture.ts), this
 * alone, a fifteenth of the size, for every clip the extraction document takes; and
 * `extractor.js` (entrypoints/extractor.ts), which also makes the `whole` clip the background
 * asks for while that document is closed, in one go, with `finish`. At run time it imports
 * nothing but the pure `lib/extract`: this code ends up in the page's isolated world, so no
 * settings, no messaging, no token. Its options and answer are typed by the contract the
 * background parses them with.
 */
import type { ClipExtraction } from '../clip-markdown/extraction';
import {
  CAPTURED_PAGE_MAX_CHARS,
  capturePage,
  serializeCapture,
  type PageCapture,
} from '../extract/capture';
import { readPageData } from '../extract/page-data';
import type { ClipMode } from '../extract/result';
import type { ClipOptions, ExtractorOptions, TabCapture } from '../messaging/extractor';

/** Steps 2–8 and the clip's markdown (`clipFromCapture`), for the script that can make a clip. */
export type ClipFinisher = (capture: PageCapture, options: ClipOptions) => ClipExtraction;

export function captureTab(
  options: ExtractorOptions,
  doc: Document = document,
  finish?: ClipFinisher,
): TabCapture {
  try {
    const selection = doc.getSelection();
    const ranges: Range[] = [];
    // Firefox keeps one range per selected table cell or ctrl-selection; Chromium only one.
    for (let i = 0; selection && i < selection.rangeCount; i++) {
      const range = selection.getRangeAt(i);
      if (!range.collapsed) ranges.push(range);
    }
    const selectionText = ranges
      .map((r) => r.toString())
      .join('\n')
      .trim();
    const selectionAvailable = selectionText.length > 0;
    const mode: ClipMode =
      options.mode === 'selection' && !selectionAvailable ? 'article' : options.mode;
    const url = doc.location?.href ?? '';
    const captured = capturePage(doc, url, {
      mode,
      selection: mode === 'selection' ? ranges : undefined,
    });
    const page = readPageData(doc, options.selectors ?? []);
    const base = { mode, selectionAvailable, selectionText, page };
    if (options.whole) {
      if (!finish) return { kind: 'failed', message: 'this script makes no whole clip' };
      return { kind: 'clip', ...base, result: finish(captured, { mode, ...options.whole }) };
    }
    const capture = serializeCapture(captured);
    const size = capture.html.length + (capture.selection?.length ?? 0);
    if (size > CAPTURED_PAGE_MAX_CHARS)
      return {
        kind: 'failed',
        message: `the page is too large to clip (${Math.round(size / 1e6)} million characters of content; the limit is ${CAPTURED_PAGE_MAX_CHARS / 1e6} million)`,
      };
    return { kind: 'capture', ...base, capture };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
