/**
 * The extraction document's one listener: a port from the background (our own extension,
 * never a tab) carrying one request, parsed against the contract and answered with the
 * extraction. Ports of other names are not for it.
 */
import type { Browser } from 'wxt/browser';
import {
  EXTRACTION_PORT,
  type ExtractionAnswer,
  ExtractionRequestSchema,
} from '../messaging/extractor';
import { isOwnExtensionPage, type Sender } from '../messaging/sender';
import { extractCaptured } from './in-document';

/** The answer to one request: refused unless our own background sent it, checked, extracted. */
export function answerExtraction(
  message: unknown,
  sender: Sender,
  parse: (html: string) => Document,
): ExtractionAnswer {
  if (sender.tab || !isOwnExtensionPage(sender))
    return { ok: false, message: 'Extraction request refused: unknown sender.' };
  const request = ExtractionRequestSchema.safeParse(message);
  if (!request.success) {
    const issue = request.error.issues[0]?.message ?? 'bad data';
    return { ok: false, message: `Malformed extraction request: ${issue}` };
  }
  return extractCaptured(request.data, parse);
}

/** `runtime.onConnect`: each message on the extraction port is answered on that port. */
export function createExtractionConnectListener(parse: (html: string) => Document) {
  return (port: Browser.runtime.Port): void => {
    if (port.name !== EXTRACTION_PORT) return;
    port.onMessage.addListener((message: unknown) => {
      port.postMessage(answerExtraction(message, port.sender ?? {}, parse));
    });
  };
}
