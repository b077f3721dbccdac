/**
 * The UI's side of `lib/messaging.ts` without zod at run time, so the popup stays within its
 * 40 kB budget: import values from here and types from `lib/messaging`.
 *
 * Why the UI does not parse answers again: the background validates every request against the
 * contract and every answer against its response schema before sending it (see
 * `lib/background/router.ts`), and answers and events reach an extension page only from our
 * own extension (`sendMessage` replies; events are checked below for our extension id and an
 * extension URL, so a content script cannot forge one). Parsing twice would cost the popup
 * ~20 kB of zod and a parse of 5,000 folders per open, for no extra safety.
 */
import { browser } from 'wxt/browser';
import type {
  BackgroundEvent,
  MessageType,
  Problem,
  ProblemCode,
  RequestOf,
  ResponseOf,
} from './messaging';

export const MESSAGE_CHANNEL = 'pageclip/request';
export const EVENT_CHANNEL = 'pageclip/event';

export const HighlightTemplateDefault = '> {{quote}}\n\n— [{{title}}]({{url}}), {{date}}';

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
