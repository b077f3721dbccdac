/**
 * The extraction document: Chromium's offscreen document (`DOM_PARSER`), opened by the
 * background for a clip and kept for a while after it (lib/background/extraction-document.ts).
 * It runs steps 2–8 of extraction on the capture the tab sent; it holds no token and reaches
 * nothing but `runtime` messaging. Once listening, it extracts a page of its own, so the next
 * clip does not wait for the pipeline's code to compile (lib/extraction/warm-up.ts).
 */
import { browser } from 'wxt/browser';
import { createExtractionListener } from '../../lib/extraction/document-listener';
import { parseInert } from '../../lib/extraction/in-document';
import { warmUpExtraction } from '../../lib/extraction/warm-up';

browser.runtime.onMessage.addListener(createExtractionListener(parseInert));
setTimeout(() => warmUpExtraction(parseInert), 0);
