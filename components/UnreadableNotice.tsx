import { t } from '../lib/ui/i18n';
import { unreadableReason } from '../lib/ui/unreadable-page';

/**
 * What the popup says on a tab Pageclip cannot read (the browser's own pages, an extension
 * store, the PDF viewer, a page that refused the script): plainly that, why in one line, and
 * whether a bookmark is offered instead. The browser's own error text is never shown.
 */
export function UnreadableNotice(props: { url: string | null; offered: boolean | null }) {
  return (
    <div class="unreadable" role="status">
      <p class="unreadable-title">{t('unreadableTitle')}</p>
      {/* The reason is told from the address: wait for it rather than guess. */}
      {props.offered !== null && <p class="unreadable-why">{t(unreadableReason(props.url).key)}</p>}
      {props.offered === true && <p class="unreadable-why">{t('unreadableOffer')}</p>}
      {props.offered === false && <p class="unreadable-why">{t('unreadableNoBookmark')}</p>}
    </div>
  );
}
