import { extractCapture, parseCapture } from '../../lib/extract/index.ts';
import type { CapturedPage } from '../../lib/extract/captured-page.ts';
import { parseInert } from '../../lib/extraction/in-document.ts';
import { warmUpExtraction } from '../../lib/extraction/warm-up.ts';

/**
 * Bundled once into the page that stands in for the extension's extraction document
 * (`bench:extract:browser`, scripts/bench-extract-browser.ts): one page for the whole run, as
 * the offscreen document lives across clips. It takes each capture as the extension message
 * would bring it (JSON) and runs steps 2–8, timed inside the page. Like the extension's, it
 * extracts its own warm-up page once loaded (lib/extraction/warm-up.ts); `--cold` leaves that
 * out, to show what it saves the first page.
 */
const extractionDocument = {
  extract(message: string): { ms: number; chars: number; error: string | null } {
    const start = performance.now();
    try {
      const data = JSON.parse(message) as CapturedPage;
      const result = extractCapture(parseCapture(data, parseInert), {
        mode: 'article',
        now: new Date(0),
      });
      return { ms: performance.now() - start, chars: result.body.length, error: null };
    } catch (error) {
      return { ms: performance.now() - start, chars: 0, error: String(error) };
    }
  },
};

(globalThis as { __pageclipDocument?: typeof extractionDocument }).__pageclipDocument =
  extractionDocument;
if (!(globalThis as { __pageclipCold?: boolean }).__pageclipCold) warmUpExtraction(parseInert);
