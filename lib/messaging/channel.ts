/**
 * The pages' side of messaging, without zod at run time so the popup stays within its 40 kB
 * budget: UI code imports values from here and only types from the contract modules
 * (`requests.ts`, `events.ts`, and the shapes they are made of).
 *
 * Directions:
 * - page (popup, options) → background: `sendToBackground(type, data)`; the background's router
 *   parses every request and every answer against `RequestSchemas`.
 * - background → pages: broadcast events (`BackgroundEvent`), e.g. "the folder cache was
 *   refreshed", "an outbox entry changed"; pages listen with `onBackgroundEvent`.
 * - The extraction script answers `scripting.executeScript` (see `extractor.ts`); content
 *   scripts never send runtime messages, and the background refuses any message that does not
 *   come from one of our own extension pages.
 *
 * Why the UI does not parse answers again: the background validates every answer against its
 * response schema before sending it (`lib/background/router.ts`), and answers and events reach
 * an extension page only from our own extension (`sendMessage` replies; events are checked
 * below for our extension id and an extension URL, so a content script cannot forge one).
 * Parsing twice would cost the popup ~20 kB of zod and a parse of 5,000 folders per open, for
 * no extra safety. The API token never appears in an answer: only the background holds it.
 */
import { browser } from 'wxt/browser';
import type { BackgroundEvent } from './events';
import type { Problem, ProblemCode } from './problem';
import type { MessageType, RequestOf, ResponseOf } from './requests';

export const MESSAGE_CHANNEL = 'pageclip/request';
export const EVENT_CHANNEL = 'pageclip/event';

/** A failed request: the background's `Problem` (code and message for the UI). */
export class MessageError extends Error {
  readonly code: ProblemCode;
  readonly status: number | null;
  constructor(problem: Problem) {
    super(problem.message);
    this.name = 'MessageError';
    this.code = problem.code;
    this.status = problem.status;
  }
}

/** Send a typed request to the background; resolves with its (background-validated) answer. */
export async function sendToBackground<T extends MessageType>(
  type: T,
  data: RequestOf<T>,
): Promise<ResponseOf<T>> {
  const raw: unknown = await browser.runtime.sendMessage({ channel: MESSAGE_CHANNEL, type, data });
  const envelope = raw as { ok?: unknown; data?: unknown; error?: Problem } | null | undefined;
  if (envelope?.ok === true && 'data' in envelope) return envelope.data as ResponseOf<T>;
  if (envelope?.ok === false && envelope.error && typeof envelope.error.message === 'string') {
    throw new MessageError(envelope.error);
  }
  throw new MessageError({
    code: 'other',
    message: `The background answered "${type}" with something unexpected.`,
    status: null,
  });
}

/** Listen for background events in a UI page; returns the unsubscribe function. */
export function onBackgroundEvent(listener: (event: BackgroundEvent) => void): () => void {
  const ownPages = browser.runtime.getURL('/');
  const handler = (message: unknown, sender: { id?: string; url?: string }) => {
    if (sender.id !== browser.runtime.id || !sender.url?.startsWith(ownPages)) return;
    const m = message as { channel?: unknown; event?: { type?: unknown } } | null;
    if (m?.channel !== EVENT_CHANNEL || typeof m.event?.type !== 'string') return;
    listener(m.event as BackgroundEvent);
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
}
