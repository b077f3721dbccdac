import type { Inbox } from '../messaging/notes';
import { t } from './i18n';

/** The default Inbox before its first note: there is no page yet, it is made with the note. */
export function inboxNotMadeYet(inbox: Inbox): boolean {
  return inbox.pageId === null && !inbox.chosen;
}

/** The Inbox's folder in words: "Work / Notes", or the top level. */
export function inboxFolder(inbox: Inbox): string {
  return inbox.folderPath.length > 0 ? inbox.folderPath.join(' / ') : t('folderRoot');
}
