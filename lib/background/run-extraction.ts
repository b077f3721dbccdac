/**
 * The extractor's body, run inside the clipped tab (see `entrypoints/extractor.ts`). It must
 * import nothing but the pure `lib/extract` and `lib/clip-markdown`: this code ends up in the
 * page's isolated world, so no settings, no messaging, no token.
 */
import { withClipMarkdown, type ClipExtraction } from '../clip-markdown/extraction';
import { extract, type ClipMode } from '../extract';

export interface RunExtractionOptions {
  mode: ClipMode;
  now: string;
  extraFrontmatter: Record<string, string>;
}

export type RunExtractionResult =
  | {
      ok: true;
      selectionAvailable: boolean;
      selectionText: string;
      result: ClipExtraction;
    }
  | { ok: false; message: string };

export function runExtraction(
  options: RunExtractionOptions,
  doc: Document = document,
): RunExtractionResult {
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
    });
    return { ok: true, selectionAvailable, selectionText, result: withClipMarkdown(result) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
