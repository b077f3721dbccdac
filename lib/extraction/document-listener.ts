/**
 * The extraction document's one listener: a request from the background (our own extension,
 * never a tab) parsed against the contract, answered with the extraction. Everything else on
 * the runtime channel (the background's broadcasts to open pages) is not for it.
 */
import {
  EXTRACTION_CHANNEL,
  type ExtractionAnswer,
  ExtractionRequestSchema,
} from '../messaging/extractor';
import { isOwnExtensionPage, type Sender } from '../messaging/sender';
import { extractCaptured } from './in-document';

export function createExtractionListener(parse: (html: string) => Document) {
  return (
    message: unknown,
    sender: Sender,
    sendResponse: (answer: ExtractionAnswer) => void,
  ): boolean => {
    if ((message as { channel?: unknown } | null)?.channel !== EXTRACTION_CHANNEL) return false;
    if (sender.tab || !isOwnExtensionPage(sender)) {
      sendResponse({ ok: false, message: 'Extraction request refused: unknown sender.' });
      return false;
    }
    const request = ExtractionRequestSchema.safeParse(message);
    if (!request.success) {
      sendResponse({
        ok: false,
        message: `Malformed extraction request: ${request.error.issues[0]?.message ?? 'bad data'}`,
      });
      return false;
    }
    sendResponse(extractCaptured(request.data, parse));
    return false;
  };
}
