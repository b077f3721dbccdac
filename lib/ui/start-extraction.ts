import { t, uiLanguage } from './i18n';
import { sendToBackground, type ResponseOf } from '../messaging';

/**
 * Ask the background to extract the active tab, before the popup renders anything. A failed
 * request becomes an `ok: false` answer so the form can still save a bookmark or a note.
 */
export function startExtraction(doc: Document = document): Promise<ResponseOf<'tab.extract'>> {
  doc.documentElement.lang = uiLanguage();
  doc.title = t('popupTitle');
  return sendToBackground('tab.extract', {}).catch((error: unknown) => ({
    ok: false as const,
    tabId: null,
    problem: {
      code: 'other' as const,
      message: error instanceof Error ? error.message : String(error),
      status: null,
    },
  }));
}
