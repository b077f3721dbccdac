import { browser } from 'wxt/browser';
import type { OutboxEntry } from './entry';

/**
 * The toolbar badge: the number of failed entries (they wait for the user in the popup), and a
 * short flash when a write is confirmed (✓) or fails (!). Called by the background only.
 */
export interface OutboxBadge {
  update(entries: readonly OutboxEntry[]): Promise<void>;
  flash(kind: 'saved' | 'failed'): Promise<void>;
}

const FAILED_COLOR = '#c5221f';
const SAVED_COLOR = '#188038';

type ActionApi = Pick<typeof browser.action, 'setBadgeText' | 'setBadgeBackgroundColor'>;

/** MV3 has `action`; Firefox's MV2 build has `browserAction` with the same badge methods. */
function actionApi(): ActionApi | undefined {
  const b = browser as unknown as { action?: ActionApi; browserAction?: ActionApi };
  return b.action ?? b.browserAction;
}

export function failedCount(entries: readonly OutboxEntry[]): number {
  return entries.filter((e) => e.status === 'failed').length;
}

export function createOutboxBadge(opts: { flashMs?: number } = {}): OutboxBadge {
  const flashMs = opts.flashMs ?? 2000;
  let failed = 0;
  let flashing: ReturnType<typeof setTimeout> | null = null;

  const show = async (text: string, color: string): Promise<void> => {
    const action = actionApi();
    if (!action) return;
    await action.setBadgeBackgroundColor({ color });
    await action.setBadgeText({ text });
  };
  const showCount = (): Promise<void> =>
    show(failed > 0 ? String(Math.min(failed, 999)) : '', FAILED_COLOR);

  return {
    async update(entries) {
      failed = failedCount(entries);
      if (flashing === null) await showCount();
    },
    async flash(kind) {
      if (flashing !== null) clearTimeout(flashing);
      flashing = setTimeout(() => {
        flashing = null;
        showCount().catch(() => undefined);
      }, flashMs);
      await show(kind === 'saved' ? '✓' : '!', kind === 'saved' ? SAVED_COLOR : FAILED_COLOR);
    },
  };
}
