/**
 * The extractor's body, run inside the clipped tab (see `entrypoints/extractor.ts`). At run
 * time it imports nothing but the pure `lib/extract` and `lib/clip-markdown`: this code ends up
 * in the page's isolated world, so no settings, no messaging, no token. Its options and answer
 * are typed by the contract the background parses them with.
 */
import { withClipMarkdown } from '../clip-markdown/extraction';
import { extract, readPageData, type ClipMode } from '../extract';
import type { ExtractionResult, ExtractorOptions } from '../messaging/extractor';

export function runExtraction(
  options: ExtractorOptions,
  doc: Document = document,
): ExtractionResult {
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
    const result = extract(doc, url, {
      mode,
      selection: mode === 'selection' ? ranges : undefined,
      now: new Date(options.now),
      extraFrontmatter: options.extraFrontmatter,
      embedImages: options.embedImages ?? false,
    });
    const page = readPageData(doc, options.selectors ?? []);
    return { ok: true, selectionAvailable, selectionText, result: withClipMarkdown(result), page };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
