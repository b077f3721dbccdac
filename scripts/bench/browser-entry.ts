import { gfm } from '@joplin/turndown-plugin-gfm';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { captureTab } from '../../lib/extraction/in-tab.ts';

/**
 * Bundled into the page by `bench:extract:browser` (scripts/bench-extract-browser.ts): what
 * runs in the clipped tab, timed inside the page.
 *
 * - ours, the tab's half: the extension's own injected code (`captureTab`, what `capture.js`
 *   runs while the extraction document is open) making the capture, serialized to JSON as an
 *   extension message is (kept for the extraction document, document-entry.ts, to take);
 * - plain with clone: Readability + Turndown (+ GFM) on `document.cloneNode(true)`, as
 *   Readability's README prescribes for a live page (it modifies the document it reads);
 * - plain in place: the same on the page itself, which it destroys, so it runs last.
 */

interface Timed {
  ms: number;
  chars: number;
  /** The extractor threw (plain Turndown's GFM plugin does on some tables). */
  error: string | null;
}

let turndown: TurndownService | undefined;

function plain(doc: Document): number {
  turndown ??= new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }).use(gfm);
  const article = new Readability(doc).parse();
  return article?.content ? turndown.turndown(article.content).length : 0;
}

function timed(run: () => number): Timed {
  const start = performance.now();
  try {
    const chars = run();
    return { ms: performance.now() - start, chars, error: null };
  } catch (error) {
    return { ms: performance.now() - start, chars: 0, error: String(error) };
  }
}

const bench = {
  capture: (): Timed =>
    timed(() => {
      const answer = captureTab({ mode: 'article' }, document);
      if (answer.kind !== 'capture')
        throw new Error(answer.kind === 'failed' ? answer.message : 'no capture');
      const message = JSON.stringify(answer.capture);
      (globalThis as { __pageclipCapture?: string }).__pageclipCapture = message;
      return message.length;
    }),
  takeCapture: (): string => (globalThis as { __pageclipCapture?: string }).__pageclipCapture ?? '',
  plainWithClone: (): Timed => timed(() => plain(document.cloneNode(true) as Document)),
  plainInPlace: (): Timed => timed(() => plain(document)),
};

(globalThis as { __pageclipBench?: typeof bench }).__pageclipBench = bench;
