import { browser } from 'wxt/browser';
import { t } from '../background/i18n';
import type { OutboxEntry } from './entry';

/**
 * The toolbar badge: the number of failed entries (they wait for the user in the popup), a
 * tooltip saying how many are failed or still queued, and a short flash when a write is
 * confirmed (✓) or fails (!). Called by the background only.
 */
export interface OutboxBadge {
  update(entries: readonly OutboxEntry[]): Promise<void>;
  flash(kind: 'saved' | 'failed'): Promise<void>;
}

const FAILED_COLOR = '#c5221f';
const SAVED_COLOR = '#188038';

type ActionApi = Pick<
  typeof browser.action,
  'setBadgeText' | 'setBadgeBackgroundColor' | 'setTitle'
>;

/** MV3 has `action`; Firefox's MV2 build has `browserAction` with the same badge methods. */
function actionApi(): ActionApi | undefined {
  const b = browser as unknown as { action?: ActionApi; browserAction?: ActionApi };
  return b.action ?? b.browserAction;
}

export function failedCount(entries: readonly OutboxEntry[]): number {
  return entries.filter((e) => e.status === 'failed').length;
}

export function queuedCount(entries: readonly OutboxEntry[]): number {
  return entries.filter((e) => e.status === 'queued' || e.status === 'sending').length;
}

export function createOutboxBadge(opts: { flashMs?: number } = {}): OutboxBadge {
  const flashMs = opts.flashMs ?? 2000;
  let failed = 0;
  let queued = 0;
  let flashing: ReturnType<typeof setTimeout> | null = null;

  const show = async (text: string, color: string, title: string): Promise<void> => {
    const action = actionApi();
    if (!action) return;
    await action.setBadgeBackgroundColor({ color });
    await action.setBadgeText({ text });
    await action.setTitle({ title });
  };
  const showCount = (): Promise<void> =>
    show(
      failed > 0 ? String(Math.min(failed, 999)) : '',
      FAILED_COLOR,
      failed > 0
        ? t('badgeFailed', '$1 clips could not be saved', [String(failed)])
        : queued > 0
          ? t('badgeQueued', '$1 clips waiting to be saved', [String(queued)])
          : t('actionTitle', 'Pageclip'),
    );

  return {
    async update(entries) {
      failed = failedCount(entries);
      queued = queuedCount(entries);
      if (flashing === null) await showCount();
    },
    async flash(kind) {
      if (flashing !== null) clearTimeout(flashing);
      flashing = setTimeout(() => {
        flashing = null;
        showCount().catch(() => undefined);
      }, flashMs);
      if (kind === 'saved') await show('✓', SAVED_COLOR, t('badgeSaved', 'Saved'));
      else {
        const n = String(Math.max(failed, 1));
        await show('!', FAILED_COLOR, t('badgeFailed', '$1 clips could not be saved', [n]));
      }
    },
  };
}
