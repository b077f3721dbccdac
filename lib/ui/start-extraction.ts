import { t, uiLanguage } from './i18n';
import { sendToBackground } from '../messaging/channel';
import type { ResponseOf } from '../messaging/requests';

/**
 * `popup.html?tab=ID` names the tab to clip when the popup is not the toolbar popup (opened
 * as a window by the context menu's "Choose…", or as a tab in end-to-end tests, where the
 * active tab would be the popup itself).
 */
export function tabFromQuery(doc: Document): { tabId?: number } {
  const tab = Number(new URLSearchParams(doc.location?.search ?? '').get('tab'));
  return Number.isSafeInteger(tab) && tab > 0 ? { tabId: tab } : {};
}

/**
 * Ask the background to extract the active tab, before the popup renders anything. A failed
 * request becomes an `ok: false` answer so the form can still save a bookmark or a note.
 */
export function startExtraction(doc: Document = document): Promise<ResponseOf<'tab.extract'>> {
  doc.documentElement.lang = uiLanguage();
  doc.title = t('popupTitle');
  return sendToBackground('tab.extract', tabFromQuery(doc)).catch((error: unknown) => ({
    ok: false as const,
    tabId: null,
    problem: {
      code: 'other' as const,
      message: error instanceof Error ? error.message : String(error),
      status: null,
    },
  }));
}
