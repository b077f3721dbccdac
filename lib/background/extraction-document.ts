/**
 * Where the extraction's second half runs (lib/extraction/in-document.ts): a document that
 * outlives the clip, so the pipeline's code and patterns stay compiled from one clip to the
 * next. A script injected into the tab is new to every page and pays that cost on each click
 * (docs/architecture.md, "Extraction").
 *
 * - Chromium: the service worker has no DOM, so an offscreen document
 *   (`chrome.offscreen`, reason `DOM_PARSER`) does the work. Opening it takes 120–380 ms, more
 *   than a whole extraction in the tab, so a clip that finds it closed is extracted whole in
 *   the tab, as before, while the document opens for the clips after it; it is closed after
 *   `EXTRACTION_DOCUMENT_IDLE_MS` without a clip, to give its memory back.
 * - Firefox: the background is an event page with a DOM of its own; it extracts itself.
 */
import { browser, type Browser } from 'wxt/browser';
import {
  EXTRACTION_CHANNEL,
  type ExtractionAnswer,
  ExtractionAnswerSchema,
  type ExtractionRequest,
} from '../messaging/extractor';

const DOCUMENT_PATH = '/extraction.html' as const;
export const EXTRACTION_IDLE_ALARM = 'pageclip-extraction-idle';
export const EXTRACTION_DOCUMENT_IDLE_MS = 10 * 60_000;

let opening: Promise<void> | null = null;
let inFlight = 0;
let lastUsed = 0;

async function documentIsOpen(): Promise<boolean> {
  const contexts = await browser.runtime.getContexts({
    contextTypes: ['OFFSCREEN_DOCUMENT' as Browser.runtime.ContextType],
    documentUrls: [browser.runtime.getURL(DOCUMENT_PATH)],
  });
  return contexts.length > 0;
}

/** Marks the document used now: the idle alarm counts from here. */
function touch(): void {
  lastUsed = Date.now();
  void browser.alarms
    .create(EXTRACTION_IDLE_ALARM, { when: lastUsed + EXTRACTION_DOCUMENT_IDLE_MS })
    .catch(() => undefined);
}

/**
 * Whether a clip now can go to the extraction document without waiting for it to open (in
 * Firefox the background is that document).
 */
export async function extractionDocumentIsOpen(): Promise<boolean> {
  if (import.meta.env.FIREFOX) return true;
  return opening === null && (await documentIsOpen());
}

/** Opens the extraction document unless it is open; concurrent callers share one opening. */
export function openExtractionDocument(): Promise<void> {
  if (import.meta.env.FIREFOX) return Promise.resolve();
  opening ??= (async () => {
    if (await documentIsOpen()) return;
    await browser.offscreen.createDocument({
      url: DOCUMENT_PATH,
      reasons: ['DOM_PARSER' as Browser.offscreen.Reason],
      justification: 'Turns the page the user clips into markdown.',
    });
    touch();
  })().finally(() => {
    opening = null;
  });
  return opening;
}

function unreachable(error: unknown): boolean {
  return /receiving end does not exist|could not establish connection/i.test(String(error));
}

/**
 * A runtime message, which every open extension page receives, and not a port: a listener for
 * `runtime.onConnect` in the document would hold an end of every port the content scripts open
 * to the worker, so they would not learn that the worker stopped (docs/development.md).
 */
async function send(request: Omit<ExtractionRequest, 'channel'>): Promise<unknown> {
  await openExtractionDocument();
  return browser.runtime.sendMessage({ channel: EXTRACTION_CHANNEL, ...request });
}

/** Steps 2–8 on the tab's capture, in the extraction document. */
export async function extractInDocument(
  request: Omit<ExtractionRequest, 'channel'>,
): Promise<ExtractionAnswer> {
  // Whether the background parses HTML itself: Firefox's event page can, Chromium's service
  // worker cannot. The build-time constant and a dynamic import keep the pipeline out of
  // Chromium's worker (a static import would bring its modules' top-level code along).
  if (import.meta.env.FIREFOX) {
    const { extractCaptured, parseInert } = await import('../extraction/in-document');
    return extractCaptured(request, parseInert);
  }
  inFlight++;
  try {
    let raw: unknown;
    try {
      raw = await send(request);
    } catch (error) {
      // Closed between the check and the message (the idle alarm, the browser): once more.
      if (!unreachable(error)) throw error;
      raw = await send(request);
    }
    const answer = ExtractionAnswerSchema.safeParse(raw);
    return answer.success
      ? answer.data
      : { ok: false, message: 'The extraction document answered with something unexpected.' };
  } finally {
    inFlight--;
    touch();
  }
}

/** The idle alarm: closes the document unless a clip used it within the idle time. */
export async function onExtractionIdleAlarm(
  alarm: { name: string },
  now = Date.now(),
): Promise<void> {
  if (alarm.name !== EXTRACTION_IDLE_ALARM || import.meta.env.FIREFOX) return;
  // A worker restarted since the last clip knows of none; the alarm is the record then.
  if (inFlight > 0 || (lastUsed && now - lastUsed < EXTRACTION_DOCUMENT_IDLE_MS)) return;
  if (await documentIsOpen()) await browser.offscreen.closeDocument();
}
