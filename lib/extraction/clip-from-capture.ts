import { withClipMarkdown, type ClipExtraction } from '../clip-markdown/extraction';
import { extractCapture, type PageCapture } from '../extract/index';
import type { ClipOptions } from '../messaging/extractor';

/**
 * Steps 2–8 on a capture with the clip's options, and the clip's markdown: the one way a clip
 * is made, whether in the tab (while the extraction document opens) or in that document.
 */
export function clipFromCapture(capture: PageCapture, options: ClipOptions): ClipExtraction {
  const { mode, now, extraFrontmatter, embedImages } = options;
  return withClipMarkdown(
    extractCapture(capture, { mode, now: new Date(now), extraFrontmatter, embedImages }),
  );
}
